import { CategoriesScreen, NewCategoryLink } from '~/features/admin-categories/categories-screen';
import { readCategoryScreen } from '~/features/admin-categories/category-params';
import { AdminPage } from '~/features/admin-layout/admin-page';
import { adminAction } from '~/lib/admin-action.server';
import { api, dataOrThrow } from '~/lib/api.server';
import { formText } from '~/lib/form-outcome.server';
import { apiFormBody } from '~/lib/read-form.server';
import { requireAdmin } from '~/lib/session.server';
import type { Route } from './+types/admin-categories';

export const meta: Route.MetaFunction = () => [{ title: 'Gestion des Catégories — Administration Souk' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const screen = readCategoryScreen(new URL(request.url).searchParams);
  const client = api(context);
  const detailOf = async (id: number | null) => {
    if (id === null) return null;
    const result = await client.get('/admin/categories/:id', { params: { id } });
    // A category deleted meanwhile: the dialog just does not open.
    return result.ok ? result.data : null;
  };
  const [list, details, edited] = await Promise.all([
    client.get('/admin/categories', { query: screen.query }),
    detailOf(screen.details),
    detailOf(typeof screen.edit === 'number' ? screen.edit : null),
  ]);
  return { screen, list: dataOrThrow(list), details, edited };
}

/** The form as the API takes it: the checkbox says yes or no, an empty file input sends no file. */
const categoryBody = (form: FormData) =>
  apiFormBody(form, {
    texts: ['name', 'description', 'parent_id', 'sort_order'],
    checkboxes: ['is_active'],
    files: ['image_main'],
  });

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    save: {
      failure: 'Erreur lors de la sauvegarde de la catégorie',
      run: ({ client, id, form }) =>
        id
          ? client.put('/admin/categories/:id', { params: { id }, body: categoryBody(form) })
          : client.post('/admin/categories', { body: categoryBody(form) }),
    },
    toggle: {
      failure: 'Erreur lors de la mise à jour du statut',
      run: ({ client, id, form }) =>
        client.put('/admin/categories/:id', {
          params: { id },
          body: { is_active: formText(form, 'is_active') === 'true' },
        }),
    },
    delete: {
      failure: 'Erreur lors de la suppression de la catégorie',
      run: ({ client, id }) => client.delete('/admin/categories/:id', { params: { id } }),
    },
  });

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { screen, list, details, edited } = loaderData;
  return (
    <AdminPage title="Gestion des Catégories" actions={<NewCategoryLink />}>
      <CategoriesScreen screen={screen} list={list} details={details} edited={edited} />
    </AdminPage>
  );
}

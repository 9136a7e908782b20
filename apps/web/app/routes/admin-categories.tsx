import { CategoriesScreen, NewCategoryLink } from '~/features/admin-categories/categories-screen';
import { readCategoryScreen } from '~/features/admin-categories/category-params';
import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import { api, dataOrThrow } from '~/lib/api.server';
import { apiFormBody } from '~/lib/api-form-body';
import { type FormHandler, formAction, formText } from '~/lib/form-action';
import { sendPhotosWithProgress } from '~/lib/photo-upload-action';
import type { Route } from './+types/admin-categories';

const DETAILS_ERROR = 'Erreur lors du chargement des détails de la catégorie';

export const meta: Route.MetaFunction = () => [{ title: 'Gestion des Catégories — Administration Souk' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const screen = readCategoryScreen(new URL(request.url).searchParams);
  const client = api(context);
  const detailOf = (id: number | null) =>
    id === null ? null : client.get('/admin/categories/:id', { params: { id } });
  const [list, details, edited] = await Promise.all([
    client.get('/admin/categories', { query: screen.query }),
    detailOf(screen.details),
    detailOf(typeof screen.edit === 'number' ? screen.edit : null),
  ]);
  return {
    screen,
    list: dataOrThrow(list),
    details: details?.ok ? details.data : null,
    // A category deleted meanwhile, or the API failing: the dialog does not open and says why.
    detailsError: details && !details.ok ? DETAILS_ERROR : edited && !edited.ok ? DETAILS_ERROR : null,
    edited: edited?.ok ? edited.data : null,
  };
}

/** The form as the API takes it: the checkbox says yes or no, an empty file input sends no file. */
const categoryBody = (form: FormData) =>
  apiFormBody(form, {
    texts: ['name', 'description', 'parent_id', 'sort_order'],
    checkboxes: ['is_active'],
    files: ['image_main'],
  });

/** The category form, with its picture. */
const saveCategory: FormHandler = {
  failure: 'Erreur lors de la sauvegarde de la catégorie',
  send: ({ client, id, form }) =>
    id
      ? client.put('/admin/categories/:id', { params: { id }, body: categoryBody(form) })
      : client.post('/admin/categories', { body: categoryBody(form) }),
};

// A category form with a picture goes from the browser, to show the upload's progress.
export const clientAction = (args: Route.ClientActionArgs) =>
  sendPhotosWithProgress(args, { save: saveCategory });

export const action = (args: Route.ActionArgs) =>
  formAction(args.request, api(args.context), {
    save: saveCategory,
    toggle: {
      failure: 'Erreur lors de la mise à jour du statut',
      send: ({ client, id, form }) =>
        client.put('/admin/categories/:id', {
          params: { id },
          body: { is_active: formText(form, 'is_active') === 'true' },
        }),
    },
    delete: {
      failure: 'Erreur lors de la suppression de la catégorie',
      send: ({ client, id }) => client.delete('/admin/categories/:id', { params: { id } }),
    },
  });

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { screen, list, details, detailsError, edited } = loaderData;
  return (
    <AdminPage title="Gestion des Catégories" actions={<NewCategoryLink />}>
      <CategoriesScreen
        screen={screen}
        list={list}
        details={details}
        detailsError={detailsError}
        edited={edited}
      />
    </AdminPage>
  );
}

/** A failed load: 'Erreur lors du chargement des catégories'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminLoadError title="Erreur lors du chargement des catégories" error={error} />;
}

import { data } from 'react-router';
import { CategoriesScreen, NewCategoryLink } from '~/features/admin-categories/categories-screen';
import { readCategoryScreen } from '~/features/admin-categories/category-params';
import { AdminPage } from '~/features/admin-layout/admin-page';
import type { ActionOutcome } from '~/lib/action-outcome';
import { api, dataOrThrow } from '~/lib/api.server';
import type { ApiResult } from '~/lib/api-client';
import { formOutcome, formText } from '~/lib/form-outcome.server';
import { readForm } from '~/lib/read-form.server';
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

const FAILURES = {
  save: 'Erreur lors de la sauvegarde de la catégorie',
  toggle: 'Erreur lors de la mise à jour du statut',
  delete: 'Erreur lors de la suppression de la catégorie',
} as const;

/** The form as the API takes it: the checkbox says yes or no, an empty file input sends no file. */
function categoryBody(form: FormData): FormData {
  const body = new FormData();
  for (const field of ['name', 'description', 'parent_id', 'sort_order']) {
    const value = form.get(field);
    if (typeof value === 'string') body.set(field, value);
  }
  body.set('is_active', form.has('is_active') ? 'true' : 'false');
  const image = form.get('image_main');
  if (image instanceof File && image.size > 0) body.set('image_main', image);
  return body;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'id');
  const client = api(context);

  let result: ApiResult<unknown>;
  if (intent === 'save') {
    result = id
      ? await client.put('/admin/categories/:id', { params: { id }, body: categoryBody(form) })
      : await client.post('/admin/categories', { body: categoryBody(form) });
  } else if (intent === 'toggle') {
    result = await client.put('/admin/categories/:id', {
      params: { id },
      body: { is_active: formText(form, 'is_active') === 'true' },
    });
  } else if (intent === 'delete') {
    result = await client.delete('/admin/categories/:id', { params: { id } });
  } else {
    return data({ intent, ok: false, failure: { message: 'Action inconnue' } } satisfies ActionOutcome, {
      status: 400,
    });
  }
  const outcome = formOutcome(result, FAILURES[intent]);
  if (outcome.ok)
    return { intent, ok: true, message: outcome.message ?? 'Enregistré' } satisfies ActionOutcome;
  return data({ intent, ok: false, failure: outcome.failure } satisfies ActionOutcome, {
    status: outcome.status,
  });
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { screen, list, details, edited } = loaderData;
  return (
    <AdminPage title="Gestion des Catégories" actions={<NewCategoryLink />}>
      <CategoriesScreen screen={screen} list={list} details={details} edited={edited} />
    </AdminPage>
  );
}

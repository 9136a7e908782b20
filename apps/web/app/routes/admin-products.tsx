import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import { productListQuery, readProductScreen } from '~/features/admin-products/product-params';
import { ProductsHeaderActions, ProductsScreen } from '~/features/admin-products/products-screen';
import { adminAction } from '~/lib/admin-action.server';
import { api, dataOrThrow } from '~/lib/api.server';
import { apiFormBody } from '~/lib/read-form.server';
import { requireAdmin } from '~/lib/session.server';
import type { Route } from './+types/admin-products';

export const meta: Route.MetaFunction = () => [{ title: 'Gestion des produits — Administration Souk' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const screen = readProductScreen(new URL(request.url).searchParams);
  const client = api(context);
  const editedOf = async (id: number | 'new' | null) => {
    if (typeof id !== 'number') return null;
    const result = await client.get('/admin/products/:id', { params: { id } });
    // A product deleted meanwhile: the form just does not open.
    return result.ok ? result.data : null;
  };
  const [listed, categories, edited] = await Promise.all([
    client.get('/admin/products', { query: productListQuery(screen) }),
    client.get('/admin/categories'),
    editedOf(screen.edit),
  ]);
  let list = dataOrThrow(listed);
  // A page past the end (an old link, the last product of the last page deleted): the last page.
  if (list.products.length === 0 && list.pagination.total > 0 && screen.page > 1) {
    list = dataOrThrow(
      await client.get('/admin/products', {
        query: productListQuery(screen, list.pagination.last_page),
      }),
    );
  }
  const { tree } = dataOrThrow(categories);
  return {
    screen,
    list,
    tree,
    edited,
  };
}

/** The form as the API takes it: the checkbox says yes or no, each picked file is a part of its own. */
const productBody = (form: FormData) =>
  apiFormBody(form, {
    texts: ['name', 'description', 'base_price', 'category_id', 'sort_order'],
    checkboxes: ['is_active'],
    files: ['image_main', 'images'],
  });

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    save: {
      failure: 'Erreur lors de la sauvegarde du produit',
      run: ({ client, id, form }) =>
        id
          ? client.put('/admin/products/:id', { params: { id }, body: productBody(form) })
          : client.post('/admin/products', { body: productBody(form) }),
    },
    delete: {
      failure: 'Erreur lors de la suppression du produit',
      run: ({ client, id }) => client.delete('/admin/products/:id', { params: { id } }),
    },
  });

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { screen, list, tree, edited } = loaderData;
  return (
    <AdminPage title="Gestion des produits" actions={<ProductsHeaderActions />}>
      <ProductsScreen screen={screen} list={list} tree={tree} edited={edited} />
    </AdminPage>
  );
}

/** Spec §8: 'Erreur lors du chargement des produits'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminLoadError title="Erreur lors du chargement des produits" error={error} />;
}

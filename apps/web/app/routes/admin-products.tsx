import { BulkCreateDialog } from '~/features/admin-bulk/bulk-create-dialog';
import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import { MediaManagerDialog } from '~/features/admin-media/media-manager-dialog';
import { productListQuery, readProductScreen } from '~/features/admin-products/product-params';
import { ProductsHeaderActions, ProductsScreen } from '~/features/admin-products/products-screen';
import { VariantsDialog } from '~/features/admin-variants/variants-dialog';
import { api, dataOrThrow } from '~/lib/api.server';
import { apiFormBody } from '~/lib/api-form-body';
import { type FormHandler, type FormRequest, formAction } from '~/lib/form-action';
import { sendPhotosWithProgress } from '~/lib/photo-upload-action';
import { useDropParams } from '~/lib/url-params';
import type { Route } from './+types/admin-products';

export const meta: Route.MetaFunction = () => [{ title: 'Gestion des produits — Administration Souk' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const screen = readProductScreen(new URL(request.url).searchParams);
  const client = api(context);
  const editedOf = async (id: number | 'new' | null) => {
    if (typeof id !== 'number') return null;
    const result = await client.get('/admin/products/:id', { params: { id } });
    // A product deleted meanwhile: the form just does not open.
    return result.ok ? result.data : null;
  };
  const variantsOf = async (id: number | null) => {
    if (id === null) return null;
    const result = await client.get('/admin/products/:id/variants', { params: { id } });
    return result.ok ? result.data : null;
  };
  const mediaOf = async (id: number | null) => {
    if (id === null) return null;
    const result = await client.get('/admin/products/:id/images', { params: { id } });
    return result.ok ? result.data : null;
  };
  const [listed, categories, edited, variants, media] = await Promise.all([
    client.get('/admin/products', { query: productListQuery(screen) }),
    client.get('/admin/categories'),
    editedOf(screen.edit),
    variantsOf(screen.variants),
    mediaOf(screen.media),
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
    variants,
    media,
  };
}

/** The form as the API takes it: the checkbox says yes or no, each picked file is a part of its own. */
const productBody = (form: FormData) =>
  apiFormBody(form, {
    texts: ['name', 'description', 'base_price', 'category_id', 'sort_order'],
    checkboxes: ['is_active'],
    files: ['image_main', 'images'],
  });

/** A radio's or hidden field's 'true'/'false'; absent stays absent. */
const isTrue = (value: FormDataEntryValue | null) => (value === null ? undefined : value === 'true');

/** A variant form's fields, as typed: the API's schema reads the numbers and the empty ones. */
const variantBody = (form: FormData) => {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    name: text('name') ?? '',
    price: text('price') ?? '',
    sku: text('sku'),
    stock_quantity: text('stock_quantity'),
    // Emptied, the order goes back to its default (0), on an edit as on a creation.
    sort_order: text('sort_order') || '0',
    is_active: isTrue(form.get('is_active')),
  };
};

/** The batch table's rows, sent as JSON; anything else reaches the API as is and is refused there. */
const batchRows = (form: FormData): unknown => {
  const value = form.get('variants');
  try {
    return typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    return value;
  }
};

const productOf = ({ form }: FormRequest) => form.get('product_id')?.toString() ?? '';

/** The product form: created, or saved, with its pictures. */
const saveProduct: FormHandler = {
  failure: 'Erreur lors de la sauvegarde du produit',
  send: ({ client, id, form }) =>
    id
      ? client.put('/admin/products/:id', { params: { id }, body: productBody(form) })
      : client.post('/admin/products', { body: productBody(form) }),
};

// A product form with a picture goes from the browser, to show the upload's progress.
export const clientAction = (args: Route.ClientActionArgs) =>
  sendPhotosWithProgress(args, { save: saveProduct });

export const action = (args: Route.ActionArgs) =>
  formAction(args.request, api(args.context), {
    save: saveProduct,
    delete: {
      failure: 'Erreur lors de la suppression du produit',
      send: ({ client, id }) => client.delete('/admin/products/:id', { params: { id } }),
    },
    'variant-save': {
      failure: 'Une erreur est survenue lors de la sauvegarde',
      send: (request) => {
        const { client, id, form } = request;
        const params = { id: productOf(request) };
        return id
          ? client.put('/admin/products/:id/variants/:variantId', {
              params: { ...params, variantId: id },
              body: variantBody(form),
            })
          : client.post('/admin/products/:id/variants', { params, body: variantBody(form) });
      },
    },
    'variant-batch': {
      failure: 'Une erreur est survenue lors de la sauvegarde',
      send: (request) =>
        request.client.post('/admin/products/:id/variants/batch', {
          params: { id: productOf(request) },
          // Whatever the table sent: the API's schema checks it row by row.
          body: { variants: batchRows(request.form) } as never,
        }),
    },
    'variant-toggle': {
      failure: 'Erreur lors du changement de statut',
      send: (request) =>
        request.client.put('/admin/products/:id/variants/:variantId', {
          params: { id: productOf(request), variantId: request.id },
          body: { is_active: isTrue(request.form.get('is_active')) },
        }),
    },
    'variant-delete': {
      failure: 'Erreur lors de la suppression de la variante',
      send: (request) =>
        request.client.delete('/admin/products/:id/variants/:variantId', {
          params: { id: productOf(request), variantId: request.id },
        }),
    },
  });

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { screen, list, tree, edited, variants, media } = loaderData;
  const closeVariants = useDropParams('variants');
  const closeMedia = useDropParams('media');
  const closeBulk = useDropParams('bulk');
  return (
    <AdminPage title="Gestion des produits" actions={<ProductsHeaderActions />}>
      <ProductsScreen screen={screen} list={list} tree={tree} edited={edited} />
      <VariantsDialog key={screen.variants ?? 'closed'} list={variants} onClose={closeVariants} />
      <MediaManagerDialog key={screen.media ?? 'closed'} media={media} onClose={closeMedia} />
      <BulkCreateDialog
        key={screen.bulk ? 'open' : 'closed'}
        open={screen.bulk}
        tree={tree}
        onClose={closeBulk}
      />
    </AdminPage>
  );
}

/** A failed load: 'Erreur lors du chargement des produits'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminLoadError title="Erreur lors du chargement des produits" error={error} />;
}

import { readBannerScreen } from '~/features/admin-banners/banner-params';
import { BannersScreen, NewBannerLink } from '~/features/admin-banners/banners-screen';
import { AdminLoadError, AdminPage } from '~/features/admin-layout/admin-page';
import { api, dataOrThrow } from '~/lib/api.server';
import { apiFormBody } from '~/lib/api-form-body';
import { type FormHandler, formAction, formText } from '~/lib/form-action';
import { sendPhotosWithProgress } from '~/lib/photo-upload-action';
import type { Route } from './+types/admin-banners';

export const meta: Route.MetaFunction = () => [{ title: 'Gestion des Bannières — Administration Souk' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const screen = readBannerScreen(new URL(request.url).searchParams);
  const list = await api(context).get('/admin/banners', { query: screen.query });
  // The relative ages are counted from the moment of this read, so the page hydrates with the same text.
  return { screen, list: dataOrThrow(list), now: new Date().toISOString() };
}

/** The form as the API takes it: the status radio says 'true' or 'false'; an empty file input sends no file. */
const bannerBody = (form: FormData) =>
  apiFormBody(form, {
    texts: ['title', 'subtitle', 'link_url', 'position', 'is_active'],
    checkboxes: [],
    files: ['image'],
  });

/** The banner form, with its picture. */
const saveBanner: FormHandler = {
  failure: 'Erreur lors de la sauvegarde de la bannière',
  send: ({ client, id, form }) =>
    id
      ? client.put('/admin/banners/:id', { params: { id }, body: bannerBody(form) })
      : client.post('/admin/banners', { body: bannerBody(form) }),
};

// A banner form with a picture goes from the browser, to show the upload's progress.
export const clientAction = (args: Route.ClientActionArgs) =>
  sendPhotosWithProgress(args, { save: saveBanner });

export const action = (args: Route.ActionArgs) =>
  formAction(args.request, api(args.context), {
    save: saveBanner,
    toggle: {
      failure: 'Erreur lors de la mise à jour du statut',
      send: ({ client, id, form }) =>
        client.put('/admin/banners/:id', {
          params: { id },
          body: { is_active: formText(form, 'is_active') === 'true' },
        }),
    },
    delete: {
      failure: 'Erreur lors de la suppression de la bannière',
      send: ({ client, id }) => client.delete('/admin/banners/:id', { params: { id } }),
    },
  });

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { screen, list, now } = loaderData;
  return (
    <AdminPage
      title="Gestion des Bannières"
      subtitle="Gérez les bannières publicitaires de votre site"
      actions={<NewBannerLink />}
    >
      <BannersScreen screen={screen} list={list} now={now} />
    </AdminPage>
  );
}

/**
 * The list could not be read: an honest error with 'Réessayer' rather than the original's silent
 * empty list, which an admin would take for "no banner" (docs/decisions/0020).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminLoadError title="Erreur lors du chargement des bannières" error={error} />;
}

import type { AdminBanner, AdminBannerList } from '@souk/domain/admin-banners';
import { countLabel } from '@souk/domain/text';
import { ConfirmDeletion, ConfirmDialog } from '~/components/ui/confirm-dialog';
import { ListEmptyState } from '~/components/ui/list-empty-state';
import { NewItemLink } from '~/components/ui/new-item-link';
import { useDropParams } from '~/lib/url-params';
import { useConfirmedAction } from '~/lib/use-form';
import { BannerCard } from './banner-card';
import { BannerFormDialog } from './banner-form-dialog';
import { type BannerScreen, isFiltering } from './banner-params';
import { BannerToolbar } from './banner-toolbar';

/** 'Nouvelle bannière' (or the empty state's 'Ajouter une bannière'): opens the form (?edit=new). */
export function NewBannerLink({ label = 'Nouvelle bannière' }: { label?: string }) {
  return <NewItemLink>{label}</NewItemLink>;
}

/** The question before a banner is switched on or off (wording: docs/decisions/0020). */
function ConfirmToggle({
  target,
  onConfirm,
  onCancel,
  pending,
}: {
  target: AdminBanner | null;
  onConfirm: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const activate = !target?.active;
  return (
    <ConfirmDialog
      open={target !== null}
      title={activate ? 'Activer la bannière' : 'Désactiver la bannière'}
      message={
        target
          ? activate
            ? `Activer la bannière « ${target.title} » ? Elle sera affichée dans le carrousel de la page d'accueil, à la position ${target.position}.`
            : `Désactiver la bannière « ${target.title} » ? Elle ne sera plus affichée dans le carrousel de la page d'accueil.`
          : ''
      }
      confirmLabel={activate ? 'Activer' : 'Désactiver'}
      onConfirm={onConfirm}
      onCancel={onCancel}
      pending={pending}
    />
  );
}

/** 'Gestion des Bannières': search and status, the count, the cards, the form and the questions. */
export function BannersScreen({
  screen,
  list,
  now,
}: {
  screen: BannerScreen;
  list: AdminBannerList;
  now: string;
}) {
  const toggle = useConfirmedAction('toggle-banner', (banner: AdminBanner) => ({
    intent: 'toggle',
    id: String(banner.id),
    is_active: String(!banner.active),
  }));
  const deletion = useConfirmedAction('delete-banner', (banner: AdminBanner) => ({
    intent: 'delete',
    id: String(banner.id),
  }));
  const close = useDropParams('edit');
  const filtering = isFiltering(screen);
  const { banners } = list;
  const edited = typeof screen.edit === 'number' ? (banners.find((b) => b.id === screen.edit) ?? null) : null;
  const nextPosition = Math.max(-1, ...banners.map((b) => b.position)) + 1;

  return (
    <>
      <BannerToolbar screen={screen} counters={list.counters} />
      <p role="status" className="text-sm text-stone-600">
        {filtering
          ? countLabel(banners.length, 'bannière trouvée', 'bannières trouvées')
          : countLabel(banners.length, 'bannière affichée', 'bannières affichées')}
      </p>
      {banners.length === 0 ? (
        <ListEmptyState
          title="Aucune bannière trouvée"
          filtering={filtering}
          action={<NewBannerLink label="Ajouter une bannière" />}
        >
          {"Ajoutez la première bannière du carrousel de la page d'accueil."}
        </ListEmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {banners.map((banner) => (
            <li key={banner.id}>
              <BannerCard banner={banner} now={now} onToggle={toggle.ask} onDelete={deletion.ask} />
            </li>
          ))}
        </ul>
      )}
      <BannerFormDialog
        key={screen.edit ?? 'closed'}
        open={screen.edit === 'new' || edited !== null}
        banner={edited}
        nextPosition={nextPosition}
        onClose={close}
      />
      <ConfirmToggle
        target={toggle.target}
        onConfirm={toggle.confirm}
        onCancel={toggle.cancel}
        pending={toggle.pending}
      />
      <ConfirmDeletion
        deletion={{ ...deletion, target: deletion.target && { name: deletion.target.title } }}
        noun="la bannière"
      />
    </>
  );
}

import type { AdminBanner } from '@souk/domain/admin-banners';
import { formatLongDate, formatRelativeAge } from '@souk/domain/dates';
import { Link, useLocation } from 'react-router';
import { ActiveBadge } from '~/components/ui/badge';
import { Button, buttonClass } from '~/components/ui/button';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { withParams } from '~/lib/url-params';

/**
 * A banner: its picture or a placeholder, Actif/Inactif, title, link, position and how
 * long ago it was made; edit, toggle and delete (the last two ask first).
 */
export function BannerCard({
  banner,
  now,
  onToggle,
  onDelete,
}: {
  banner: AdminBanner;
  /** When the list was read: the relative age is counted from it (the same text on server and browser). */
  now: string;
  onToggle: (banner: AdminBanner) => void;
  onDelete: (banner: AdminBanner) => void;
}) {
  const { search } = useLocation();
  const headingId = `banner-${banner.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <ResponsiveImage
        image={banner.image}
        alt=""
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        className="aspect-[16/7] w-full bg-stone-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-stone-900">
            {banner.title}
          </h3>
          <ActiveBadge active={banner.active} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-stone-600">Lien</dt>
          <dd className="break-all text-stone-900">
            {banner.link_url ?? <span className="text-stone-500 italic">Aucun lien</span>}
          </dd>
          <dt className="text-stone-600">Position</dt>
          <dd className="text-stone-900">{banner.position}</dd>
          <dt className="text-stone-600">Créée</dt>
          <dd className="text-stone-900">
            <time dateTime={banner.created_at} title={formatLongDate(banner.created_at)}>
              {formatRelativeAge(banner.created_at, now)}
            </time>
          </dd>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link
            to={withParams(search, { edit: banner.id })}
            preventScrollReset
            className={buttonClass('secondary', 'sm')}
            aria-label={`Modifier ${banner.title}`}
          >
            Modifier
          </Link>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onToggle(banner)}
            aria-label={`${banner.active ? 'Désactiver' : 'Activer'} ${banner.title}`}
          >
            {banner.active ? 'Désactiver' : 'Activer'}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => onDelete(banner)}
            aria-label={`Supprimer ${banner.title}`}
          >
            Supprimer
          </Button>
        </div>
      </div>
    </article>
  );
}

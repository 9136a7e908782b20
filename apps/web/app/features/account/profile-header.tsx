import type { User } from '@souk/domain/auth';
import { formatLongDate } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { ORDER_STATUSES, type OrderStatus } from '@souk/domain/order-status';
import { LogoutButton } from '~/components/ui/logout-button';
import { statusBadgeClass } from '~/components/ui/status-badge';
import { STATUS_COUNT_LABELS } from './order-status';

/** 'Mon Compte' header: who, since when, a logout button, two figures and the non-zero status counts. */
export function ProfileHeader({
  user,
  orderCount,
  spent,
  counts,
  phoneDisplay,
}: {
  user: User;
  /** The user's number written out by the server (the storefront does not load the numbering plans). */
  phoneDisplay: string | null;
  orderCount: number | null;
  spent: number | null;
  counts: Record<OrderStatus, number> | null;
}) {
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <section aria-labelledby="profile-title" className="bg-emerald-900 text-white">
      <div className="mx-auto max-w-3xl px-4 pt-6 pb-6">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-semibold tracking-wide text-amber-200 uppercase">Mon Compte</p>
          <LogoutButton className="rounded-full border border-white/40 px-3 py-1.5 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300">
            Déconnexion
          </LogoutButton>
        </div>
        <div className="mt-3 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-amber-400 font-serif text-2xl font-bold text-emerald-950"
          >
            {initial}
          </span>
          <div className="min-w-0 flex-1">
            <h1 id="profile-title" className="font-serif text-2xl leading-tight font-bold break-words">
              {user.name}
            </h1>
            {user.email && <p className="truncate text-sm text-emerald-50">{user.email}</p>}
            {!user.email && phoneDisplay && <p className="text-sm text-emerald-50">{phoneDisplay}</p>}
            <p className="text-sm text-emerald-100">Membre depuis {formatLongDate(user.created_at)}</p>
          </div>
        </div>

        <dl className="mt-5 grid grid-cols-2 gap-3">
          <div className="rounded-2xl bg-white/10 px-4 py-3">
            <dt className="text-sm text-emerald-50">Commandes</dt>
            <dd className="text-2xl font-bold">{orderCount ?? '—'}</dd>
          </div>
          <div className="rounded-2xl bg-white/10 px-4 py-3">
            <dt className="text-sm text-emerald-50">Total dépensé</dt>
            <dd className="text-xl font-bold">{spent === null ? '—' : formatFcfa(spent)}</dd>
            <dd className="text-xs text-emerald-100">Commandes payées</dd>
          </div>
        </dl>

        {counts && ORDER_STATUSES.some((s) => counts[s] > 0) && (
          <ul aria-label="Commandes par statut" className="mt-3 flex flex-wrap gap-2">
            {ORDER_STATUSES.filter((s) => counts[s] > 0).map((s) => (
              <li key={s} className={statusBadgeClass(s)}>
                {STATUS_COUNT_LABELS[s]} : {counts[s]}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

import {
  type AdminCustomer,
  CUSTOMER_ACTION_LABELS,
  CUSTOMER_ACTIONS,
  type CustomerAction,
} from '@souk/domain/admin-customers';
import { formatShortDate } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { countLabel } from '@souk/domain/text';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '~/components/ui/button';
import { ColumnHeaders } from '~/components/ui/column-headers';
import { CustomerStatusBadge } from '~/components/ui/customer-status-badge';
import { withParams } from '~/lib/url-params';
import {
  ActivityText,
  CustomerAvatar,
  CustomerContactLinks,
  displayName,
  lastLoginText,
  lastOrderText,
  phoneText,
  statusAction,
  TierBadge,
} from './customer-parts';

/** A status change asked for: one customer (by name) or the selection. */
export type StatusTarget = { ids: number[]; action: CustomerAction; name: string | null };

/** A row's actions: profile, WhatsApp, e-mail (if any), block or unblock. */
function RowActions({
  customer,
  onStatus,
}: {
  customer: AdminCustomer;
  onStatus: (t: StatusTarget) => void;
}) {
  const { search } = useLocation();
  const name = displayName(customer);
  const action = statusAction(customer);
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={withParams(search, { profile: customer.id, edit: null })}
        preventScrollReset
        aria-label={`Voir le profil de ${name}`}
        className={buttonClass('secondary', 'sm')}
      >
        Profil
      </Link>
      <CustomerContactLinks customer={customer} />
      <Button
        variant={action === 'block' ? 'danger' : 'secondary'}
        size="sm"
        aria-label={`${CUSTOMER_ACTION_LABELS[action]} ${name}`}
        onClick={() => onStatus({ ids: [customer.id], action, name })}
      >
        {CUSTOMER_ACTION_LABELS[action]}
      </Button>
    </div>
  );
}

function SelectBox({
  customer,
  selected,
  onToggle,
}: {
  customer: AdminCustomer;
  selected: boolean;
  onToggle: (id: number) => void;
}) {
  return (
    <input
      type="checkbox"
      className="h-5 w-5 accent-amber-700"
      checked={selected}
      onChange={() => onToggle(customer.id)}
      aria-label={`Sélectionner ${displayName(customer)}`}
    />
  );
}

/** The client column: avatar and crown, name, type, e-mail, registration day. */
function ClientCell({ customer }: { customer: AdminCustomer }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <CustomerAvatar customer={customer} />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-stone-900">
          {displayName(customer)}
          <TierBadge tier={customer.tier} />
        </p>
        <p className="text-sm break-all text-stone-600">{customer.email ?? 'Aucun email'}</p>
        <p className="text-xs text-stone-600">Inscrit le {formatShortDate(customer.created_at)}</p>
      </div>
    </div>
  );
}

/**
 * The selection bar: how many are selected, 'Désélectionner tout', the action select and
 * 'Appliquer', disabled until an action is chosen; it asks before it applies.
 */
function BulkBar({
  chosen,
  onClear,
  onStatus,
}: {
  chosen: AdminCustomer[];
  onClear: () => void;
  onStatus: (t: StatusTarget) => void;
}) {
  const ids = chosen.map((c) => c.id);
  // One customer chosen is asked about by name, as from their row.
  const name = chosen.length === 1 && chosen[0] ? displayName(chosen[0]) : null;
  const [action, setAction] = useState<CustomerAction | ''>('');
  const selectId = useId();
  return (
    <section
      aria-label="Actions groupées"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-3"
    >
      <p className="font-semibold text-stone-900">
        {ids.length} sélectionné{ids.length > 1 ? 's' : ''}
      </p>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Désélectionner tout
      </Button>
      <label htmlFor={selectId} className="sr-only">
        Action groupée
      </label>
      <select
        id={selectId}
        value={action}
        onChange={(event) => setAction(event.currentTarget.value as CustomerAction | '')}
        className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm"
      >
        <option value="">Choisir une action</option>
        {CUSTOMER_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {CUSTOMER_ACTION_LABELS[a]}
          </option>
        ))}
      </select>
      <Button size="sm" disabled={action === ''} onClick={() => action && onStatus({ ids, action, name })}>
        Appliquer
      </Button>
    </section>
  );
}

/**
 * The customers of the page: a table on wide screens, cards below (the same facts), each
 * with its checkbox; the header checkbox selects or clears every row shown.
 */
export function CustomersList({
  customers,
  total,
  selected,
  onSelect,
  onStatus,
}: {
  customers: AdminCustomer[];
  total: number;
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
  onStatus: (t: StatusTarget) => void;
}) {
  const allSelected = customers.length > 0 && customers.every((c) => selected.has(c.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const toggleAll = () => onSelect(allSelected ? new Set() : new Set(customers.map((c) => c.id)));
  const someSelected = !allSelected && customers.some((c) => selected.has(c.id));
  // 'Some of them' is a third state a screen reader announces ('mixed'), set on the element itself.
  const selectAll = ({ label, id }: { label?: string; id?: string }) => (
    <input
      id={id}
      type="checkbox"
      className="h-5 w-5 accent-amber-700"
      checked={allSelected}
      ref={(box) => {
        if (box) box.indeterminate = someSelected;
      }}
      onChange={toggleAll}
      aria-label={label}
    />
  );
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700" aria-live="polite">
        <span>{countLabel(total, 'client trouvé', 'clients trouvés')}</span>
        <span>
          {selected.size} sélectionné{selected.size > 1 ? 's' : ''}
        </span>
        <span>{countLabel(customers.length, 'client affiché', 'clients affichés')}</span>
      </p>
      {selected.size > 0 && (
        <BulkBar
          chosen={customers.filter((c) => selected.has(c.id))}
          onClear={() => onSelect(new Set())}
          onStatus={onStatus}
        />
      )}

      {/* From 1280 px: below, beside the menu, eight columns do not fit and cards read better. */}
      <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white xl:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Clients</caption>
          <thead className="bg-stone-50 text-xs text-stone-700 uppercase">
            <tr>
              <th scope="col" className="p-3">
                {selectAll({ label: 'Tout sélectionner' })}
              </th>
              <ColumnHeaders
                className="p-3"
                columns={['Client', 'Contact', 'Statut', 'Commandes', 'Activité', 'Inscription', 'Actions']}
              />
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {customers.map((customer) => (
              <tr key={customer.id} className={selected.has(customer.id) ? 'bg-amber-50' : undefined}>
                <td className="p-3 align-top">
                  <SelectBox customer={customer} selected={selected.has(customer.id)} onToggle={toggle} />
                </td>
                <td className="max-w-64 p-3 align-top">
                  <ClientCell customer={customer} />
                </td>
                <td className="p-3 align-top">
                  <p className="whitespace-nowrap">{phoneText(customer)}</p>
                  <p className="break-all text-stone-600">{customer.email ?? 'Aucun email'}</p>
                  <p className="text-xs text-stone-600">{lastLoginText(customer)}</p>
                </td>
                <td className="p-3 align-top">
                  <CustomerStatusBadge status={customer.status} />
                  <SpentFigures customer={customer} />
                </td>
                <td className="p-3 align-top">
                  <p className="font-semibold">{customer.orders_count}</p>
                  <p className="text-xs whitespace-nowrap text-stone-600">{lastOrderText(customer)}</p>
                </td>
                <td className="p-3 align-top">
                  <ActivityText customer={customer} />
                </td>
                <td className="p-3 align-top whitespace-nowrap">{formatShortDate(customer.created_at)}</td>
                <td className="p-3 align-top">
                  <RowActions customer={customer} onStatus={onStatus} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="flex flex-col gap-3 xl:hidden">
        <div className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
          {selectAll({ id: 'select-all-customers' })}
          <label htmlFor="select-all-customers">Tout sélectionner</label>
        </div>
        <ul className="flex flex-col gap-3">
          {customers.map((customer) => (
            <li
              key={customer.id}
              className={`flex min-w-0 flex-col gap-3 rounded-2xl border p-3 ${selected.has(customer.id) ? 'border-amber-400 bg-amber-50' : 'border-stone-200 bg-white'}`}
            >
              <div className="flex items-start gap-3">
                <SelectBox customer={customer} selected={selected.has(customer.id)} onToggle={toggle} />
                <ClientCell customer={customer} />
              </div>
              <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                <div>
                  <dt className="text-xs text-stone-600">Contact</dt>
                  <dd>{phoneText(customer)}</dd>
                  <dd className="text-xs text-stone-600">{lastLoginText(customer)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-600">Statut</dt>
                  <dd className="flex flex-wrap items-center gap-2">
                    <CustomerStatusBadge status={customer.status} />
                    <SpentFigures customer={customer} />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-600">Commandes</dt>
                  <dd>
                    {customer.orders_count} · {lastOrderText(customer)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-600">Activité</dt>
                  <dd>
                    <ActivityText customer={customer} />
                  </dd>
                </div>
              </dl>
              <RowActions customer={customer} onStatus={onStatus} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** What the customer's orders amount to (cancelled ones aside), and of it what the shop was paid. */
function SpentFigures({ customer }: { customer: AdminCustomer }) {
  return (
    <span className="mt-1 flex flex-col">
      <span className="font-semibold whitespace-nowrap">{formatFcfa(customer.total_spent)} commandés</span>
      <span className="text-xs whitespace-nowrap text-stone-600">
        dont {formatFcfa(customer.total_paid)} payés
      </span>
    </span>
  );
}

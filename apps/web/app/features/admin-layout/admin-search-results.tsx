import type { AdminSearchResults as Results } from '@souk/domain/admin-catalog';
import { formatFcfa } from '@souk/domain/money';
import { formatPhone } from '@souk/domain/phone-format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActiveBadge } from '~/components/ui/badge';
import { CustomerStatusBadge } from '~/components/ui/customer-status-badge';
import { EmptyState } from '~/components/ui/empty-state';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { OrderStatusBadge } from '~/components/ui/status-badge';
import { AdminPage } from './admin-page';

/** One kind of result: its heading, and the rows leading to its screen. */
function ResultSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">{children}</ul>
    </section>
  );
}

/** What the header's search found: products, categories, orders and customers, each leading to its screen. */
export function AdminSearchResults({ q, results }: { q: string; results: Results | null }) {
  const nothing =
    results &&
    !results.products.length &&
    !results.categories.length &&
    !results.orders.length &&
    !results.customers.length;
  return (
    <AdminPage title={q ? `Recherche : « ${q} »` : 'Recherche'}>
      {!results && (
        <p className="text-stone-700">
          Saisissez un nom de produit ou de catégorie, un numéro de commande, un client, un email ou un
          téléphone dans la recherche.
        </p>
      )}
      {nothing && (
        <EmptyState title="Aucun résultat">
          Aucun produit, aucune catégorie, aucune commande ni aucun client ne correspond à « {q} ».
        </EmptyState>
      )}
      {results && results.products.length > 0 && (
        <ResultSection id="found-products" title="Produits">
          {results.products.map((product) => (
            <li key={product.id}>
              <Link
                to={`/admin/products?search=${encodeURIComponent(product.name)}`}
                className="flex items-center gap-3 p-3 hover:bg-stone-50"
              >
                <ResponsiveImage
                  image={product.image}
                  alt=""
                  sizes="48px"
                  className="h-12 w-12 shrink-0 rounded-lg object-cover"
                />
                <span className="min-w-0 flex-1 truncate font-medium text-stone-900">{product.name}</span>
                <ActiveBadge active={product.is_active} />
              </Link>
            </li>
          ))}
        </ResultSection>
      )}
      {results && results.categories.length > 0 && (
        <ResultSection id="found-categories" title="Catégories">
          {results.categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/admin/categories?details=${category.id}`}
                className="flex items-center gap-3 p-3 hover:bg-stone-50"
              >
                <span className="min-w-0 flex-1 truncate font-medium text-stone-900">
                  {category.parent_name ? `${category.parent_name} › ` : ''}
                  {category.name}
                </span>
                <ActiveBadge active={category.is_active} />
              </Link>
            </li>
          ))}
        </ResultSection>
      )}
      {results && results.orders.length > 0 && (
        <ResultSection id="found-orders" title="Commandes">
          {results.orders.map((order) => (
            <li key={order.id}>
              <Link
                to={`/admin/orders?details=${order.id}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 hover:bg-stone-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words text-stone-900">{order.order_number}</span>
                  <span className="block truncate text-sm text-stone-600">{order.client_name}</span>
                </span>
                <span className="text-sm font-semibold whitespace-nowrap text-stone-900">
                  {formatFcfa(order.total_amount)}
                </span>
                <OrderStatusBadge status={order.status} />
              </Link>
            </li>
          ))}
        </ResultSection>
      )}
      {results && results.customers.length > 0 && (
        <ResultSection id="found-customers" title="Clients">
          {results.customers.map((customer) => (
            <li key={customer.id}>
              <Link
                to={`/admin/customers?search=${encodeURIComponent(customer.name)}&profile=${customer.id}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 hover:bg-stone-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words text-stone-900">{customer.name}</span>
                  <span className="block truncate text-sm text-stone-600">
                    {[customer.whatsapp_phone && formatPhone(customer.whatsapp_phone), customer.email]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <CustomerStatusBadge status={customer.status} />
              </Link>
            </li>
          ))}
        </ResultSection>
      )}
    </AdminPage>
  );
}

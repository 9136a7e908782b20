import { Link } from 'react-router';
import { ADMIN_SECTIONS } from '~/features/admin-layout/admin-nav';
import { AdminPage } from '~/features/admin-layout/admin-page';
import { api, dataOrThrow } from '~/lib/api.server';
import { requireAdmin } from '~/lib/session.server';
import type { Route } from './+types/admin-dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Tableau de bord — Administration Souk' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const [categories, notifications] = await Promise.all([
    api(context).get('/admin/categories'),
    api(context).get('/admin/notifications'),
  ]);
  return {
    userName: user.name,
    counters: dataOrThrow(categories).counters,
    pendingOrders: dataOrThrow(notifications).pending_orders,
  };
}

/**
 * The entry of the back office. The full dashboard (statistics, recent orders, popular products)
 * comes with the orders; until then it shows what the shop already counts, and the way to each
 * section.
 */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counters, pendingOrders, userName } = loaderData;
  const cards = [
    { label: 'Total Produits', value: counters.products, to: '/admin/products' },
    { label: 'Catégories principales', value: counters.main_categories, to: '/admin/categories' },
    { label: 'Sous-catégories', value: counters.subcategories, to: '/admin/categories' },
    { label: 'Commandes en attente', value: pendingOrders, to: '/admin/orders?status=en_attente' },
  ];
  return (
    <AdminPage title="Tableau de bord" subtitle={`Bonjour ${userName}`}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className="flex h-full flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-emerald-700"
            >
              <span className="text-sm text-stone-600">{card.label}</span>
              <span className="text-2xl font-bold text-stone-900">{card.value.toLocaleString('fr-FR')}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="sections" className="flex flex-col gap-3">
        <h2 id="sections" className="text-lg font-semibold text-stone-900">
          Gérer la boutique
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {ADMIN_SECTIONS.filter((s) => s.to !== '/admin').map(({ to, label, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex min-h-14 items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 font-semibold text-stone-900 hover:border-emerald-700"
              >
                <Icon className="h-6 w-6 text-emerald-800" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}

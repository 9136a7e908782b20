import { NavLink } from 'react-router';
import {
  ArchiveIcon,
  BoxIcon,
  DashboardIcon,
  ImageIcon,
  ReceiptIcon,
  TagIcon,
  UsersIcon,
} from './admin-icons';

/** The back office's sections, in the menu's order. */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Tableau de bord', Icon: DashboardIcon, end: true },
  { to: '/admin/products', label: 'Produits', Icon: BoxIcon, end: false },
  { to: '/admin/categories', label: 'Catégories', Icon: TagIcon, end: false },
  { to: '/admin/orders', label: 'Commandes', Icon: ReceiptIcon, end: false },
  { to: '/admin/customers', label: 'Clients', Icon: UsersIcon, end: false },
  { to: '/admin/banners', label: 'Bannières', Icon: ImageIcon, end: false },
  { to: '/admin/backup', label: 'Sauvegarde', Icon: ArchiveIcon, end: false },
] as const;

/** The side menu's links; the current section is marked for sight and for screen readers. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Administration">
      <ul className="flex flex-col gap-1">
        {ADMIN_SECTIONS.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-11 items-center gap-3 rounded-xl px-3 py-2 text-sm font-semibold transition ${
                  isActive ? 'bg-white text-emerald-900 shadow-sm' : 'text-emerald-50 hover:bg-white/10'
                }`
              }
            >
              <Icon className="h-5 w-5 shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

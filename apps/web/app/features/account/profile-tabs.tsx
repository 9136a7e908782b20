import { type KeyboardEvent, useRef } from 'react';
import { Link, useNavigate } from 'react-router';

export const PROFILE_TABS = [
  { id: 'overview', label: 'Aperçu' },
  { id: 'orders', label: 'Mes Commandes' },
  { id: 'settings', label: 'Paramètres' },
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number]['id'];
export const PROFILE_PANEL_ID = 'profile-panel';

export const tabHref = (tab: ProfileTab) => (tab === 'overview' ? '/profile' : `/profile?tab=${tab}`);
export const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;

/**
 * ARIA tabs whose tabs are links (?tab=…), so they work before JavaScript loads; with it,
 * arrows, Home and End move between tabs (roving tabindex) as the APG tabs pattern says.
 */
export function ProfileTabs({ active, pendingOrders }: { active: ProfileTab; pendingOrders: number }) {
  const navigate = useNavigate();
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const index = PROFILE_TABS.findIndex((t) => t.id === active);
    const last = PROFILE_TABS.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = PROFILE_TABS[(target + PROFILE_TABS.length) % PROFILE_TABS.length];
    if (!next) return;
    navigate(tabHref(next.id), { preventScrollReset: true, replace: true });
    refs.current[next.id]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Sections du compte"
      className="grid grid-cols-3 gap-1 rounded-full bg-stone-100 p-1"
      onKeyDown={onKeyDown}
    >
      {PROFILE_TABS.map((tab) => {
        const selected = tab.id === active;
        return (
          <Link
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            id={tabId(tab.id)}
            to={tabHref(tab.id)}
            role="tab"
            aria-selected={selected}
            aria-controls={PROFILE_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            preventScrollReset
            className={`relative flex items-center justify-center rounded-full px-1 py-2.5 text-[13px] font-semibold whitespace-nowrap transition sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
              selected ? 'bg-white text-emerald-900 shadow-sm' : 'text-stone-700 hover:text-stone-950'
            }`}
          >
            {tab.label}
            {tab.id === 'orders' && pendingOrders > 0 && (
              <>
                <span
                  aria-hidden="true"
                  className="absolute -top-1.5 right-0 min-w-5 rounded-full bg-amber-500 px-1.5 text-center text-xs leading-5 font-bold text-stone-950 ring-2 ring-white"
                >
                  {pendingOrders}
                </span>
                <span className="sr-only">, {pendingOrders} en attente</span>
              </>
            )}
          </Link>
        );
      })}
    </div>
  );
}

import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'neutral' | 'warning' | 'danger' | 'info';

/** The pill every badge shares (order statuses included); the tone adds the colours. */
export const BADGE_BASE =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

// Dark text on a pale fill: every pair passes WCAG AA contrast at the badge's small size.
export const BADGE_TONES: Record<BadgeTone, string> = {
  success: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  neutral: 'bg-stone-200 text-stone-800 ring-stone-300',
  warning: 'bg-amber-100 text-amber-950 ring-amber-300',
  danger: 'bg-red-100 text-red-900 ring-red-300',
  info: 'bg-sky-100 text-sky-950 ring-sky-300',
};

/** A short state in words (the colour only repeats what the text says). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${BADGE_BASE} ${BADGE_TONES[tone]}`}>{children}</span>;
}

/** Whether a product, category, banner or account is switched on. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Actif' : 'Inactif'}</Badge>;
}

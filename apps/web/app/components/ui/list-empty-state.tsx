import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';
import { EmptyState } from './empty-state';

/**
 * A list screen with nothing to show. While searching or filtering, the way out is to clear the
 * filters; otherwise the list is empty and `action` adds its first item.
 */
export function ListEmptyState({
  title,
  filtering,
  clear = { to: '?', label: 'Effacer les filtres' },
  action,
  children,
}: {
  title: string;
  filtering: boolean;
  /** Where clearing the filters leads, and the link's words. */
  clear?: { to: string; label: string };
  action?: ReactNode;
  /** What the empty list says when nothing is filtered. */
  children: string;
}) {
  return (
    <EmptyState
      title={title}
      action={
        filtering ? (
          <Link to={clear.to} className={buttonClass('secondary', 'md')}>
            {clear.label}
          </Link>
        ) : (
          action
        )
      }
    >
      {filtering ? 'Essayez de modifier vos filtres de recherche.' : children}
    </EmptyState>
  );
}

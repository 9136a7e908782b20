import { Link, useLocation } from 'react-router';
import { withParams } from '~/lib/url-params';
import { buttonClass } from './button';

/**
 * A list screen's 'Nouveau …' link: opens its create form (?edit=new) over the list, keeping the
 * list's search and filters, without scrolling it away. `close` names other dialogs it replaces.
 */
export function NewItemLink({ children, close = [] }: { children: string; close?: readonly string[] }) {
  const { search } = useLocation();
  const closed = Object.fromEntries(close.map((key) => [key, null]));
  return (
    <Link
      to={withParams(search, { edit: 'new', ...closed })}
      preventScrollReset
      className={buttonClass('primary', 'md')}
    >
      {children}
    </Link>
  );
}

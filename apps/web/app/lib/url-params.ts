import { SEARCH_MAX_LENGTH } from '@souk/domain/limits';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

// A back-office screen keeps its state in its URL (reload and the back button keep it): these read
// its values, falling back to a default rather than to an error page, and write them back.

/** `value` when it is one of `values`, else `fallback`. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The part of a zod schema `parsedOr` uses (the web app does not import zod itself). */
type Parser<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** `value` read by a domain schema (IdSchema, PageSchema…), or `fallback` when the schema refuses it. */
export function parsedOr<T, F>(schema: Parser<T>, value: string | null, fallback: F): T | F {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** Search words (?search=, or `name`), trimmed and cut to what the API takes; none when blank. */
export const searchParam = (params: URLSearchParams, name = 'search') =>
  (params.get(name) ?? '').trim().slice(0, SEARCH_MAX_LENGTH) || undefined;

/** The current URL's search with `changes` applied (null or '' removes a key). */
export function withParams(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/**
 * Closes what `keys` open (a dialog's ?edit=, ?details=): the same page without them, replacing the
 * history entry so Back does not reopen it, and without scrolling the list away.
 */
export function useDropParams(...keys: string[]) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const joined = keys.join(',');
  return useCallback(
    () =>
      navigate(withParams(search, Object.fromEntries(joined.split(',').map((key) => [key, null]))), {
        replace: true,
        preventScrollReset: true,
      }),
    [navigate, search, joined],
  );
}

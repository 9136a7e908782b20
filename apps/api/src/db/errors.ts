/** The error and what it wraps (drizzle puts the database's error in `cause`), outermost first. */
function causes(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    chain.push(e as Record<string, unknown>);
    e = (e as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * A unique violation (PostgreSQL code 23505), looked for through the drivers' wrapping: its
 * constraint, detail and message as one text, to tell which index refused the row; null for any
 * other error.
 */
export function isUniqueViolation(error: unknown): string | null {
  const found = causes(error).find((e) => e.code === '23505');
  if (!found) return null;
  const { detail, constraint, message } = found;
  return `${constraint ?? ''} ${detail ?? ''} ${message ?? ''}`;
}

/** PostgreSQL's SQLSTATE of a database error ('23503'), through the drivers' wrapping; null otherwise. */
export function sqlState(error: unknown): string | null {
  const code = causes(error)
    .map((e) => e.code)
    .find((c) => typeof c === 'string' && /^[0-9][0-9A-Z]{4}$/.test(c));
  return (code as string | undefined) ?? null;
}

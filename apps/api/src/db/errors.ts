/**
 * A unique violation (PostgreSQL code 23505), looked for through the drivers' wrapping (drizzle
 * puts the database's error in `cause`): its constraint, detail and message as one text, to tell
 * which index refused the row; null for any other error.
 */
export function isUniqueViolation(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 3; depth += 1) {
    const { code, detail, constraint, message } = e as Record<string, unknown>;
    if (code === '23505') return `${constraint ?? ''} ${detail ?? ''} ${message ?? ''}`;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

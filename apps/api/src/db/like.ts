import { checkPhone } from '@souk/domain/phone-check';
import { foldText } from '@souk/domain/text';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** `text` as a literal inside a LIKE pattern: its `%`, `_` and `\` match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "contains `text`". */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** The fewest digits a search needs before it is also looked for in phone numbers. */
const PHONE_SEARCH_MIN_DIGITS = 3;

/**
 * "Contains the search" over who someone is (the back office's orders and customers searches):
 * a name, accents and case aside (`f_fold`), other text lower-cased (order number, e-mail), and
 * a phone stored in E.164 once the search holds a few digits: a part of it ('77 111', '221 77')
 * finds '+221771112233', and so does the whole number in any form a customer types it
 * ('77 111 22 33', '+221 77 111 22 33', '00221…'), read as the shop reads numbers. The
 * expressions are those of the trigram indexes (migrations 0007, 0009).
 * Null when the search is empty, or only marks that fold to nothing.
 */
export function contactSearch(
  search: string | undefined,
  columns: { name: AnyColumn; lowered: AnyColumn; phone: AnyColumn },
): SQL | null {
  const folded = foldText(search ?? '');
  if (!folded) return null;
  const like = containsPattern(folded);
  const matches = [sql`f_fold(${columns.name}) like ${like}`, sql`lower(${columns.lowered}) like ${like}`];
  const whole = checkPhone(folded);
  const digits = whole.ok ? whole.e164.slice(1) : folded.replace(/\D/g, '');
  if (digits.length >= PHONE_SEARCH_MIN_DIGITS)
    matches.push(sql`${columns.phone} like ${containsPattern(digits)}`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

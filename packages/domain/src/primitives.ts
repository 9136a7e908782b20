import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY, PRICE_MAX } from './limits.ts';
import { formatFcfa } from './money.ts';
import { QUANTITY_NOT_WHOLE, QUANTITY_TOO_LARGE, QUANTITY_TOO_SMALL } from './quantity.ts';
import { parseFcfaAmount } from './typed-amount.ts';

// One schema per kind of value (docs/architecture.md). Every id, price and quantity an API route or a
// web loader reads goes through these, so a value the database cannot hold is refused with a
// French message before any SQL runs.

/** PostgreSQL `integer` (int4): the upper bound of every id and amount column. */
export const INT4_MAX = 2_147_483_647;

const DIGITS = /^-?\d{1,20}$/;

/**
 * A whole number, from JSON (a number) or from a URL (decimal digits). Nothing is coerced: an
 * array, a boolean, '', '1e3', '0x10' or '1.5' is refused with `message`.
 */
export const wholeNumber = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(DIGITS).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int({ error: message }));

/** Any whole number, e.g. a quantity typed in a form before its bounds are checked. */
export const WholeNumberSchema = wholeNumber('Nombre entier attendu');

/** A URL segment made of digits only, whatever its size ('12', '99999999999'). */
export const isDigits = (value: string) => /^\d+$/.test(value);

/** A row id: a positive int4. `message` names what it identifies ('ID de produit invalide'). */
export const idSchema = (message = 'Identifiant invalide') =>
  wholeNumber(message).pipe(z.number().min(1, { error: message }).max(INT4_MAX, { error: message }));
export const IdSchema = idSchema();

export const PRICE_TOO_HIGH = `Le prix ne peut pas dépasser ${formatFcfa(PRICE_MAX)}`;

/** A price in whole FCFA (XOF has no minor unit), from 0 to PRICE_MAX. */
export const priceSchema = (message = 'Le prix doit être un nombre entier de FCFA') =>
  wholeNumber(message).pipe(z.number().min(0, { error: message }).max(PRICE_MAX, { error: PRICE_TOO_HIGH }));
export const PriceSchema = priceSchema();

/**
 * A price the back office types: whole FCFA from 1 to PRICE_MAX, a number from JSON or text as
 * she writes it ('3 500', '3.500 FCFA': parseFcfaAmount), so the API and the forms read '3.500' as
 * 3500 alike. `message` says how to write it (howToWriteAmount).
 */
export const typedPriceSchema = (message: string) =>
  z
    .union([z.number(), z.string().transform((text) => parseFcfaAmount(text) ?? Number.NaN)], {
      error: message,
    })
    .pipe(
      z
        .number({ error: message })
        .int({ error: message })
        .min(1, { error: message })
        .max(PRICE_MAX, { error: PRICE_TOO_HIGH }),
    );

/** How many units of one cart line: 1 to CART_LINE_MAX_QUANTITY. */
export const QuantitySchema = wholeNumber(QUANTITY_NOT_WHOLE).pipe(
  z.number().min(1, { error: QUANTITY_TOO_SMALL }).max(CART_LINE_MAX_QUANTITY, { error: QUANTITY_TOO_LARGE }),
);

/** A page number of a paginated list. */
export const PageSchema = wholeNumber('Page invalide').pipe(
  z.number().min(1, { error: 'Page invalide' }).max(INT4_MAX, { error: 'Page invalide' }),
);

/** PostgreSQL text cannot hold U+0000: requests carrying it are refused (see the API's guard). */
export const NUL_CHARACTER_MESSAGE = 'Caractère invalide (NUL) dans la requête';
export const containsNul = (value: string) => value.includes('\u0000');

/**
 * A yes/no from JSON (a boolean) or from a form field ('true'/'false', a checkbox's 'on', '1'/'0').
 * Anything else is refused with `message`.
 */
export const booleanField = (message: string) =>
  z.union(
    [
      z.boolean(),
      z
        .enum(['true', 'false', 'on', 'off', '1', '0'])
        .transform((value) => value === 'true' || value === 'on' || value === '1'),
    ],
    { error: message },
  );

/**
 * What a change did when it only switched something on or off (true: on, false: off), read from
 * its request's fields and picture; undefined when it changed anything else, so the answer says
 * 'activée' or 'désactivée' only for the toggle.
 */
export const switchedTo = (fields: { is_active?: boolean }, picture?: unknown): boolean | undefined =>
  !picture && Object.keys(fields).every((key) => key === 'is_active') ? fields.is_active : undefined;

/** A sort order: a whole number from 0 (first) up to int4. */
export const sortOrderSchema = (message = "L'ordre d'affichage doit être un nombre entier positif ou nul") =>
  wholeNumber(message).pipe(z.number().min(0, { error: message }).max(INT4_MAX, { error: message }));

/** Optional text that a form sends as '' when left empty: '' and spaces become null. */
export const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((value) => (value ? value : null));

/** An optional id that a form's empty select sends as '': '' becomes null. */
export const optionalId = (message: string) =>
  z.union([z.literal('').transform(() => null), z.null(), idSchema(message)]);

import { isIP } from 'node:net';
import { CART_LINE_MAX_QUANTITY, DEFAULT_LARGE_QUANTITY } from '@souk/domain/limits';
import { isShopCountry, readPhone } from '@souk/domain/phone';
import {
  DEFAULT_AGENCY_ADDRESS,
  DEFAULT_AGENCY_HOURS,
  DEFAULT_AGENCY_LOCATION,
  DEFAULT_DELIVERY_TERMS,
  DEFAULT_SHOP_WHATSAPP_NUMBER,
} from '@souk/domain/shop';
import { z } from 'zod';

// How each environment variable is read: its default, its bounds, its French message when it is
// wrong. config.ts turns the parsed values into the shop's configuration.

const DURATION_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const MAX_UNPAID_ORDER_TIMEOUT_MS = 365 * DURATION_UNITS_MS.d;

/** '20s', '30m', '72h', '7d' in milliseconds; '0' is 0; anything else null. */
function parseDuration(value: string): number | null {
  if (value === '0') return 0;
  const match = /^(\d{1,6})\s*([smhd])$/.exec(value.trim().toLowerCase());
  if (!match) return null;
  return Number(match[1]) * DURATION_UNITS_MS[match[2] as keyof typeof DURATION_UNITS_MS];
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

// proxy-addr's names for ranges, accepted by Fastify's trustProxy next to addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies may set the client address through X-Forwarded-For, in Fastify's `trustProxy` terms:
 * unset (none: the connecting address is the client), a comma list of proxy addresses, CIDRs or
 * 'loopback'/'linklocal'/'uniquelocal' (the client is the last address before a trusted proxy), or
 * 'true'/'1' (every hop: only behind a proxy that overwrites the header, since the first address is
 * whatever the client sent). Fastify ignores hop counts, so a number other than 1 is refused.
 */
const TrustProxySchema = optionalText.transform((value, ctx): boolean | string[] => {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: "TRUST_PROXY attend 'true' ou les adresses/CIDR des proxys, séparées par des virgules",
  });
  return z.NEVER;
});

/**
 * An IANA zone name ('Africa/Douala', or 'UTC'). Not an offset ('+01:00') nor a legacy name
 * ('CET'): Intl accepts them, but PostgreSQL reads '+01:00' as UTC−1 (POSIX), so the pages and the
 * SQL would disagree by two hours.
 */
const IANA_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
const isTimeZone = (name: string) => IANA_ZONES.has(name);

/** The zones of a country (Node's Intl: 'SN' → Africa/Dakar; 'CD' → Kinshasa and Lubumbashi). */
export const countryTimeZones = (country: string): string[] =>
  (
    new Intl.Locale(`und-${country}`) as Intl.Locale & { getTimeZones(): string[] | undefined }
  ).getTimeZones() ?? [];

const attemptMax = (name: string) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^[1-9]\d*$/, { error: `${name} doit être un nombre entier positif` })
      .transform(Number)
      .optional(),
  );

/** A whole number of `unit` ('de mégaoctets (64)') between `min` and `max`, refused in French otherwise. */
const wholeNumber = (name: string, unit: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} doit être un nombre entier ${unit}` })
    .int({ error: `${name} doit être un nombre entier ${unit}` })
    .min(min, { error: `${name} doit être au moins ${min}` })
    .max(max, { error: `${name} doit être au plus ${max}` });

/**
 * Words the pages and the status messages show as the owner wrote them: on one line (a message
 * gives each its own line) and short enough to read on a phone; the demo shop's when unset.
 */
const shownText = (name: string, max: number, fallback: string) =>
  optionalText.pipe(
    z
      .string()
      .max(max, { error: `${name} ne doit pas dépasser ${max} caractères` })
      .regex(/^\P{Cc}*$/u, { error: `${name} doit tenir sur une seule ligne` })
      .default(fallback),
  );

/** An id Meta gives (a phone number's, a WhatsApp Business Account's): digits only. */
const metaId = (name: string) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,30}$/, { error: `${name} doit être l'identifiant numérique donné par Meta` })
      .optional(),
  );

/**
 * A provider's API address: https, since a secret travels in its headers; plain http only to this
 * machine (a local simulator).
 */
const providerUrl = (name: string) =>
  optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: `${name} doit être une URL https://…` })
      .refine((url) => url.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url), {
        error: `${name} doit être une URL https:// (http:// seulement vers cette machine)`,
      })
      .optional(),
  );

/** An optional code, normalised by `normal` and refused in French unless it matches `pattern`. */
const code = (name: string, normal: (value: string) => string, pattern: RegExp, what: string) =>
  optionalText.pipe(
    z
      .string()
      .transform(normal)
      .pipe(z.string().regex(pattern, { error: `${name} doit être ${what}` }))
      .optional(),
  );
/** A currency's three letters, in capitals. */
const currencyCode = (name: string, what: string) => code(name, (v) => v.toUpperCase(), /^[A-Z]{3}$/, what);

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./var'),
  DATABASE_URL: optionalText.pipe(z.url({ error: 'DATABASE_URL doit être une URL postgres://…' }).optional()),
  PUBLIC_URL: optionalText.pipe(z.url({ error: 'PUBLIC_URL doit être une URL http(s)://…' }).optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Souk <boutique@souk.local>'),
  // International, with or without '+' ('221770000000', '+221 77 000 00 00'); kept in E.164.
  SHOP_WHATSAPP_NUMBER: z
    .string()
    .default(DEFAULT_SHOP_WHATSAPP_NUMBER)
    .transform((value, ctx) => {
      // No country to read it in: only a number with its country code is one.
      const reading = readPhone(value, '');
      if (reading.ok) return reading.e164;
      ctx.addIssue({
        code: 'custom',
        message:
          'SHOP_WHATSAPP_NUMBER doit être un numéro international valide, indicatif compris (221770000000)',
      });
      return z.NEVER;
    }),
  SHOP_COUNTRY: optionalText.pipe(
    z
      .string()
      .transform((v) => v.toUpperCase())
      .refine(isShopCountry, {
        error: 'SHOP_COUNTRY doit être un code pays ISO à deux lettres (SN, CI, CM…)',
      })
      .optional(),
  ),
  SHOP_TIME_ZONE: optionalText.pipe(
    z
      .string()
      .refine(isTimeZone, { error: 'SHOP_TIME_ZONE doit être un fuseau IANA (Africa/Dakar, Africa/Douala…)' })
      .optional(),
  ),
  AGENCY_LOCATION: z.string().default(DEFAULT_AGENCY_LOCATION),
  AGENCY_ADDRESS: shownText('AGENCY_ADDRESS', 160, DEFAULT_AGENCY_ADDRESS),
  AGENCY_HOURS: shownText('AGENCY_HOURS', 80, DEFAULT_AGENCY_HOURS),
  // What the storefront and the messages say of delivery (docs/decisions/0026).
  DELIVERY_TERMS: shownText('DELIVERY_TERMS', 80, DEFAULT_DELIVERY_TERMS),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText,
  TRUST_PROXY: TrustProxySchema,
  // Signs the shop's cookies (docs/decisions/0012); unset, a key kept in DATA_DIR/cookie-secret.
  COOKIE_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'COOKIE_SECRET doit compter au moins 32 caractères' }).optional(),
  ),
  // Seals every backup (docs/decisions/0044); the keys of before a rotation, comma-separated, to
  // restore the archives they sealed. Unset: archives unprotected, the back office says so.
  BACKUP_KEY: optionalText.pipe(
    z.string().min(32, { error: 'BACKUP_KEY doit compter au moins 32 caractères' }).optional(),
  ),
  BACKUP_PREVIOUS_KEYS: optionalText.pipe(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .refine((keys) => keys.every((key) => key.length >= 32), {
        error: 'BACKUP_PREVIOUS_KEYS : chaque clé doit compter au moins 32 caractères',
      })
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z.url({ protocol: /^rediss?$/, error: 'REDIS_URL doit être une URL redis://…' }).optional(),
  ),
  AUTH_RATE_LIMIT_MAX: attemptMax('AUTH_RATE_LIMIT_MAX'),
  AUTH_RATE_LIMIT_IP_MAX: attemptMax('AUTH_RATE_LIMIT_IP_MAX'),
  ORDER_RATE_LIMIT_MAX: attemptMax('ORDER_RATE_LIMIT_MAX'),
  ORDER_RATE_LIMIT_IP_MAX: attemptMax('ORDER_RATE_LIMIT_IP_MAX'),
  // Megabytes the cache of public catalogue reads may hold in each server process (ADR 0023).
  RESPONSE_CACHE_MB: wholeNumber('RESPONSE_CACHE_MB', 'de mégaoctets (64)', 1, 4096).default(64),
  // Above this many units of one product, 'Ajouter au panier' asks once (docs/decisions/0039).
  LARGE_QUANTITY_CONFIRM: wholeNumber(
    'LARGE_QUANTITY_CONFIRM',
    'd’unités (20)',
    1,
    CART_LINE_MAX_QUANTITY,
  ).default(DEFAULT_LARGE_QUANTITY),
  // Server processes `npm start` runs on one port (Node's cluster), docs/decisions/0033.
  WEB_CONCURRENCY: wholeNumber('WEB_CONCURRENCY', 'de processus (1, 2, 4…)', 1, 64).default(1),
  // An order still waiting and unpaid this long after it was placed is cancelled by the shop
  // (docs/decisions/0034); 0 never cancels.
  UNPAID_ORDER_TIMEOUT: z
    .string()
    .trim()
    .default('72h')
    .transform((value, ctx) => {
      const ms = parseDuration(value);
      if (ms !== null && ms <= MAX_UNPAID_ORDER_TIMEOUT_MS) return ms;
      ctx.addIssue({
        code: 'custom',
        message:
          'UNPAID_ORDER_TIMEOUT doit être une durée comme 20s, 30m, 72h ou 7d (au plus 365d ; 0 : jamais)',
      });
      return z.NEVER;
    }),
  // Before an order is released unpaid, its customer is reminded this long ahead (0: never); set,
  // refused unless shorter than UNPAID_ORDER_TIMEOUT; unset, 24 h, or halfway for a timeout under 48 h
  // (loadConfig).
  UNPAID_REMINDER_BEFORE: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const ms = parseDuration(value);
        if (ms !== null && ms <= MAX_UNPAID_ORDER_TIMEOUT_MS) return ms;
        ctx.addIssue({
          code: 'custom',
          message: 'UNPAID_REMINDER_BEFORE doit être une durée comme 30m, 24h ou 2d (0 : pas de rappel)',
        });
        return z.NEVER;
      })
      .optional(),
  ),
  // WhatsApp Business Cloud API (docs/decisions/0041): the five values Meta gives a shop, all or
  // none (loadConfig says which are missing); the Graph API's address, its version pinned.
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: metaId('WHATSAPP_PHONE_NUMBER_ID'),
  WHATSAPP_BUSINESS_ACCOUNT_ID: metaId('WHATSAPP_BUSINESS_ACCOUNT_ID'),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_API_URL: providerUrl('WHATSAPP_API_URL'),
  // The shop's currency as the payment providers name it (ISO 4217); unset, its country's franc
  // (XOF, XAF: docs/decisions/0043).
  SHOP_CURRENCY: currencyCode('SHOP_CURRENCY', 'un code de devise ISO à trois lettres (XOF, XAF)'),
  // Wave's Checkout API (docs/decisions/0043): the key and the webhook's secret Wave's business
  // portal gives, both or neither; its address, Wave's own by default.
  WAVE_API_KEY: optionalText,
  WAVE_WEBHOOK_SECRET: optionalText,
  WAVE_API_URL: providerUrl('WAVE_API_URL'),
  // Orange Money's Web Payment (docs/decisions/0043): the application's OAuth pair and the merchant
  // key Orange's developer portal gives, all or none; the country of the API's path ('sn', 'ci'…,
  // 'dev' for the sandbox; the shop's by default), its address, and the sandbox's own currency.
  ORANGE_MONEY_CLIENT_ID: optionalText,
  ORANGE_MONEY_CLIENT_SECRET: optionalText,
  ORANGE_MONEY_MERCHANT_KEY: optionalText,
  ORANGE_MONEY_COUNTRY: code(
    'ORANGE_MONEY_COUNTRY',
    (v) => v.toLowerCase(),
    /^([a-z]{2}|dev)$/,
    "le code du pays de l'API (sn, ci, cm…) ou dev pour le bac à sable",
  ),
  ORANGE_MONEY_API_URL: providerUrl('ORANGE_MONEY_API_URL'),
  ORANGE_MONEY_CURRENCY: currencyCode(
    'ORANGE_MONEY_CURRENCY',
    'un code de trois lettres (OUV dans le bac à sable)',
  ),
  // The owner's and staff's WhatsApp numbers told of each new order, separated by commas (read in
  // the shop's country, as customers type them).
  ORDER_NOTIFY_WHATSAPP: optionalText,
  // Who hears of each new order by e-mail, separated by commas; by default every admin with an e-mail.
  ORDER_NOTIFY_EMAIL: optionalText.pipe(
    z
      .string()
      .transform((v) => v.split(/[,;\s]+/).filter(Boolean))
      .pipe(
        z
          .array(
            z.email({
              error: 'ORDER_NOTIFY_EMAIL doit être une liste d’adresses e-mail séparées par des virgules',
            }),
          )
          .max(20, { error: 'ORDER_NOTIFY_EMAIL : au plus 20 adresses' }),
      )
      .optional(),
  ),
  // What a new database starts with (README, Configuration): the demo shop with its customers and
  // two months of orders, only its catalogue, or nothing (a real shop's first start).
  SEED: z
    .enum(['demo', 'catalogue', 'none'], { error: 'SEED doit valoir demo, catalogue ou none' })
    .default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The ffmpeg and ffprobe to run (video uploads); by default those of the PATH. */
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
});

/** The error that stops the start, naming the setting and what is wrong with it, in French. */
export const invalid = (name: string, message: string) =>
  new Error(`Configuration invalide :\n  ${name}: ${message}`);

import path from 'node:path';
import type { ShopContact } from '@souk/domain/order-messages';
import { phoneCountry, phoneExample, readPhone } from '@souk/domain/phone';
import { formatPhone } from '@souk/domain/phone-format';
import type { ShopLocale } from '@souk/domain/shop-locale';
import type { z } from 'zod';
import { ConfigSchema, countryTimeZones, invalid } from './config-env.ts';
import { type ORANGE_MONEY_SETTINGS, type PaymentsConfig, paymentsConfig } from './config-payments.ts';
import { type VideoTools, videoTools } from './modules/media/video-pipeline.ts';
import type { AttemptLimitsOverride } from './plugins/rate-limit.ts';

type Parsed = z.infer<typeof ConfigSchema>;
export type Config = Omit<
  Parsed,
  | 'SHOP_COUNTRY'
  | 'SHOP_TIME_ZONE'
  | 'TRUST_PROXY'
  | 'AUTH_RATE_LIMIT_MAX'
  | 'AUTH_RATE_LIMIT_IP_MAX'
  | 'ORDER_RATE_LIMIT_MAX'
  | 'ORDER_RATE_LIMIT_IP_MAX'
  | 'UNPAID_ORDER_TIMEOUT'
  | 'UNPAID_REMINDER_BEFORE'
  | 'ORDER_NOTIFY_EMAIL'
  | (typeof WHATSAPP_SETTINGS)[number]
  | 'WHATSAPP_API_URL'
  | 'ORDER_NOTIFY_WHATSAPP'
  | 'SHOP_CURRENCY'
  | 'WAVE_API_KEY'
  | 'WAVE_WEBHOOK_SECRET'
  | 'WAVE_API_URL'
  | (typeof ORANGE_MONEY_SETTINGS)[number]
  | 'ORANGE_MONEY_COUNTRY'
  | 'ORANGE_MONEY_API_URL'
  | 'ORANGE_MONEY_CURRENCY'
  | 'BACKUP_KEY'
  | 'BACKUP_PREVIOUS_KEYS'
> & {
  /** BACKUP_KEY and BACKUP_PREVIOUS_KEYS: what seals a backup, and what a restore checks it with. */
  backupKeys: { current: string | null; previous: string[] };
  /** The payment providers the shop takes payments through, and its currency (docs/decisions/0043). */
  payments: PaymentsConfig;
  /** UNPAID_REMINDER_BEFORE: how long before its release an unpaid order's customer is reminded (0: never). */
  unpaidReminderBeforeMs: number;
  /** The WhatsApp Business Cloud API, when the shop configured it; null: the owner's taps alone. */
  whatsapp: WhatsappConfig | null;
  /** ORDER_NOTIFY_EMAIL; null: every admin account with an e-mail. */
  orderNotifyEmails: string[] | null;
  /**
   * The shop's number, agency, delivery terms and UNPAID_ORDER_TIMEOUT in milliseconds (0: unpaid
   * orders are never cancelled by the shop), as its pages and messages to customers give them.
   */
  shopContact: ShopContact;
  dataDir: string;
  mediaDir: string;
  /** Uploads being received (videos streamed to disk), never served: DATA_DIR/tmp. */
  tmpDir: string;
  /** Uploaded videos waiting for their conversion, never served: DATA_DIR/video-sources. */
  videoSourceDir: string;
  /** FFMPEG_PATH and FFPROBE_PATH, else the PATH's `ffmpeg` and `ffprobe`. */
  videoTools: VideoTools;
  publicUrl: string;
  /**
   * The shop's country (SHOP_COUNTRY, else SHOP_WHATSAPP_NUMBER's) and time zone (SHOP_TIME_ZONE,
   * else the country's main one): how numbers are read and dates written (docs/decisions/0022).
   */
  shopLocale: ShopLocale;
  /** Fastify's `trustProxy` (TRUST_PROXY): false unless a proxy is named. */
  trustProxy: boolean | string[];
  /** When set: AUTH_RATE_LIMIT_MAX (per identifier), AUTH_RATE_LIMIT_IP_MAX (refusals per address). */
  authRateLimits: AttemptLimitsOverride;
  /** When set: ORDER_RATE_LIMIT_MAX (per phone or account), ORDER_RATE_LIMIT_IP_MAX (refusals per address). */
  orderRateLimits: AttemptLimitsOverride;
};

/** What the shop needs to send WhatsApp messages itself (docs/decisions/0041-whatsapp-cloud-api.md). */
export type WhatsappConfig = {
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  appSecret: string;
  verifyToken: string;
  /** The Graph API with its version ('https://graph.facebook.com/v26.0'). */
  apiUrl: string;
  /** ORDER_NOTIFY_WHATSAPP in E.164: who is told of each new order. */
  notifyNumbers: string[];
};

/** The five values Meta gives a shop for the Cloud API: all of them, or none. */
const WHATSAPP_SETTINGS = [
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_BUSINESS_ACCOUNT_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/** The Graph API's address, its version pinned (v26.0, July 2026): a new version is a decision, not a surprise. */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v26.0';

/** UNPAID_REMINDER_BEFORE unset: a day before the release. */
const DEFAULT_UNPAID_REMINDER_BEFORE_MS = 24 * 3_600_000;

/**
 * The Cloud API's settings, or null when none is given. Half given (a value set, another missing)
 * stops the start naming what is missing: the shop would believe it writes by itself and not. The
 * numbers told of new orders are read as customers type them, and never the shop's own, which
 * WhatsApp does not let write to itself. No value is ever repeated in a message: they are secrets.
 */
function whatsappConfig(parsed: z.infer<typeof ConfigSchema>, country: string): WhatsappConfig | null {
  const given = WHATSAPP_SETTINGS.filter((name) => parsed[name] !== undefined);
  const extras = (['WHATSAPP_API_URL', 'ORDER_NOTIFY_WHATSAPP'] as const).filter(
    (name) => parsed[name] !== undefined,
  );
  if (given.length === 0 && extras.length === 0) return null;
  const missing = WHATSAPP_SETTINGS.filter((name) => parsed[name] === undefined);
  if (missing.length)
    throw invalid(
      'WHATSAPP',
      `configuration WhatsApp incomplète : il manque ${missing.join(', ')} (toutes ou aucune ; voir le README, « Messages WhatsApp automatiques »)`,
    );
  const notifyNumbers = (parsed.ORDER_NOTIFY_WHATSAPP ?? '')
    .split(/[,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const reading = readPhone(entry, country);
      if (!reading.ok) throw invalid('ORDER_NOTIFY_WHATSAPP', `« ${entry} » : ${reading.message}`);
      if (reading.e164 === parsed.SHOP_WHATSAPP_NUMBER)
        throw invalid(
          'ORDER_NOTIFY_WHATSAPP',
          `${formatPhone(reading.e164)} est le numéro de la boutique, qui ne peut pas s'écrire à lui-même : donnez le numéro personnel de la propriétaire ou de l'équipe`,
        );
      return reading.e164;
    });
  return {
    accessToken: parsed.WHATSAPP_ACCESS_TOKEN as string,
    phoneNumberId: parsed.WHATSAPP_PHONE_NUMBER_ID as string,
    businessAccountId: parsed.WHATSAPP_BUSINESS_ACCOUNT_ID as string,
    appSecret: parsed.WHATSAPP_APP_SECRET as string,
    verifyToken: parsed.WHATSAPP_VERIFY_TOKEN as string,
    apiUrl: (parsed.WHATSAPP_API_URL ?? DEFAULT_WHATSAPP_API_URL).replace(/\/$/, ''),
    notifyNumbers: [...new Set(notifyNumbers)],
  };
}

export const EMBEDDED_SINGLE_PROCESS =
  "la base embarquée (PGlite) ne sert qu'un seul processus : pour en lancer plusieurs, utilisez PostgreSQL avec DATABASE_URL (voir le README, « Deploying on a server »)";

/** Parses the environment once at start and fails fast with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuration invalide :\n${lines}`);
  }
  const {
    SHOP_COUNTRY,
    SHOP_TIME_ZONE,
    TRUST_PROXY,
    AUTH_RATE_LIMIT_MAX,
    AUTH_RATE_LIMIT_IP_MAX,
    ORDER_RATE_LIMIT_MAX,
    ORDER_RATE_LIMIT_IP_MAX,
    UNPAID_ORDER_TIMEOUT,
    UNPAID_REMINDER_BEFORE,
    ORDER_NOTIFY_EMAIL,
    WHATSAPP_ACCESS_TOKEN: _token,
    WHATSAPP_PHONE_NUMBER_ID: _phoneNumberId,
    WHATSAPP_BUSINESS_ACCOUNT_ID: _account,
    WHATSAPP_APP_SECRET: _appSecret,
    WHATSAPP_VERIFY_TOKEN: _verifyToken,
    WHATSAPP_API_URL: _apiUrl,
    ORDER_NOTIFY_WHATSAPP: _notify,
    SHOP_CURRENCY: _currency,
    WAVE_API_KEY: _waveKey,
    WAVE_WEBHOOK_SECRET: _waveSecret,
    WAVE_API_URL: _waveUrl,
    ORANGE_MONEY_CLIENT_ID: _omId,
    ORANGE_MONEY_CLIENT_SECRET: _omSecret,
    ORANGE_MONEY_MERCHANT_KEY: _omKey,
    ORANGE_MONEY_COUNTRY: _omCountry,
    ORANGE_MONEY_API_URL: _omUrl,
    ORANGE_MONEY_CURRENCY: _omCurrency,
    BACKUP_KEY,
    BACKUP_PREVIOUS_KEYS,
    ...c
  } = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  const country = SHOP_COUNTRY ?? phoneCountry(c.SHOP_WHATSAPP_NUMBER);
  const example = country && phoneExample(country);
  if (!country || !example) {
    throw new Error(
      'Configuration invalide :\n  SHOP_COUNTRY: le pays de la boutique ne se déduit pas de SHOP_WHATSAPP_NUMBER, indiquez-le (SN, CI, CM…)',
    );
  }
  // PGlite is one process's database: a second process on the same DATA_DIR would corrupt it.
  if (c.WEB_CONCURRENCY > 1 && !c.DATABASE_URL) {
    throw new Error(`Configuration invalide :\n  WEB_CONCURRENCY: ${EMBEDDED_SINGLE_PROCESS}`);
  }
  // A country of one zone gives it; for one of several, the shop says which is its own.
  const zones = countryTimeZones(country);
  const timeZone = SHOP_TIME_ZONE ?? (zones.length === 1 ? zones[0] : undefined);
  if (!timeZone) {
    throw new Error(
      `Configuration invalide :\n  SHOP_TIME_ZONE: le pays ${country} a plusieurs fuseaux (${zones.join(', ')}), indiquez celui de la boutique`,
    );
  }
  // A reminder is sent before the release: one the owner set must come before it; unset, 24 h
  // before, or halfway for a timeout under 48 h (a shorter timeout set alone stays valid).
  if (UNPAID_REMINDER_BEFORE && UNPAID_ORDER_TIMEOUT > 0 && UNPAID_REMINDER_BEFORE >= UNPAID_ORDER_TIMEOUT)
    throw invalid(
      'UNPAID_REMINDER_BEFORE',
      'le rappel doit précéder l’annulation : choisissez une durée plus courte que UNPAID_ORDER_TIMEOUT (ou 0 : pas de rappel)',
    );
  const reminderBefore =
    UNPAID_REMINDER_BEFORE ??
    Math.min(DEFAULT_UNPAID_REMINDER_BEFORE_MS, Math.floor(UNPAID_ORDER_TIMEOUT / 2));
  const payments = paymentsConfig(parsed.data, country);
  return {
    ...c,
    unpaidReminderBeforeMs: UNPAID_ORDER_TIMEOUT > 0 ? reminderBefore : 0,
    whatsapp: whatsappConfig(parsed.data, country),
    payments,
    backupKeys: { current: BACKUP_KEY ?? null, previous: BACKUP_PREVIOUS_KEYS ?? [] },
    shopLocale: { country, timeZone, phoneExample: example },
    trustProxy: TRUST_PROXY,
    authRateLimits: {
      ...(AUTH_RATE_LIMIT_MAX ? { perIdentifier: { max: AUTH_RATE_LIMIT_MAX } } : {}),
      ...(AUTH_RATE_LIMIT_IP_MAX ? { perIp: { max: AUTH_RATE_LIMIT_IP_MAX } } : {}),
    },
    orderRateLimits: {
      ...(ORDER_RATE_LIMIT_MAX ? { perIdentifier: { max: ORDER_RATE_LIMIT_MAX } } : {}),
      ...(ORDER_RATE_LIMIT_IP_MAX ? { perIp: { max: ORDER_RATE_LIMIT_IP_MAX } } : {}),
    },
    orderNotifyEmails: ORDER_NOTIFY_EMAIL ?? null,
    shopContact: {
      whatsappNumber: c.SHOP_WHATSAPP_NUMBER,
      agency: { location: c.AGENCY_LOCATION, address: c.AGENCY_ADDRESS, hours: c.AGENCY_HOURS },
      deliveryTerms: c.DELIVERY_TERMS,
      unpaidTimeoutMs: UNPAID_ORDER_TIMEOUT,
      paymentProviders: payments.offered,
    },
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    tmpDir: path.join(dataDir, 'tmp'),
    videoSourceDir: path.join(dataDir, 'video-sources'),
    videoTools: videoTools({ FFMPEG_PATH: c.FFMPEG_PATH, FFPROBE_PATH: c.FFPROBE_PATH }),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}

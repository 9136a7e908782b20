import path from 'node:path';
import type { ShopContact } from '@souk/domain/order-messages';
import { phoneCountry, phoneExample } from '@souk/domain/phone';
import type { ShopLocale } from '@souk/domain/shop-locale';
import type { z } from 'zod';
import { ConfigSchema, countryTimeZones } from './config-env.ts';
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
  | 'ORDER_NOTIFY_EMAIL'
> & {
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
    ORDER_NOTIFY_EMAIL,
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
  return {
    ...c,
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
    },
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    tmpDir: path.join(dataDir, 'tmp'),
    videoSourceDir: path.join(dataDir, 'video-sources'),
    videoTools: videoTools({ FFMPEG_PATH: c.FFMPEG_PATH, FFPROBE_PATH: c.FFPROBE_PATH }),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}

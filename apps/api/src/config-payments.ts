import { currencyOfCountry, type PaymentProvider } from '@souk/domain/payments';
import type { z } from 'zod';
import { type ConfigSchema, invalid } from './config-env.ts';

// The payment providers' settings (docs/decisions/0043): each provider all or none, refused when it
// cannot take the shop's currency. config.ts puts them in the shop's configuration.

/** Wave's Checkout API, as the shop's business portal gives it. */
export type WaveConfig = { apiKey: string; webhookSecret: string; apiUrl: string };

/** Orange Money's Web Payment API, as Orange's developer portal gives it. */
export type OrangeMoneyConfig = {
  clientId: string;
  clientSecret: string;
  merchantKey: string;
  /** The API's path segment: the shop's country ('sn'), or 'dev' for the sandbox. */
  country: string;
  apiUrl: string;
  /** The currency Orange Money is asked in: the shop's, or the sandbox's own ('OUV'). */
  currency: string;
};

export type PaymentsConfig = {
  /** SHOP_CURRENCY, else the shop country's franc; null outside the franc zones when unset. */
  currency: string | null;
  wave: WaveConfig | null;
  orangeMoney: OrangeMoneyConfig | null;
  /** The providers configured, in the order the pages offer them. */
  offered: PaymentProvider[];
};

/** Wave's API (docs.wave.com/checkout). */
export const DEFAULT_WAVE_API_URL = 'https://api.wave.com';
/** The currencies Wave's Checkout API takes for the shop's wallet (the West African franc). */
const WAVE_CURRENCIES = ['XOF'];

/**
 * The providers the shop takes payments through, each all or nothing (a half-given one stops the
 * start naming what is missing: the shop would offer a payment that cannot work), and each refused
 * when it does not take the shop's currency. No value is ever repeated in a message: they are secrets.
 */
export function paymentsConfig(parsed: z.infer<typeof ConfigSchema>, country: string): PaymentsConfig {
  const currency = parsed.SHOP_CURRENCY ?? currencyOfCountry(country);
  const waveGiven = (['WAVE_API_KEY', 'WAVE_WEBHOOK_SECRET', 'WAVE_API_URL'] as const).filter(
    (name) => parsed[name] !== undefined,
  );
  let wave: WaveConfig | null = null;
  if (waveGiven.length) {
    const missing = (['WAVE_API_KEY', 'WAVE_WEBHOOK_SECRET'] as const).filter(
      (name) => parsed[name] === undefined,
    );
    if (missing.length)
      throw invalid(
        'WAVE',
        `configuration Wave incomplète : il manque ${missing.join(', ')} (voir le README, « Paiements Wave et Orange Money »)`,
      );
    if (!currency || !WAVE_CURRENCIES.includes(currency))
      throw invalid(
        'WAVE',
        `Wave ne prend que le franc CFA d'Afrique de l'Ouest (XOF) ; la devise de la boutique est ${currency ?? 'inconnue'} (SHOP_COUNTRY, SHOP_CURRENCY)`,
      );
    wave = {
      apiKey: parsed.WAVE_API_KEY as string,
      webhookSecret: parsed.WAVE_WEBHOOK_SECRET as string,
      apiUrl: (parsed.WAVE_API_URL ?? DEFAULT_WAVE_API_URL).replace(/\/$/, ''),
    };
  }
  const orangeMoney = orangeMoneyConfig(parsed, country, currency);
  return {
    currency,
    wave,
    orangeMoney,
    offered: [...(wave ? (['wave'] as const) : []), ...(orangeMoney ? (['orange_money'] as const) : [])],
  };
}

/** Orange Money's API (developer.orange.com, 'Orange Money Web Payment'). */
export const DEFAULT_ORANGE_MONEY_API_URL = 'https://api.orange.com';
/** The currencies of the countries where Orange Money offers its Web Payment. */
const ORANGE_MONEY_CURRENCIES = ['XOF', 'XAF', 'GNF', 'CDF', 'MGA'];
/** What Orange's developer portal gives a shop for the Web Payment: all of them, or none. */
export const ORANGE_MONEY_SETTINGS = [
  'ORANGE_MONEY_CLIENT_ID',
  'ORANGE_MONEY_CLIENT_SECRET',
  'ORANGE_MONEY_MERCHANT_KEY',
] as const;

function orangeMoneyConfig(
  parsed: z.infer<typeof ConfigSchema>,
  country: string,
  currency: string | null,
): OrangeMoneyConfig | null {
  const given = [
    ...ORANGE_MONEY_SETTINGS,
    'ORANGE_MONEY_COUNTRY',
    'ORANGE_MONEY_API_URL',
    'ORANGE_MONEY_CURRENCY',
  ] as const;
  if (!given.some((name) => parsed[name] !== undefined)) return null;
  const missing = ORANGE_MONEY_SETTINGS.filter((name) => parsed[name] === undefined);
  if (missing.length)
    throw invalid(
      'ORANGE_MONEY',
      `configuration Orange Money incomplète : il manque ${missing.join(', ')} (voir le README, « Paiements Wave et Orange Money »)`,
    );
  // The sandbox has its own currency; a real wallet takes the shop's, if Orange Money knows it: a
  // sandbox currency left in a real shop's settings would take play money as payment.
  const omCountry = parsed.ORANGE_MONEY_COUNTRY ?? country.toLowerCase();
  if (parsed.ORANGE_MONEY_CURRENCY && omCountry !== 'dev')
    throw invalid(
      'ORANGE_MONEY_CURRENCY',
      'seulement pour le bac à sable (ORANGE_MONEY_COUNTRY=dev) : un vrai compte est payé dans la devise de la boutique',
    );
  const asked = parsed.ORANGE_MONEY_CURRENCY ?? currency;
  if (!asked || (!parsed.ORANGE_MONEY_CURRENCY && !ORANGE_MONEY_CURRENCIES.includes(asked)))
    throw invalid(
      'ORANGE_MONEY',
      `Orange Money ne prend pas la devise de la boutique (${asked ?? 'inconnue'}) : indiquez SHOP_CURRENCY (XOF, XAF…)`,
    );
  return {
    clientId: parsed.ORANGE_MONEY_CLIENT_ID as string,
    clientSecret: parsed.ORANGE_MONEY_CLIENT_SECRET as string,
    merchantKey: parsed.ORANGE_MONEY_MERCHANT_KEY as string,
    country: omCountry,
    apiUrl: (parsed.ORANGE_MONEY_API_URL ?? DEFAULT_ORANGE_MONEY_API_URL).replace(/\/$/, ''),
    currency: asked,
  };
}

import { DEFAULT_SHOP_LOCALE } from '@souk/domain/shop-locale';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 3000, ./var and the embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir.endsWith('/var')).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('fails fast with a readable message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Configuration invalide :\n {2}PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'pas une url' })).toThrow(/DATABASE_URL/);
  });

  it("says the demo agency's address and hours, and free delivery to it, unless configured", () => {
    const demo = loadConfig({});
    expect(demo.AGENCY_ADDRESS).toBe('Avenue Blaise Diagne, Médina, Dakar');
    expect(demo.AGENCY_HOURS).toBe('Du lundi au samedi, 9 h – 19 h');
    expect(demo.DELIVERY_TERMS).toBe('Livraison gratuite à notre agence');
    // Blank is unset; the owner's words are kept, trimmed.
    expect(loadConfig({ AGENCY_HOURS: '  ' }).AGENCY_HOURS).toBe('Du lundi au samedi, 9 h – 19 h');
    const owner = loadConfig({
      AGENCY_ADDRESS: ' Boulevard Latrille, Cocody, Abidjan ',
      AGENCY_HOURS: 'Tous les jours, 8 h – 20 h',
      DELIVERY_TERMS: 'Livraison à notre agence : 1 000 FCFA',
    });
    expect(owner).toMatchObject({
      AGENCY_ADDRESS: 'Boulevard Latrille, Cocody, Abidjan',
      AGENCY_HOURS: 'Tous les jours, 8 h – 20 h',
      DELIVERY_TERMS: 'Livraison à notre agence : 1 000 FCFA',
    });
  });

  it('refuses agency and delivery words on several lines or too long to read', () => {
    expect(() => loadConfig({ AGENCY_ADDRESS: 'Rue 10\nDakar' })).toThrow(
      /Configuration invalide :\n {2}AGENCY_ADDRESS: AGENCY_ADDRESS doit tenir sur une seule ligne/,
    );
    expect(() => loadConfig({ AGENCY_HOURS: `Du lundi au samedi${', 9 h – 19 h'.repeat(10)}` })).toThrow(
      /AGENCY_HOURS ne doit pas dépasser 80 caractères/,
    );
    expect(() => loadConfig({ DELIVERY_TERMS: 'x'.repeat(81) })).toThrow(
      /DELIVERY_TERMS ne doit pas dépasser 80 caractères/,
    );
  });

  it('keeps the shop number in E.164, with or without its +', () => {
    expect(loadConfig({ SHOP_WHATSAPP_NUMBER: '+225 07 00 00 00 00' }).SHOP_WHATSAPP_NUMBER).toBe(
      '+2250700000000',
    );
    expect(loadConfig({ SHOP_WHATSAPP_NUMBER: '221770000000' }).SHOP_WHATSAPP_NUMBER).toBe('+221770000000');
    expect(() => loadConfig({ SHOP_WHATSAPP_NUMBER: '77 000 00' })).toThrow(/SHOP_WHATSAPP_NUMBER/);
  });

  it("takes the shop's country from its number, and the time zone from the country", () => {
    // What a runtime not yet configured assumes is what the default configuration derives.
    expect(loadConfig({}).shopLocale).toEqual(DEFAULT_SHOP_LOCALE);
    expect(DEFAULT_SHOP_LOCALE).toMatchObject({ country: 'SN', timeZone: 'Africa/Dakar' });
    expect(loadConfig({ SHOP_WHATSAPP_NUMBER: '+237 6 71 23 45 67' }).shopLocale).toMatchObject({
      country: 'CM',
      timeZone: 'Africa/Douala',
    });
    expect(loadConfig({ SHOP_WHATSAPP_NUMBER: '+2250700000000' }).shopLocale).toMatchObject({
      country: 'CI',
      timeZone: 'Africa/Abidjan',
      phoneExample: { national: '01 23 45 67 89', international: '+225 01 23 45 67 89' },
    });
  });

  it('lets SHOP_COUNTRY and SHOP_TIME_ZONE say otherwise, and refuses what they cannot be', () => {
    expect(loadConfig({ SHOP_COUNTRY: 'ga' }).shopLocale).toMatchObject({
      country: 'GA',
      timeZone: 'Africa/Libreville',
    });
    expect(loadConfig({ SHOP_TIME_ZONE: 'Africa/Douala' }).shopLocale).toMatchObject({
      country: 'SN',
      timeZone: 'Africa/Douala',
    });
    expect(() => loadConfig({ SHOP_COUNTRY: 'XX' })).toThrow(/SHOP_COUNTRY doit être un code pays ISO/);
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Africa/Nowhere' })).toThrow(
      /SHOP_TIME_ZONE doit être un fuseau/,
    );
    // Intl takes an offset, but PostgreSQL reads '+01:00' as UTC−1: refused, as legacy names are.
    for (const bad of ['+01:00', 'CET', 'EST5EDT'])
      expect(() => loadConfig({ SHOP_TIME_ZONE: bad }), bad).toThrow(/SHOP_TIME_ZONE doit être un fuseau/);
    expect(loadConfig({ SHOP_TIME_ZONE: 'UTC' }).shopLocale.timeZone).toBe('UTC');
  });

  it('asks which zone when the country has several', () => {
    expect(() => loadConfig({ SHOP_COUNTRY: 'CD' })).toThrow(
      /SHOP_TIME_ZONE: le pays CD a plusieurs fuseaux/,
    );
    expect(loadConfig({ SHOP_COUNTRY: 'CD', SHOP_TIME_ZONE: 'Africa/Lubumbashi' }).shopLocale.timeZone).toBe(
      'Africa/Lubumbashi',
    );
  });

  it('trusts no proxy unless TRUST_PROXY says which (ADR 0012)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['oui', '10.0.0', '10.0.0.1/40', '-1', '2', '10.0.0.1,'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('seals backups with BACKUP_KEY when set, keeps the keys of before a rotation, and refuses a short key without saying it', () => {
    expect(loadConfig({}).backupKeys).toEqual({ current: null, previous: [] });
    const key = 'k'.repeat(40);
    const old = 'o'.repeat(32);
    expect(
      loadConfig({ BACKUP_KEY: key, BACKUP_PREVIOUS_KEYS: ` ${old}, ${'p'.repeat(33)} ` }).backupKeys,
    ).toEqual({
      current: key,
      previous: [old, 'p'.repeat(33)],
    });
    const short = () => loadConfig({ BACKUP_KEY: 'motdepasse-court' });
    expect(short).toThrow('BACKUP_KEY doit compter au moins 32 caractères');
    expect(short).not.toThrow(/motdepasse-court/);
    expect(() => loadConfig({ BACKUP_PREVIOUS_KEYS: `${old},court` })).toThrow(
      'BACKUP_PREVIOUS_KEYS : chaque clé doit compter au moins 32 caractères',
    );
  });

  it('reads REDIS_URL as a redis:// URL', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).REDIS_URL).toBe('redis://127.0.0.1:6379/2');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1' })).toThrow(/REDIS_URL/);
  });

  it('lowers or lifts the auth attempt limits with AUTH_RATE_LIMIT_MAX and AUTH_RATE_LIMIT_IP_MAX', () => {
    expect(loadConfig({}).authRateLimits).toEqual({});
    expect(loadConfig({ AUTH_RATE_LIMIT_MAX: '500', AUTH_RATE_LIMIT_IP_MAX: '2000' }).authRateLimits).toEqual(
      {
        perIdentifier: { max: 500 },
        perIp: { max: 2000 },
      },
    );
    expect(() => loadConfig({ AUTH_RATE_LIMIT_MAX: '0' })).toThrow(/AUTH_RATE_LIMIT_MAX/);
    expect(() => loadConfig({ AUTH_RATE_LIMIT_IP_MAX: 'beaucoup' })).toThrow(/AUTH_RATE_LIMIT_IP_MAX/);
  });

  it('lowers or lifts the order limits with ORDER_RATE_LIMIT_MAX and ORDER_RATE_LIMIT_IP_MAX', () => {
    expect(loadConfig({}).orderRateLimits).toEqual({});
    expect(
      loadConfig({ ORDER_RATE_LIMIT_MAX: '50', ORDER_RATE_LIMIT_IP_MAX: '500' }).orderRateLimits,
    ).toEqual({
      perIdentifier: { max: 50 },
      perIp: { max: 500 },
    });
    expect(() => loadConfig({ ORDER_RATE_LIMIT_IP_MAX: '-3' })).toThrow(/ORDER_RATE_LIMIT_IP_MAX/);
  });

  it('sizes the cache of public reads with RESPONSE_CACHE_MB, 64 MB by default', () => {
    expect(loadConfig({}).RESPONSE_CACHE_MB).toBe(64);
    expect(loadConfig({ RESPONSE_CACHE_MB: '256' }).RESPONSE_CACHE_MB).toBe(256);
    for (const bad of ['0', '-1', '1.5', 'beaucoup', '99999'])
      expect(() => loadConfig({ RESPONSE_CACHE_MB: bad }), bad).toThrow(/RESPONSE_CACHE_MB/);
  });

  it('runs several processes with WEB_CONCURRENCY on PostgreSQL only, refusing it on the embedded database', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    const postgres = 'postgres://postgres@127.0.0.1:5432/souk';
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: postgres }).WEB_CONCURRENCY).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: la base embarquée \(PGlite\) ne sert qu'un seul processus : pour en lancer plusieurs, utilisez PostgreSQL avec DATABASE_URL/,
    );
    for (const bad of ['0', 'deux', '1.5', '100'])
      expect(() => loadConfig({ WEB_CONCURRENCY: bad, DATABASE_URL: postgres }), bad).toThrow(
        /WEB_CONCURRENCY/,
      );
  });

  it('reads UNPAID_ORDER_TIMEOUT as a duration, 72 hours by default and 0 for never', () => {
    expect(loadConfig({}).shopContact.unpaidTimeoutMs).toBe(72 * 3_600_000);
    expect(loadConfig({ UNPAID_ORDER_TIMEOUT: '20s' }).shopContact.unpaidTimeoutMs).toBe(20_000);
    expect(loadConfig({ UNPAID_ORDER_TIMEOUT: '30m' }).shopContact.unpaidTimeoutMs).toBe(1_800_000);
    expect(loadConfig({ UNPAID_ORDER_TIMEOUT: ' 7d ' }).shopContact.unpaidTimeoutMs).toBe(7 * 86_400_000);
    expect(loadConfig({ UNPAID_ORDER_TIMEOUT: '0' }).shopContact.unpaidTimeoutMs).toBe(0);
    for (const bad of ['72', '3 jours', '-5m', '1.5h', '400d', 'h'])
      expect(() => loadConfig({ UNPAID_ORDER_TIMEOUT: bad }), bad).toThrow(
        /UNPAID_ORDER_TIMEOUT doit être une durée comme 20s, 30m, 72h ou 7d/,
      );
  });

  it('reads ORDER_NOTIFY_EMAIL as a list of addresses, every admin by default', () => {
    expect(loadConfig({}).orderNotifyEmails).toBeNull();
    expect(loadConfig({ ORDER_NOTIFY_EMAIL: 'gerante@souk.sn, caisse@souk.sn' }).orderNotifyEmails).toEqual([
      'gerante@souk.sn',
      'caisse@souk.sn',
    ]);
    expect(() => loadConfig({ ORDER_NOTIFY_EMAIL: 'gerante@souk.sn, pas-une-adresse' })).toThrow(
      /ORDER_NOTIFY_EMAIL doit être une liste d’adresses e-mail/,
    );
  });

  it('reminds an unpaid order 24 h before its release by default, never with 0, and refuses a reminder set that would not come first', () => {
    expect(loadConfig({}).unpaidReminderBeforeMs).toBe(24 * 3_600_000);
    expect(loadConfig({ UNPAID_REMINDER_BEFORE: '0' }).unpaidReminderBeforeMs).toBe(0);
    expect(
      loadConfig({ UNPAID_REMINDER_BEFORE: '30m', UNPAID_ORDER_TIMEOUT: '2h' }).unpaidReminderBeforeMs,
    ).toBe(1_800_000);
    // Nothing is released: nothing to remind of. A timeout of a day or less, set alone: halfway.
    expect(loadConfig({ UNPAID_ORDER_TIMEOUT: '0' }).unpaidReminderBeforeMs).toBe(0);
    expect(loadConfig({ UNPAID_ORDER_TIMEOUT: '12h' }).unpaidReminderBeforeMs).toBe(6 * 3_600_000);
    for (const before of ['72h', '4d'])
      expect(() => loadConfig({ UNPAID_REMINDER_BEFORE: before })).toThrow(
        /UNPAID_REMINDER_BEFORE: le rappel doit précéder l’annulation/,
      );
    expect(() => loadConfig({ UNPAID_REMINDER_BEFORE: 'demain' })).toThrow(
      /UNPAID_REMINDER_BEFORE doit être une durée/,
    );
  });

  const WHATSAPP = {
    WHATSAPP_ACCESS_TOKEN: 'EAAG-jeton-secret-de-la-boutique',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_BUSINESS_ACCOUNT_ID: '102290129340398',
    WHATSAPP_APP_SECRET: 'secret-de-l-application-meta',
    WHATSAPP_VERIFY_TOKEN: 'mot-de-verification',
  };

  it('sends no WhatsApp message itself without the Cloud API, and with it reads the numbers told of new orders as typed', () => {
    expect(loadConfig({}).whatsapp).toBeNull();
    const config = loadConfig({
      ...WHATSAPP,
      ORDER_NOTIFY_WHATSAPP: '77 123 45 67, +221 78 000 11 22; 771234567',
    });
    expect(config.whatsapp).toEqual({
      accessToken: WHATSAPP.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: WHATSAPP.WHATSAPP_PHONE_NUMBER_ID,
      businessAccountId: WHATSAPP.WHATSAPP_BUSINESS_ACCOUNT_ID,
      appSecret: WHATSAPP.WHATSAPP_APP_SECRET,
      verifyToken: WHATSAPP.WHATSAPP_VERIFY_TOKEN,
      apiUrl: 'https://graph.facebook.com/v26.0',
      notifyNumbers: ['+221771234567', '+221780001122'],
    });
    expect(
      loadConfig({ ...WHATSAPP, WHATSAPP_API_URL: 'http://127.0.0.1:9999/v26.0/' }).whatsapp?.apiUrl,
    ).toBe('http://127.0.0.1:9999/v26.0');
  });

  it('stops a half-filled WhatsApp configuration naming what is missing, never a secret', () => {
    const { WHATSAPP_APP_SECRET: _secret, WHATSAPP_VERIFY_TOKEN: _verify, ...half } = WHATSAPP;
    let message = '';
    try {
      loadConfig(half);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Configuration invalide :\n  WHATSAPP: configuration WhatsApp incomplète : il manque WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN (toutes ou aucune ; voir le README, « Messages WhatsApp automatiques »)',
    );
    expect(message).not.toContain(WHATSAPP.WHATSAPP_ACCESS_TOKEN);
    // The numbers to alert, or another address for the API, without the API itself: half-filled too.
    expect(() => loadConfig({ ORDER_NOTIFY_WHATSAPP: '771234567' })).toThrow(
      /il manque WHATSAPP_ACCESS_TOKEN, /,
    );
    expect(() => loadConfig({ WHATSAPP_API_URL: 'http://127.0.0.1:9999' })).toThrow(
      /configuration WhatsApp incomplète/,
    );
    // The token travels in a header: https, or plain http to this machine only.
    expect(() => loadConfig({ ...WHATSAPP, WHATSAPP_API_URL: 'http://graph.example.com/v26.0' })).toThrow(
      /WHATSAPP_API_URL doit être une URL https:\/\/ \(http:\/\/ seulement vers cette machine\)/,
    );
    expect(() => loadConfig({ ...WHATSAPP, WHATSAPP_PHONE_NUMBER_ID: 'mon-numero' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID doit être l'identifiant numérique donné par Meta/,
    );
  });

  it("refuses to alert the shop's own number of new orders (it cannot write to itself), or a number it cannot read", () => {
    expect(() =>
      loadConfig({
        ...WHATSAPP,
        SHOP_WHATSAPP_NUMBER: '+221770000000',
        ORDER_NOTIFY_WHATSAPP: '77 000 00 00',
      }),
    ).toThrow(
      /ORDER_NOTIFY_WHATSAPP: \+221 77 000 00 00 est le numéro de la boutique, qui ne peut pas s'écrire à lui-même/,
    );
    expect(() => loadConfig({ ...WHATSAPP, ORDER_NOTIFY_WHATSAPP: '12' })).toThrow(
      /ORDER_NOTIFY_WHATSAPP: « 12 »/,
    );
  });

  it("takes Wave payments only when fully configured and in the West African franc, the shop's currency read from its country", () => {
    const WAVE = { WAVE_API_KEY: 'wave_sn_prod_cle-secrete', WAVE_WEBHOOK_SECRET: 'wave_sn_WHS_secret' };
    const none = loadConfig({});
    expect(none.payments).toEqual({ currency: 'XOF', wave: null, orangeMoney: null, offered: [] });
    expect(loadConfig({ SHOP_COUNTRY: 'CM', SHOP_WHATSAPP_NUMBER: '+237671234567' }).payments.currency).toBe(
      'XAF',
    );
    expect(loadConfig({ SHOP_CURRENCY: 'xaf' }).payments.currency).toBe('XAF');
    expect(() => loadConfig({ SHOP_CURRENCY: 'francs' })).toThrow(
      /SHOP_CURRENCY doit être un code de devise/,
    );

    const wave = loadConfig(WAVE).payments;
    expect(wave.offered).toEqual(['wave']);
    expect(wave.wave).toEqual({
      ...{ apiKey: WAVE.WAVE_API_KEY, webhookSecret: WAVE.WAVE_WEBHOOK_SECRET },
      apiUrl: 'https://api.wave.com',
    });

    // Half given: the start stops, naming what is missing and never the secret given.
    for (const [given, missing] of [
      [{ WAVE_API_KEY: WAVE.WAVE_API_KEY }, 'WAVE_WEBHOOK_SECRET'],
      [{ WAVE_WEBHOOK_SECRET: WAVE.WAVE_WEBHOOK_SECRET }, 'WAVE_API_KEY'],
      [{ WAVE_API_URL: 'https://api.wave.com' }, 'WAVE_API_KEY, WAVE_WEBHOOK_SECRET'],
    ] as const) {
      const error = (() => {
        try {
          loadConfig(given);
        } catch (e) {
          return (e as Error).message;
        }
        return '';
      })();
      expect(error).toContain(`configuration Wave incomplète : il manque ${missing}`);
      expect(error).not.toContain('cle-secrete');
      expect(error).not.toContain('WHS_secret');
    }
    // A shop in francs CFA of Central Africa: Wave does not take them.
    expect(() => loadConfig({ ...WAVE, SHOP_COUNTRY: 'CM', SHOP_WHATSAPP_NUMBER: '+237671234567' })).toThrow(
      /Wave ne prend que le franc CFA d'Afrique de l'Ouest \(XOF\) ; la devise de la boutique est XAF/,
    );
    expect(() => loadConfig({ ...WAVE, WAVE_API_URL: 'http://api.wave.com' })).toThrow(
      /WAVE_API_URL doit être une URL https/,
    );
  });

  it("takes Orange Money payments only when fully configured, in the shop's currency or the sandbox's own", () => {
    const OM = {
      ORANGE_MONEY_CLIENT_ID: 'om-id',
      ORANGE_MONEY_CLIENT_SECRET: 'om-secret-de-la-boutique',
      ORANGE_MONEY_MERCHANT_KEY: 'om-cle-marchande',
    };
    const config = loadConfig(OM).payments;
    expect(config.offered).toEqual(['orange_money']);
    expect(config.orangeMoney).toMatchObject({
      country: 'sn',
      currency: 'XOF',
      apiUrl: 'https://api.orange.com',
    });
    expect(
      loadConfig({ ...OM, ORANGE_MONEY_COUNTRY: 'dev', ORANGE_MONEY_CURRENCY: 'ouv' }).payments.orangeMoney,
    ).toMatchObject({ country: 'dev', currency: 'OUV' });
    expect(loadConfig({ ...OM, WAVE_API_KEY: 'k', WAVE_WEBHOOK_SECRET: 's' }).payments.offered).toEqual([
      'wave',
      'orange_money',
    ]);
    const error = (() => {
      try {
        loadConfig({
          ORANGE_MONEY_CLIENT_ID: 'om-id',
          ORANGE_MONEY_CLIENT_SECRET: 'om-secret-de-la-boutique',
        });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(error).toContain('configuration Orange Money incomplète : il manque ORANGE_MONEY_MERCHANT_KEY');
    expect(error).not.toContain('om-secret-de-la-boutique');
    expect(() => loadConfig({ ...OM, ORANGE_MONEY_COUNTRY: 'senegal' })).toThrow(/ORANGE_MONEY_COUNTRY/);
    // The sandbox's currency in a real shop's settings: refused, it would take play money.
    expect(() => loadConfig({ ...OM, ORANGE_MONEY_CURRENCY: 'OUV' })).toThrow(
      /ORANGE_MONEY_CURRENCY: seulement pour le bac à sable/,
    );
    // A shop outside the franc zones, no currency said: Orange Money cannot be asked.
    expect(() =>
      loadConfig({
        ...OM,
        SHOP_COUNTRY: 'FR',
        SHOP_WHATSAPP_NUMBER: '+33612345678',
        SHOP_TIME_ZONE: 'Europe/Paris',
      }),
    ).toThrow(/Orange Money ne prend pas la devise de la boutique \(inconnue\)/);
  });
});

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

  it('keeps only the digits of the shop number', () => {
    expect(loadConfig({ SHOP_WHATSAPP_NUMBER: '+225 07 00 00 00 00' }).SHOP_WHATSAPP_NUMBER).toBe(
      '2250700000000',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { wantsSaveData } from './save-data';

describe('wantsSaveData', () => {
  it('reads `on` in any case, with or without parameters', () => {
    for (const header of ['on', 'On', ' ON ', 'on; foo=bar', 'on, on'])
      expect(wantsSaveData(header), header).toBe(true);
  });

  it('reads anything else, or no header, as a normal visitor', () => {
    for (const header of [undefined, '', 'off', '1', 'true', 'onion', 'off; on'])
      expect(wantsSaveData(header)).toBe(false);
    expect(wantsSaveData(['on', 'off'])).toBe(true);
  });
});

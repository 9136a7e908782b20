import { IMAGE_WIDTHS } from '@souk/domain/limits';
import { describe, expect, it } from 'vitest';
import { storedWidths, toImageRef } from './media.mapper.ts';

describe('toImageRef', () => {
  it('names every width a new picture was written at, the 640 one as its single URL', () => {
    const image = toImageRef({ key: 'abc', widths: [...IMAGE_WIDTHS], width: 1024, height: 448 }, 'Bannière');
    expect(image?.srcset).toBe(
      '/media/abc-160.webp 160w, /media/abc-360.webp 360w, /media/abc-480.webp 480w, /media/abc-640.webp 640w, /media/abc-720.webp 720w, /media/abc-1024.webp 1024w',
    );
    expect(image?.url).toBe('/media/abc-640.webp');
  });

  it('names only the files an older picture has when its row does not list its widths', () => {
    // A category or banner picture stored before migration 0017: 320, 640 and 1024 were written.
    const image = toImageRef({ key: 'old', widths: [], width: 1024, height: 1024 }, 'Parfums');
    expect(image?.srcset).toBe(
      '/media/old-320.webp 320w, /media/old-640.webp 640w, /media/old-1024.webp 1024w',
    );
    expect(storedWidths([], 640)).toEqual([320, 640]);
    expect(storedWidths(null, 320)).toEqual([320]);
  });
});

import { describe, expect, it } from 'vitest';
import { isVideoFile, MEDIA_ACCEPT } from './admin-media.ts';

describe('isVideoFile', () => {
  it('takes a video by its type, or by its name where the browser gives none', () => {
    expect(isVideoFile({ type: 'video/mp4', name: 'clip' })).toBe(true);
    expect(isVideoFile({ type: '', name: 'atelier.AVI' })).toBe(true);
    expect(isVideoFile({ type: '', name: 'savon.mov' })).toBe(true);
  });

  it('leaves pictures and other files to the image checks', () => {
    expect(isVideoFile({ type: 'image/jpeg', name: 'savon.jpg' })).toBe(false);
    expect(isVideoFile({ type: '', name: 'mp4' })).toBe(false);
    expect(isVideoFile({ type: 'text/plain', name: 'notes.mp4.txt' })).toBe(false);
  });

  it('agrees with what the picker offers', () => {
    for (const extension of ['.mp4', '.mov', '.avi']) expect(MEDIA_ACCEPT.split(',')).toContain(extension);
  });
});

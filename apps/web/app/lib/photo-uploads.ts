import { useCallback, useRef, useState } from 'react';
import { createModuleStore } from './module-store';
import { type PreparedPhoto, preparePhoto } from './shrink-photo';

// What a back-office page shows of its photos on their way to the server. A page has one form
// open at a time, so one value each is enough.

/** Photos being prepared on this page: a form holds its submit until they are ready. */
export const photosInPreparation = createModuleStore(0);

/** How far the form upload under way has gone, from 0 to 1; null when none is. */
export const formUploadProgress = createModuleStore<number | null>(null);

/** preparePhoto, counted in photosInPreparation while it runs. */
export async function preparePicture(file: File, onShrink?: () => void): Promise<PreparedPhoto> {
  photosInPreparation.set(photosInPreparation.get() + 1);
  try {
    return await preparePhoto(file, { onShrink });
  } finally {
    photosInPreparation.set(photosInPreparation.get() - 1);
  }
}

/**
 * A picture field's picks, each prepared as it is picked (a large photo shrunk), one photo after
 * the other (a phone holds one decoded photo at a time), at most `max` kept. Only the last pick
 * counts: `prepare` answers null for a pick another has replaced while it was being shrunk.
 * `shrinking` is true while a photo of the last pick is being shrunk.
 */
export function usePhotoPicks() {
  const lastPick = useRef(0);
  const [shrinking, setShrinking] = useState(false);
  const prepare = useCallback(async (files: readonly File[], max = files.length) => {
    const pick = ++lastPick.current;
    setShrinking(false);
    const prepared: PreparedPhoto[] = [];
    for (const file of files) {
      if (prepared.filter((photo) => 'file' in photo).length === max) break;
      const photo = await preparePicture(file, () => {
        if (pick === lastPick.current) setShrinking(true);
      });
      if (pick !== lastPick.current) return null;
      prepared.push(photo);
    }
    setShrinking(false);
    return prepared;
  }, []);
  return { shrinking, prepare };
}

/** Puts `files` in the file input in place of what was picked, so its form sends them. */
export function replaceFiles(input: HTMLInputElement, files: readonly File[]) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
}

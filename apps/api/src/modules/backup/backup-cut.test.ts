import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import {
  type Cut,
  cutDownload,
  listeningApp,
  openFilesUnder,
  WARNINGS_INTO,
} from '../../test/cut-download.ts';
import { engines } from '../../test/database.ts';

// A backup download cut short (docs/decisions/0035): an admin's phone losing the network, a page
// closed half-way. The shop must go on as if nothing happened: nothing unhandled, no file left
// open, the spool (a copy of the whole database) removed, one warning, no 'Dernière sauvegarde',
// and the next backup whole.

/** A video larger than every socket buffer between the shop and the client: a cut there is mid-media. */
const VIDEO_BYTES = 32 * 1024 * 1024;
const UNTIL = { timeout: 15_000, interval: 20 };

describe.each(engines)('a backup download cut short on %s', (engine) => {
  const bed = listeningApp(async (log) => {
    const t = await createTestApp(engine, WARNINGS_INTO(log));
    await seedCatalog(t.db);
    mkdirSync(t.config.mediaDir, { recursive: true });
    // Random bytes: gzip cannot shrink them, so the archive is as large as the video.
    writeFileSync(path.join(t.config.mediaDir, `${'d'.repeat(32)}.mp4`), randomBytes(VIDEO_BYTES));
    return t;
  });
  const { warnings } = bed;

  const spools = () => readdirSync(bed.t.config.tmpDir).filter((name) => name.startsWith('backup-'));
  const lastBackup = async () =>
    (await bed.t.app.inject({ method: 'GET', url: '/api/admin/backup/last', headers: bed.admin.auth })).json()
      .data.last;

  it.each<[string, Cut]>([
    ['right after the headers', { after: 'headers' }],
    ['in the first entries', { after: 300, how: 'reset' }],
    ['in the middle of a video', { after: VIDEO_BYTES / 4 }],
    ['in the middle of a video, the connection reset', { after: VIDEO_BYTES / 2, how: 'reset' }],
  ])('cut %s: the shop goes on, the spool is removed, one warning, nothing recorded', async (_, cut) => {
    const before = warnings().length;
    const answer = await cutDownload(
      `${bed.base}/api/admin/backup`,
      { method: 'POST', headers: bed.admin.auth },
      cut,
    );
    expect(answer.status).toBe(200);
    await vi.waitFor(() => {
      expect(spools()).toEqual([]);
      expect(warnings().length).toBeGreaterThan(before);
    }, UNTIL);
    expect(openFilesUnder(bed.t.config.dataDir)).toEqual([]);
    const added = warnings().slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/^Sauvegarde interrompue/) });
    expect(await lastBackup()).toBeNull();
    expect(bed.watch.failures).toEqual([]);
  });

  it('takes the next backup whole and records it once it has all been sent', async () => {
    const before = warnings().length;
    const res = await fetch(`${bed.base}/api/admin/backup`, { method: 'POST', headers: bed.admin.auth });
    expect(res.status).toBe(200);
    const bytes = (await res.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(VIDEO_BYTES);
    await vi.waitFor(async () => expect(await lastBackup()).toMatchObject({ source: 'admin', bytes }), UNTIL);
    expect(spools()).toEqual([]);
    expect(openFilesUnder(bed.t.config.dataDir)).toEqual([]);
    expect(warnings().slice(before)).toEqual([]);
    expect(bed.watch.failures).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from './app.ts';
import { type Cut, cutDownload, listeningApp, openFilesUnder, WARNINGS_INTO } from './cut-download.ts';
import { engines } from './database.ts';

// Every streamed answer cut short, as a phone losing the network does it: the orders' CSV (read
// from the database batch by batch) and a video of DATA_DIR/media (@fastify/static). The process
// goes on with nothing unhandled and no warning, every file it opened is closed, and the next
// request gets the whole answer. The backup has its own (modules/backup/backup-cut.test.ts).

/** Larger than every socket buffer between the shop and the client: a cut there is mid-answer. */
const ANSWER_BYTES = 32 * 1024 * 1024;
/** Orders with three long lines each: a CSV of about ANSWER_BYTES. */
const ORDERS = 20_000;
const UNTIL = { timeout: 15_000, interval: 20 };
/** A video's name as the shop makes it (`/media` serves no other, media-names.ts). */
const VIDEO = '0123456789abcdef0123456789abcdef.mp4';

/**
 * Once the app has closed, every cut answer has been wound up: nothing went wrong late either (a
 * test's own checks run as soon as the next answer is whole, which a late failure could follow).
 */
function whenClosed({ failures, warnings }: { failures: unknown[]; warnings: () => unknown[] }) {
  expect(failures).toEqual([]);
  expect(warnings()).toEqual([]);
}

describe.each(engines)('streamed answers cut short on %s', (engine) => {
  const bed = listeningApp(async (log) => {
    const t = await createTestApp(engine, WARNINGS_INTO(log));
    // In two statements rather than 20 000 fixtures: only the CSV's size matters here.
    await t.db.execute(sql`
      insert into orders (order_number, total_amount, total_items, contact_name, contact_phone)
      select 'CMD-20260101-' || lpad(g::text, 6, '0'), 7500, 3, 'Cliente ' || g, '+221770000000'
      from generate_series(1, ${ORDERS}) g`);
    await t.db.execute(sql`
      insert into order_items (order_id, product_name, variant_name, unit_price, quantity, total_price)
      select o.id, repeat('Savon noir au karité et à l''huile d''argan ', 8), 'Pot de 250 g', 2500, 1, 2500
      from orders o, generate_series(1, 3)`);
    mkdirSync(t.config.mediaDir, { recursive: true });
    writeFileSync(path.join(t.config.mediaDir, VIDEO), randomBytes(ANSWER_BYTES));
    return t;
  }, whenClosed);
  const { warnings } = bed;

  const cuts: [string, Cut][] = [
    ['right after the headers', { after: 'headers' }],
    ['half-way', { after: ANSWER_BYTES / 2 }],
    ['half-way, the connection reset', { after: ANSWER_BYTES / 4, how: 'reset' }],
  ];

  it.each(cuts)('the orders CSV cut %s: the shop goes on', async (_, cut) => {
    const before = warnings().length;
    const answer = await cutDownload(`${bed.base}/api/admin/orders/export`, { headers: bed.admin.auth }, cut);
    expect(answer.status).toBe(200);
    // The database is free for the next reader (on PGlite, its one connection).
    const list = await fetch(`${bed.base}/api/admin/orders?per_page=1`, { headers: bed.admin.auth });
    expect(list.status).toBe(200);
    expect(warnings().slice(before)).toEqual([]);
    expect(bed.watch.failures).toEqual([]);
  });

  it('exports the orders whole after those cuts', async () => {
    const res = await fetch(`${bed.base}/api/admin/orders/export`, { headers: bed.admin.auth });
    expect(res.status).toBe(200);
    // The header, then three lines per order (CRLF).
    expect((await res.text()).trimEnd().split('\r\n')).toHaveLength(1 + 3 * ORDERS);
    expect(bed.watch.failures).toEqual([]);
  });

  it.each<[string, Cut, string?]>([
    ...cuts,
    // A video player asks for ranges.
    ['asked for a range, half-way', { after: ANSWER_BYTES / 4 }, 'bytes=1000-'],
  ])('a video of DATA_DIR/media cut %s: its file is closed, the next answer whole', async (_, cut, range) => {
    const before = warnings().length;
    const answer = await cutDownload(`${bed.base}/media/${VIDEO}`, { headers: range ? { range } : {} }, cut);
    expect(answer.status).toBe(range ? 206 : 200);
    await vi.waitFor(() => expect(openFilesUnder(bed.t.config.mediaDir)).toEqual([]), UNTIL);
    const res = await fetch(`${bed.base}/media/${VIDEO}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(ANSWER_BYTES);
    expect(openFilesUnder(bed.t.config.mediaDir)).toEqual([]);
    expect(warnings().slice(before)).toEqual([]);
    expect(bed.watch.failures).toEqual([]);
  });
});

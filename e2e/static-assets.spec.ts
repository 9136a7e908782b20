import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

// The browser's files are compressed once, at build time (apps/web/vite.config.ts), and sent as
// they are: a phone asking for brotli gets the .br file's bytes, one asking for gzip the .gz file's,
// each kept a year (the names carry their content's hash).

const CLIENT_DIR = path.join(import.meta.dirname, '../apps/web/build/client');

/** The raw bytes of an answer, not decompressed (fetch would undo the encoding). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

test("the home page's script and stylesheet go out compressed at build time, as they are", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get('/')).text();
  // The framework's chunk, the largest file every page loads, and the stylesheet.
  const assets = [html.match(/\/assets\/vendor-[\w-]+\.js/)?.[0], html.match(/\/assets\/[\w.-]+\.css/)?.[0]];
  for (const asset of assets) {
    expect(asset).toBeTruthy();
    const file = path.join(CLIENT_DIR, asset as string);
    for (const [accept, encoding, suffix] of [
      ['br, gzip', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      ['identity', undefined, ''],
    ] as const) {
      const res = await rawGet(`${baseURL}${asset}`, { 'accept-encoding': accept });
      expect(res.status, `${asset} (${accept})`).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.body.equals(readFileSync(`${file}${suffix}`)), `${asset} (${accept})`).toBe(true);
    }
  }
});

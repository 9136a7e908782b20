import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_CSP, MEDIA_WIDTHS } from '../apps/api/src/modules/media/media-names.ts';
import { FOREIGN_MEDIA_NAMES, MEDIA_KEY, PLANTED_PAGE } from '../apps/api/src/test/media-fixtures.ts';
import { BROTLI_STATIC_MODULE, type LocalProxy, nginxPath, startLocalProxy } from './local-proxy.ts';

// The shipped nginx serves DATA_DIR/media from disk itself: the same names as the processes
// (media-names.ts), with the same sandboxing headers, and answers any other name with its own 404,
// never asking a process (which would serve nothing else either) and never reading it from disk.

const SERVED: Record<string, string> = {
  ...Object.fromEntries(MEDIA_WIDTHS.map((width) => [`${MEDIA_KEY}-${width}.webp`, 'image/webp'])),
  [`${MEDIA_KEY}.mp4`]: 'video/mp4',
};
const REFUSED = FOREIGN_MEDIA_NAMES;
/** A name of the shop not on this server's disk (written by a process on another). */
const ELSEWHERE = `${'f'.repeat(32)}-640.webp`;

function whatIsMissing(): string | null {
  if (!nginxPath()) return 'nginx is not installed (apt-get install -y nginx)';
  if (!existsSync(BROTLI_STATIC_MODULE))
    return 'the brotli_static module is not installed (apt-get install -y libnginx-mod-http-brotli-static)';
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const missing = whatIsMissing();
// CI installs nginx and its module (.ci/run): there, one missing is a failure, not a skip.
if (missing && !process.env.CI) console.warn(`[deploy] /media behind nginx NOT RUN: ${missing}`);

describe.skipIf(Boolean(missing) && !process.env.CI)('/media behind the shipped nginx', () => {
  let dataDir: string;
  let upstream: Server | undefined;
  let proxy: LocalProxy | undefined;
  /** The paths nginx asked of the "processes". */
  const asked: string[] = [];

  beforeAll(async () => {
    if (missing) throw new Error(`/media behind nginx cannot run: ${missing}`);
    dataDir = mkdtempSync(path.join(tmpdir(), 'souk-media-nginx-'));
    mkdirSync(path.join(dataDir, 'media', 'sub'), { recursive: true });
    for (const name of [...Object.keys(SERVED), ...REFUSED])
      writeFileSync(path.join(dataDir, 'media', name), PLANTED_PAGE);
    upstream = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.end('upstream');
    });
    await new Promise<void>((resolve) => upstream?.listen(0, '127.0.0.1', resolve));
    const { port: upstreamPort } = upstream.address() as AddressInfo;
    proxy = await startLocalProxy({ port: await freePort(), upstreams: [upstreamPort], dataDir });
  });

  afterAll(async () => {
    await proxy?.stop();
    if (upstream) await new Promise((resolve) => upstream?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(Object.entries(SERVED))(
    'serves %s from disk as %s, sandboxed and never sniffed',
    async (name, type) => {
      const res = await fetch(`${proxy?.url}/media/${name}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(PLANTED_PAGE);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asked).toEqual([]);
    },
  );

  it('answers a video by ranges, as players ask for it', async () => {
    const res = await fetch(`${proxy?.url}/media/${MEDIA_KEY}.mp4`, { headers: { range: 'bytes=2-5' } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe(PLANTED_PAGE.slice(2, 6));
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
  });

  it.each(REFUSED)('answers 404 for %s itself: neither from disk nor from a process', async (name) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${proxy?.url}/media/${name}`, { method });
      const body = await res.text();
      expect(res.status, method).toBe(404);
      expect(body).not.toContain('<script>');
      expect(body).not.toContain('upstream');
    }
    expect(asked).toEqual([]);
  });

  it("asks the processes for a name of the shop not on this server's disk", async () => {
    const res = await fetch(`${proxy?.url}/media/${ELSEWHERE}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('upstream');
    expect(asked).toEqual([`/media/${ELSEWHERE}`]);
    expect(proxy?.errorLog()).not.toMatch(/\[(emerg|alert|crit)\]/);
  });
});

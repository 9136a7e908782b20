import { readdirSync, readlinkSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { createTestApp } from './app.ts';
import { signedInUser } from './user-fixtures.ts';

// A download cut short, as a phone that loses the network or a page closed half-way does it: a
// real connection to a listening app, dropped after so many bytes of the answer. Only a real
// socket shows what the server does then (`inject` never cuts).

export type Cut = {
  /** 'headers': as soon as the answer's headers are in; a number: after that many bytes of its body. */
  after: 'headers' | number;
  /** 'reset' drops the connection at once (RST), as a lost network ends up doing; 'close' ends it (FIN). */
  how?: 'close' | 'reset';
};

/**
 * Sends one request to `url` over a raw socket and drops the connection at `cut`. Resolves with
 * the answer's status and the body bytes read; rejects if the answer ended before the cut (the
 * test then cuts nothing and says so).
 */
export function cutDownload(
  url: string,
  request: { method?: string; headers?: Record<string, string>; body?: string },
  cut: Cut,
): Promise<{ status: number; bodyBytes: number }> {
  const { hostname, port, pathname, search } = new URL(url);
  const body = request.body ?? '';
  const requestHead = [
    `${request.method ?? 'GET'} ${pathname}${search} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(body || request.method === 'POST' ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(requestHead + body));
    // The head is kept until its end is seen; after it, the body's bytes are only counted.
    let head = Buffer.alloc(0);
    let bodyBytes = -1;
    let done = false;
    socket.on('data', (chunk: Buffer) => {
      if (done) return;
      if (bodyBytes < 0) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        bodyBytes = head.length - end - 4;
      } else {
        bodyBytes += chunk.length;
      }
      if (cut.after !== 'headers' && bodyBytes < cut.after) return;
      done = true;
      const status = Number(head.subarray(0, 12).toString('latin1').split(' ')[1]);
      if (cut.how === 'reset') socket.resetAndDestroy();
      else socket.destroy();
      resolve({ status, bodyBytes });
    });
    socket.on('error', (error) => {
      if (!done) reject(error);
    });
    socket.on('close', () => {
      if (!done)
        reject(new Error(`the answer ended after ${bodyBytes} bytes of body, before the cut (${cut.after})`));
    });
  });
}

/**
 * The files under `dir` this process holds open (Linux's /proc/self/fd): a download cut short must
 * leave none, or the garbage collector closes them later (and warns), if it ever runs.
 */
export function openFilesUnder(dir: string): string[] {
  const prefix = `${path.resolve(dir)}${path.sep}`;
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(prefix)) open.push(target);
    } catch {
      // closed between the listing and the read
    }
  }
  return open;
}

/** Records the process's unhandled rejections and uncaught exceptions until `stop`. */
export function watchProcessFailures() {
  const failures: unknown[] = [];
  const record = (error: unknown) => failures.push(error);
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  return {
    failures,
    stop() {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    },
  };
}

/**
 * For a describe block: the app `open` makes (with `createTestApp`, passing it `log`, so that the
 * file is a database test for vitest.config.ts), on a real port with an admin, its warnings
 * collected and the process's failures watched from the start. `whenClosed` runs once the app has
 * closed (every request it was still working on finished): what went wrong late is seen there.
 */
export function listeningApp(
  open: (log: string[]) => Promise<TestApp>,
  whenClosed?: (bed: { failures: unknown[]; warnings: () => { level: number; msg: string }[] }) => void,
) {
  const log: string[] = [];
  let atStart = 0;
  const bed = {
    watch: watchProcessFailures(),
    t: undefined as unknown as TestApp,
    admin: undefined as unknown as Awaited<ReturnType<typeof signedInUser>>,
    base: '',
    /** The app's log lines at warning level and above, parsed. */
    warnings: () => log.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 40),
  };
  beforeAll(async () => {
    bed.t = await open(log);
    bed.admin = await signedInUser(bed.t.db, { role: 'admin' });
    await bed.t.app.listen({ port: 0, host: '127.0.0.1' });
    bed.base = `http://127.0.0.1:${(bed.t.app.server.address() as AddressInfo).port}`;
    atStart = bed.warnings().length;
  });
  afterAll(async () => {
    try {
      await bed.t?.close();
    } finally {
      bed.watch.stop();
    }
    // The warnings of the tests: not those of the app's start (a media folder made afterwards).
    whenClosed?.({ failures: bed.watch.failures, warnings: () => bed.warnings().slice(atStart) });
  });
  return bed;
}
/** Logs at warning level and above, into `log`: what a cut test reads. */
export const WARNINGS_INTO = (log: string[]) => ({ log, env: { LOG_LEVEL: 'warn' } });
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

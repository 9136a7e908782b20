// Child processes under test: the real Souk server (apps/web/start.ts) and the bare Fastify "ceiling" server.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { track } from './cleanup.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A temporary directory removed at the end (or at exit). */
export function tempDir(prefix: string): { dir: string; remove: () => Promise<void> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const rm = () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  const remove = track({ name: `temp dir ${dir}`, release: async () => rm(), releaseSync: rm });
  return { dir, remove };
}

// Souk's own configuration is removed from the inherited environment so the bench controls it.
const SOUK_ENV = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'PUBLIC_URL',
  'SMTP_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'LOG_LEVEL',
  'NODE_ENV',
  'REDIS_URL',
  'TRUST_PROXY',
  'WEB_CONCURRENCY',
  'RESPONSE_CACHE_MB',
  'AUTH_RATE_LIMIT_MAX',
  'AUTH_RATE_LIMIT_IP_MAX',
  'ORDER_RATE_LIMIT_MAX',
  'ORDER_RATE_LIMIT_IP_MAX',
];

export type ChildServer = {
  name: string;
  port: number;
  origin: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy answer of the health path. */
  startupMs: number;
  stop: () => Promise<void>;
};

export type StartOptions = {
  name: string;
  script: string;
  args?: string[];
  env: Record<string, string>;
  /** How long to wait for the health path (the first start migrates and seeds). */
  timeoutMs?: number;
  /** What must answer 2xx before the server counts as started: /api/health unless said. */
  healthPath?: string;
  /** Prints the child's output as it comes (BENCH_VERBOSE=1). */
  verbose?: boolean;
};

export async function startServer(options: StartOptions): Promise<ChildServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SOUK_ENV) delete env[key];
  // NODE_ENV stays unset unless the caller sets it: apps/web/start.ts then runs in production, as
  // `npm start` does.
  Object.assign(env, { LOG_LEVEL: 'warn', HOST: '127.0.0.1' }, options.env, { PORT: String(port) });

  const started = performance.now();
  const child = spawn(process.execPath, [options.script, ...(options.args ?? [])], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The first lines usually hold the error, the last ones what happened just before the exit.
  const head: string[] = [];
  const tail: string[] = [];
  let dropped = 0;
  const output = () => {
    if (!head.length) return 'It printed nothing.';
    const gap = dropped ? [`… (${dropped} lines)`] : [];
    return `Output:\n${[...head, ...gap, ...tail].join('\n')}`;
  };
  const onData = (chunk: Buffer) => {
    for (const raw of chunk.toString('utf8').split('\n')) {
      if (!raw.trim()) continue;
      const line = raw.length > 300 ? `${raw.slice(0, 300)}…` : raw;
      if (head.length < 25) head.push(line);
      else {
        tail.push(line);
        if (tail.length > 15) {
          tail.shift();
          dropped += 1;
        }
      }
      if (options.verbose) console.log(`  [${options.name}] ${line}`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  let exited = false;
  let exitStatus = '';
  const exitPromise = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      exitStatus = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
    child.on('error', (error) => {
      exited = true;
      exitStatus = error.message;
      resolve();
    });
  });

  const stop = track({
    name: `${options.name} server (pid ${child.pid})`,
    release: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    },
    releaseSync: () => {
      if (!exited) child.kill('SIGKILL');
    },
  });

  const origin = `http://127.0.0.1:${port}`;
  const healthPath = options.healthPath ?? '/api/health';
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(
        `${options.name} server exited (${exitStatus}) before answering ${healthPath}. ${output()}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `${options.name} server did not answer ${healthPath} within ${Math.round((options.timeoutMs ?? 240_000) / 1000)} s. ${output()}`,
      );
    }
    try {
      const res = await fetch(origin + healthPath, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    name: options.name,
    port,
    origin,
    child,
    startupMs: Math.round(performance.now() - started),
    stop,
  };
}

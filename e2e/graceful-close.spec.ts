import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// A server of its own, started as `npm start` starts it, on its own port and data directory.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const DATA_DIR = `var/e2e-close-${PORT}`;

function start() {
  const child = spawn(process.execPath, ['apps/web/start.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const health = () =>
  fetch(`http://127.0.0.1:${PORT}/api/health`).then(
    (res) => res.status,
    () => 0,
  );

test('on SIGTERM the server closes cleanly and exits 0; the shop starts again on the same data', async () => {
  // The first start migrates and seeds a demo shop: more time than a journey's default.
  test.slow();
  rmSync(DATA_DIR, { recursive: true, force: true });
  const running: ChildProcess[] = [];
  try {
    for (const round of ['first start', 'restart']) {
      const server = start();
      running.push(server.child);
      await expect.poll(health, { message: round, timeout: 60_000 }).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      expect(server.output()).toContain('SIGTERM reçu : fermeture propre');
      // The port is free again: nothing is left listening.
      expect(await health()).toBe(0);
    }
  } finally {
    for (const child of running)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
});

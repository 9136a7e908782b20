import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'souk-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a data directory held by another live process, in French', async () => {
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, 'souk.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(/est déjà utilisé par le processus/);
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock left by a crashed process and releases it', () => {
    writeFileSync(path.join(dir, 'souk.lock'), '999999');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'souk.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'souk.lock'))).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose holder was killed but not yet reaped (a zombie)',
    async () => {
      // The shell starts a child that exits at once, then becomes `sleep`, which never reaps it:
      // the child stays a zombie, as a server whose parent died with it in a SIGKILL of the group.
      const parent = spawn('sh', ['-c', 'true & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const zombie = await new Promise<number>((resolve) =>
          parent.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
        );
        await expect
          .poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 10_000 })
          .toBe('Z');
        // It still answers a signal: only its state tells it holds nothing.
        expect(() => process.kill(zombie, 0)).not.toThrow();
        writeFileSync(path.join(dir, 'souk.lock'), String(zombie));
        const release = lockDataDir(dir);
        expect(readFileSync(path.join(dir, 'souk.lock'), 'utf8')).toBe(String(process.pid));
        release();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );
});

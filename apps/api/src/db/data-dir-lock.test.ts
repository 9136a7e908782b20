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
    expect(readFileSync(path.join(dir, 'souk.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'souk.lock'))).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose holder was killed but not yet reaped (a zombie)',
    async () => {
      // The shell starts a child, then becomes `sleep`, which never reaps a child: once it has
      // (its name says so), the child is killed and stays a zombie, as a server whose parent died
      // with it in a SIGKILL of the group.
      const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const zombie = await new Promise<number>((resolve) =>
          parent.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
        );
        await expect.poll(() => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim()).toBe('sleep');
        process.kill(zombie, 'SIGKILL');
        await expect
          .poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 10_000 })
          .toBe('Z');
        // It still answers a signal: only its state tells it holds nothing.
        expect(() => process.kill(zombie, 0)).not.toThrow();
        writeFileSync(path.join(dir, 'souk.lock'), String(zombie));
        const release = lockDataDir(dir);
        expect(readFileSync(path.join(dir, 'souk.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
        release();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid another process has since, and keeps one its holder still has',
    () => {
      const other = spawn('sleep', ['30']);
      try {
        // The lock of a process that started at another time, whose pid was given to `other`.
        writeFileSync(path.join(dir, 'souk.lock'), `${other.pid} 1`);
        const release = lockDataDir(dir);
        release();
        // The same pid with its own start time: the holder is alive.
        const started = readFileSync(`/proc/${other.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
        writeFileSync(path.join(dir, 'souk.lock'), `${other.pid} ${started}`);
        expect(() => lockDataDir(dir)).toThrow(`est déjà utilisé par le processus ${other.pid}`);
      } finally {
        other.kill();
      }
    },
  );
});

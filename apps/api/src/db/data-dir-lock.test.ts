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
});

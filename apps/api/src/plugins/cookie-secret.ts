import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The key of the shop's own cookies (HMAC-SHA256): it signs the login devices' proofs
// (@fastify/cookie's `signed`) and digests the numbers guest orders were placed with, for the rate
// limits (docs/decisions/0012-rate-limits.md). Every process must sign alike and a restart must not
// forget it, or a customer's devices lose what they proved.

const SECRET_FILE = 'cookie-secret';

/**
 * COOKIE_SECRET when set; otherwise a random key made at the first start and kept in
 * DATA_DIR/cookie-secret (owner-only), which every process sharing DATA_DIR reads.
 */
export function cookieSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Written whole under another name, then linked into place: a process starting at the same
  // moment either wins the link or reads the winner's key, never half a file.
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readSecret(file);
}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} : clé de signature des cookies trop courte`);
  return secret;
}

import { createHash, randomBytes } from 'node:crypto';
import { DEVICE_COOKIE } from '@souk/domain/cookies';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { deviceCookieOf, setDeviceCookie } from '../../plugins/auth.ts';
import type { KnownDeviceOf } from '../../plugins/rate-limit.ts';
import { findAccount } from './auth.service.ts';

// A browser that has logged in to an account keeps a signed cookie saying so (ADR 0012): strangers
// typing her number from many addresses fill the login ceiling across addresses, and that ceiling
// does not hold her own devices. The cookie names the account, the device (its own counter, so a
// neighbour behind the same carrier NAT cannot use it up either) and a tag of the account's
// password hash: after a password change or reset it proves nothing, so a device that once knew
// the password gains no guesses once it has changed.

const PROOF = /^(\d{1,15})\.([\w-]{16})\.([\w-]{16})$/;

/** A tag of the current password's hash: not the hash, and different after every change. */
const passwordTag = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

function proofOf(request: FastifyRequest) {
  const match = PROOF.exec(deviceCookieOf(request, DEVICE_COOKIE) ?? '');
  return match ? { userId: Number(match[1]), device: match[2] as string, tag: match[3] } : undefined;
}

/** After a login or a registration: the device's proof that it knows the account's password. */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  account: { id: number; password_hash: string },
  publicUrl: string,
) {
  const proof = proofOf(request);
  const device = proof?.userId === account.id ? proof.device : randomBytes(12).toString('base64url');
  setDeviceCookie(
    reply,
    DEVICE_COOKIE,
    `${account.id}.${device}.${passwordTag(account.password_hash)}`,
    publicUrl,
  );
}

/**
 * For the login limiter: the device when its cookie is genuine and proves a login to the account
 * `identifier` designates, with its current password. Only a cookie whose signature holds costs a
 * read of the account.
 */
export const knownDevice =
  (db: Db): KnownDeviceOf =>
  async (request, identifier) => {
    const proof = proofOf(request);
    if (!proof) return undefined;
    const account = await findAccount(db, identifier);
    if (account?.id !== proof.userId || passwordTag(account.password_hash) !== proof.tag) return undefined;
    return { device: proof.device };
  };

import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { hashPassword } from './password.ts';
import { deleteUserSessions, revokeResetTokens } from './sessions.repository.ts';
import { findAnyAdmin, findUserByEmail, insertUser, updateUser } from './users.repository.ts';

export type AdminBootstrap =
  | { outcome: 'created'; email: string /** Set when generated: printed once. */; password?: string }
  | { outcome: 'updated'; email: string }
  /** ADMIN_EMAIL belongs to a customer account: never promoted (docs/decisions/0011). */
  | { outcome: 'refused'; email: string };

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD create that admin, or reset the password of that admin (ending its
 * sessions, which the old password opened). An account a customer registered with that address is
 * never promoted: whoever registered first must not find their live session turned into an admin
 * one. With no admin configured and none yet, one is created with a random password that the
 * caller prints once.
 */
export async function bootstrapAdmin(
  db: Db,
  configured: { email?: string; password?: string },
): Promise<AdminBootstrap | null> {
  const email = configured.email?.toLowerCase();
  if (email && configured.password) {
    const existing = await findUserByEmail(db, email);
    if (existing && existing.role !== 'admin') return { outcome: 'refused', email };
    const passwordHash = await hashPassword(configured.password);
    if (existing) {
      await db.transaction(async (tx) => {
        await updateUser(tx, existing.id, { password_hash: passwordHash, status: 'active' });
        await deleteUserSessions(tx, existing.id);
        await revokeResetTokens(tx, existing.id);
      });
      return { outcome: 'updated', email };
    }
    await insertUser(db, { name: 'Administrateur', email, password_hash: passwordHash, role: 'admin' });
    return { outcome: 'created', email };
  }
  if (await findAnyAdmin(db)) return null;
  const address = email ?? 'admin@souk.local';
  if (await findUserByEmail(db, address)) return { outcome: 'refused', email: address };
  const password = randomBytes(12).toString('base64url');
  await insertUser(db, {
    name: 'Administrateur',
    email: address,
    password_hash: await hashPassword(password),
    role: 'admin',
  });
  return { outcome: 'created', email: address, password };
}

import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { hashPassword } from './password.ts';
import { findAnyAdmin, findUserByEmail, insertUser, updateUser } from './users.repository.ts';

export type AdminBootstrap = { email: string; password?: string; created: boolean };

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD create or update that admin. With none configured and no admin yet,
 * one is created with a random password that the caller prints once.
 */
export async function bootstrapAdmin(
  db: Db,
  configured: { email?: string; password?: string },
): Promise<AdminBootstrap | null> {
  if (configured.email && configured.password) {
    const email = configured.email.toLowerCase();
    const passwordHash = await hashPassword(configured.password);
    const existing = await findUserByEmail(db, email);
    if (existing) {
      await updateUser(db, existing.id, { password_hash: passwordHash, role: 'admin', status: 'active' });
      return { email, created: false };
    }
    await insertUser(db, { name: 'Administrateur', email, password_hash: passwordHash, role: 'admin' });
    return { email, created: true };
  }
  if (await findAnyAdmin(db)) return null;
  const email = configured.email?.toLowerCase() ?? 'admin@souk.local';
  const password = randomBytes(12).toString('base64url');
  await insertUser(db, {
    name: 'Administrateur',
    email,
    password_hash: await hashPassword(password),
    role: 'admin',
  });
  return { email, password, created: true };
}

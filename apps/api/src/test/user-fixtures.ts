import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { hashToken, newToken, SESSION_TTL_MS } from '../modules/auth/tokens.ts';

export const PASSWORD = 'motdepasse-sûr';
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

let counter = 0;

type UserInput = {
  name?: string;
  email?: string | null;
  whatsapp_phone?: string | null;
  password?: string;
  role?: 'admin' | 'client';
  status?: 'active' | 'blocked';
};

/** A user straight in the database (password hashed with argon2id like the API does). */
export async function addUser(db: Db, input: UserInput = {}) {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      name: input.name ?? `Client ${counter}`,
      email: input.email === undefined ? `client${counter}-${Date.now()}@exemple.sn` : input.email,
      whatsapp_phone:
        input.whatsapp_phone === undefined
          ? `+22177${String(counter).padStart(7, '0')}`
          : input.whatsapp_phone,
      password_hash: await hashOf(input.password ?? PASSWORD),
      role: input.role ?? 'client',
      status: input.status ?? 'active',
    })
    .returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

/** A live session for a user, as login would open it; answers the bearer token. */
export async function sessionFor(db: Db, userId: number) {
  const token = newToken();
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + SESSION_TTL_MS).toISOString(),
  });
  return token;
}

/** A user with a session: `{ user, token, auth }` where `auth` is the bearer header. */
export async function signedInUser(db: Db, input: UserInput = {}) {
  const user = await addUser(db, input);
  const token = await sessionFor(db, user.id);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

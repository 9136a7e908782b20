import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.whatsapp_phone, phone)).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Whether another user than `exceptId` already holds this e-mail or phone. */
export async function contactTaken(
  db: DbOrTx,
  field: 'email' | 'whatsapp_phone',
  value: string,
  exceptId?: number,
): Promise<boolean> {
  const column = field === 'email' ? users.email : users.whatsapp_phone;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? eq(column, value) : and(eq(column, value), ne(users.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function findAnyAdmin(db: DbOrTx): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.role, 'admin')).limit(1);
  return row ?? null;
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function updateUser(db: DbOrTx, id: number, patch: Partial<NewUser>) {
  await db
    .update(users)
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where(and(eq(users.id, id)));
}

/** Records a login of an active account; answers false when the account is blocked (nothing written). */
export async function recordLogin(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ last_login_at: new Date().toISOString() })
    .where(and(eq(users.id, id), eq(users.status, 'active')))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The name and role of each account among `ids` (those still there). */
export async function findNames(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.id, ids));
}

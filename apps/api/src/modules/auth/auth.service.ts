import { EMAIL_TAKEN, PHONE_TAKEN } from '@souk/domain/account-messages';
import {
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type LoginInput,
  parseLoginIdentifier,
  type QuickRegisterInput,
  type ResetPasswordInput,
  type UpdateProfileInput,
  type User,
} from '@souk/domain/auth';
import { z } from 'zod';
import { AppError } from '#shared/app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mergeGuestCart } from '../cart/cart.service.ts';
import type { JobHandler } from '../jobs/job-runner.ts';
import { enqueueJob } from '../jobs/jobs.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { toUser } from './auth.mapper.ts';
import { hashPassword, verifyPassword } from './password.ts';
import * as sessions from './sessions.repository.ts';
import {
  hashToken,
  newToken,
  RESET_RESEND_INTERVAL_MS,
  RESET_TOKEN_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_TTL_MS,
} from './tokens.ts';
import * as users from './users.repository.ts';

/** Who made an order's changes: each account's name and role (the orders' history shows them). */
export const findAccountNames = (db: DbOrTx, ids: number[]) => users.findNames(db, ids);
/** The account whose WhatsApp number is `phone` (international form), if any. */
export const findAccountIdByWhatsapp = async (db: DbOrTx, phone: string) =>
  (await users.findUserByPhone(db, phone))?.id ?? null;

// The housekeeping timer's purges of what can no longer serve.
export { deleteDeadResetTokens, deleteDeadSessions } from './sessions.repository.ts';

export const BLOCKED_MESSAGE = 'Votre compte a été bloqué. Contactez la boutique sur WhatsApp.';
const BAD_CREDENTIALS = 'Identifiants incorrects';
const INVALID_RESET = 'Lien de réinitialisation invalide ou expiré';

export type AuthDeps = { db: Db; mailer: Mailer; publicUrl: string; log: (line: string) => void };
export type ClientMeta = { userAgent?: string; guestSessionId?: string };
export type AuthenticatedUser = User & { status: 'active' | 'blocked' };
export type Authentication = { user: AuthenticatedUser; sessionId: number };

// A hash to verify against when no account matches, so a wrong e-mail costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;
const verifyDummy = (password: string) => {
  dummyHash ??= hashPassword('mot de passe factice');
  return dummyHash.then((h) => verifyPassword(h, password));
};

async function openSession(db: DbOrTx, userId: number, meta: ClientMeta) {
  const token = newToken();
  await sessions.insertSession(db, {
    user_id: userId,
    token_hash: hashToken(token),
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    expires_at: new Date(Date.now() + SESSION_TTL_MS).toISOString(),
  });
  return token;
}

/** Refuses an e-mail or phone another account holds, with the registration's messages. */
export async function assertContactsFree(
  db: DbOrTx,
  contacts: { email?: string; whatsapp_phone?: string },
  exceptId?: number,
) {
  const errors: Record<string, string[]> = {};
  if (contacts.email && (await users.contactTaken(db, 'email', contacts.email, exceptId))) {
    errors.email = [EMAIL_TAKEN];
  }
  if (
    contacts.whatsapp_phone &&
    (await users.contactTaken(db, 'whatsapp_phone', contacts.whatsapp_phone, exceptId))
  ) {
    errors.whatsapp_phone = [PHONE_TAKEN];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
}

/** A unique-index race lost to a concurrent registration gets the same answer as the pre-check. */
export function rethrowContactConflict(error: unknown): never {
  const text = isUniqueViolation(error);
  if (text?.includes('whatsapp'))
    throw new AppError('validation', PHONE_TAKEN, { whatsapp_phone: [PHONE_TAKEN] });
  if (text?.includes('email')) throw new AppError('validation', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  throw error;
}

/** Creates a client account and logs it in; a guest cart sent along is merged into the new user's cart. */
export async function register(db: Db, input: QuickRegisterInput, meta: ClientMeta) {
  await assertContactsFree(db, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const user = await users.insertUser(tx, {
        name: input.name,
        email: input.email ?? null,
        whatsapp_phone: input.whatsapp_phone,
        password_hash: passwordHash,
        role: 'client',
        last_login_at: new Date().toISOString(),
      });
      const token = await openSession(tx, user.id, meta);
      const guestSessionId = input.session_id ?? meta.guestSessionId;
      if (guestSessionId) await mergeGuestCart(tx, guestSessionId, user.id);
      return { token, user: toUser(user), account: user };
    });
  } catch (error) {
    rethrowContactConflict(error);
  }
}

/** The account an e-mail or phone (in any of its forms) designates, or null. */
export async function findAccount(db: Db, identifier: string): Promise<users.UserRow | null> {
  const ref = parseLoginIdentifier(identifier);
  if (!ref) return null;
  return 'email' in ref ? users.findUserByEmail(db, ref.email) : users.findUserByPhone(db, ref.phone);
}

/**
 * The session opened, its user, and the account's id and password hash: the route gives the device
 * its proof of this login (known-device.ts), never the hash itself.
 */
export async function login(db: Db, input: LoginInput, meta: ClientMeta) {
  const user = await findAccount(db, input.identifier);
  const ok = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyDummy(input.password);
  if (!user || !ok) throw new AppError('unauthorized', BAD_CREDENTIALS);
  // The block is told only to whoever knows the password.
  if (user.status === 'blocked') throw new AppError('forbidden', BLOCKED_MESSAGE);
  return db.transaction(async (tx) => {
    // Checked again as the login is recorded: a block committed since the read above wins, so no
    // session outlives it (blocking deletes the sessions that exist; this one would come after).
    if (!(await users.recordLogin(tx, user.id))) throw new AppError('forbidden', BLOCKED_MESSAGE);
    const token = await openSession(tx, user.id, meta);
    const guestSessionId = input.session_id ?? meta.guestSessionId;
    if (guestSessionId) await mergeGuestCart(tx, guestSessionId, user.id);
    return { token, user: toUser(user), account: user };
  });
}

/** The session and user behind a token, or null when unknown or expired. Touches last_used_at now and then. */
export async function authenticate(db: Db, token: string): Promise<Authentication | null> {
  if (!token || token.length > 200) return null;
  const row = await sessions.findLiveSession(db, hashToken(token));
  if (!row) return null;
  const lastUsed = new Date(row.session.last_used_at).getTime();
  if (Date.now() - lastUsed > SESSION_TOUCH_INTERVAL_MS) {
    await sessions.touchSession(
      db,
      row.session.id,
      new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS).toISOString(),
    );
  }
  return { user: { ...toUser(row.user), status: row.user.status }, sessionId: row.session.id };
}

export async function logout(db: Db, sessionId: number) {
  await sessions.deleteSession(db, sessionId);
}

export async function currentUser(db: Db, userId: number): Promise<User> {
  const user = await users.findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'Non authentifié');
  return toUser(user);
}

async function assertCurrentPassword(db: Db, userId: number, password: string | undefined) {
  const user = await users.findUserById(db, userId);
  if (!user || password === undefined || !(await verifyPassword(user.password_hash, password))) {
    const message = 'Le mot de passe actuel est incorrect';
    throw new AppError('validation', message, { current_password: [message] });
  }
  return user;
}

/**
 * One field of the profile. A new e-mail or WhatsApp number (a login identifier and the reset
 * channel) needs the current password and ends the account's other sessions.
 */
export async function updateProfile(db: Db, auth: Authentication, input: UpdateProfileInput): Promise<User> {
  const { current_password, ...fields } = input;
  const userId = auth.user.id;
  const credential = fields.email !== undefined || fields.whatsapp_phone !== undefined;
  if (credential) await assertCurrentPassword(db, userId, current_password);
  await assertContactsFree(db, fields, userId);
  try {
    await db.transaction(async (tx) => {
      await users.updateUser(tx, userId, fields);
      if (credential) {
        await sessions.deleteUserSessions(tx, userId, auth.sessionId);
        // A link mailed to the old address must not outlive the change.
        await sessions.revokeResetTokens(tx, userId);
      }
    });
  } catch (error) {
    rethrowContactConflict(error);
  }
  return currentUser(db, userId);
}

export async function changePassword(db: Db, auth: Authentication, input: ChangePasswordInput) {
  const user = await assertCurrentPassword(db, auth.user.id, input.current_password);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await users.updateUser(tx, user.id, { password_hash: passwordHash });
    await sessions.deleteUserSessions(tx, user.id, auth.sessionId);
    await sessions.revokeResetTokens(tx, user.id);
  });
}

/**
 * A single-use link to choose a password, valid `ttlMs` (its token's hash stored), made in the
 * caller's transaction. Only the newest link works: issuing one makes the older ones useless.
 */
export async function issuePasswordLink(tx: DbOrTx, publicUrl: string, userId: number, ttlMs: number) {
  const token = newToken();
  await sessions.revokeResetTokens(tx, userId);
  await sessions.insertResetToken(tx, {
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + ttlMs).toISOString(),
  });
  return `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * 'Mot de passe oublié', asked: a job (docs/decisions/0034) does the rest after the answer, so
 * known and unknown accounts answer alike and in the same time, and a mail server that is down
 * delays the link rather than losing it. The job holds what was typed, never a link.
 */
export async function requestPasswordReset(db: Db, input: ForgotPasswordInput) {
  await enqueueJob(db, RESET_LINK_JOB, input, { maxAttempts: RESET_LINK_ATTEMPTS });
}

/** The job of a 'Mot de passe oublié'. */
export const RESET_LINK_JOB = 'auth.reset-link';
/** 30 s, 1, 2 and 4 minutes: past that, a link valid one hour is better asked for again. */
const RESET_LINK_ATTEMPTS = 5;

/** The job's payload: the request as validated (an e-mail, or a number in E.164). */
const ResetLinkJobSchema = z.union([z.object({ email: z.string() }), z.object({ phone: z.string() })]);

export const authJobHandlers = (deps: AuthDeps): Record<string, JobHandler> => ({
  [RESET_LINK_JOB]: (payload) => mailPasswordReset(deps, ResetLinkJobSchema.parse(payload)),
});

/**
 * For a known, active account found by its e-mail or its WhatsApp number, with an e-mail: a
 * single-use token valid one hour (its hash stored) and an e-mail with the link. An account without
 * an e-mail gets its link from the shop, over WhatsApp (the customer's profile in the back office
 * sends one). When the mail does not go, the link is revoked and the error thrown: the job's next
 * attempt issues a fresh one (the resend interval would otherwise keep it from trying).
 */
async function mailPasswordReset(deps: AuthDeps, input: ForgotPasswordInput) {
  const user =
    'email' in input
      ? await users.findUserByEmail(deps.db, input.email)
      : await users.findUserByPhone(deps.db, input.phone);
  if (!user?.email || user.status === 'blocked') return;
  // Asked again within minutes: the link just sent stands (no mail bombing, no link revoked by a
  // stranger before its owner could use it).
  if (await sessions.hasRecentResetToken(deps.db, user.id, RESET_RESEND_INTERVAL_MS)) return;
  const link = await deps.db.transaction((tx) =>
    issuePasswordLink(tx, deps.publicUrl, user.id, RESET_TOKEN_TTL_MS),
  );
  const text = [
    `Bonjour ${user.name},`,
    '',
    'Vous avez demandé à réinitialiser le mot de passe de votre compte Souk.',
    'Cliquez sur le lien ci-dessous pour choisir un nouveau mot de passe (valable une heure) :',
    '',
    link,
    '',
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    '',
    "L'équipe Souk",
  ].join('\n');
  try {
    await deps.mailer.send({ to: user.email, subject: 'Réinitialisation de votre mot de passe', text });
  } catch (error) {
    await sessions.revokeResetTokens(deps.db, user.id);
    throw error;
  }
}

/** Answers the contacts the account is known by: strangers' attempts at them are forgotten. */
export async function resetPassword(db: Db, input: ResetPasswordInput): Promise<string[]> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const userId = await sessions.consumeResetToken(tx, hashToken(input.token));
    if (!userId) throw new AppError('validation', INVALID_RESET, { token: [INVALID_RESET] });
    await users.updateUser(tx, userId, { password_hash: passwordHash });
    await sessions.deleteUserSessions(tx, userId);
    await sessions.revokeResetTokens(tx, userId);
    const user = await users.findUserById(tx, userId);
    return [user?.email, user?.whatsapp_phone].filter((contact): contact is string => Boolean(contact));
  });
}

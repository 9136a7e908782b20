import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app.ts';
import { jobs, password_reset_tokens } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { addUser, PASSWORD, signedInUser } from '../../test/user-fixtures.ts';
import { RESET_LINK_JOB } from './auth.service.ts';

// A reset link is a credential: only the newest works, a password change ends them all, and the
// answer to "forgot password" tells nothing, not even by its timing, about whether the account exists.
describe.each(engines)('password-reset links on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  const queuedLinks = async () =>
    (
      await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, RESET_LINK_JOB), eq(jobs.status, 'queued')))
    ).length;
  afterAll(() => t?.close());

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (token: string, password = 'tout-nouveau-1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password, password_confirmation: password },
    });
  const linkTo = (email: string, nth = -1) => {
    const text = t.mail.to(email).at(nth)?.text ?? '';
    const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no link mailed to ${email}`);
    return decodeURIComponent(token);
  };
  const sentMinutesAgo = (userId: number, minutes: number) =>
    t.db
      .update(password_reset_tokens)
      .set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where(eq(password_reset_tokens.user_id, userId));
  const liveTokens = async (userId: number) =>
    t.db
      .select()
      .from(password_reset_tokens)
      .where(and(eq(password_reset_tokens.user_id, userId), isNull(password_reset_tokens.used_at)));

  it('answers before looking the account up, so known and unknown addresses answer alike', async () => {
    const user = await addUser(t.db, { email: 'connue@exemple.sn' });
    const known = await forgot('connue@exemple.sn');
    const unknown = await forgot('inconnue@exemple.sn');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // Nothing was done for either before the answers went: no token, no mail.
    expect(await queuedLinks()).toBe(2);
    expect(await liveTokens(user.id)).toEqual([]);
    expect(t.mail.to('connue@exemple.sn')).toEqual([]);
    await t.app.jobs.runDue();
    expect(await liveTokens(user.id)).toHaveLength(1);
    expect(t.mail.to('connue@exemple.sn')).toHaveLength(1);
    expect(t.mail.to('inconnue@exemple.sn')).toEqual([]);
  });

  it('makes an older link useless when a new one is asked for', async () => {
    const user = await addUser(t.db, { email: 'deux-liens@exemple.sn' });
    await forgot('deux-liens@exemple.sn');
    await t.app.jobs.runDue();
    const first = linkTo('deux-liens@exemple.sn');
    await sentMinutesAgo(user.id, 3);
    await forgot('deux-liens@exemple.sn');
    await t.app.jobs.runDue();
    const second = linkTo('deux-liens@exemple.sn');
    expect(second).not.toBe(first);
    expect((await reset(first)).statusCode).toBe(422);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('sends no second link within two minutes, so nobody can mail-bomb a customer or revoke their link', async () => {
    await addUser(t.db, { email: 'harcelee@exemple.sn' });
    for (let i = 0; i < 5; i += 1) await forgot('harcelee@exemple.sn');
    await t.app.jobs.runDue();
    expect(t.mail.to('harcelee@exemple.sn')).toHaveLength(1);
    expect((await reset(linkTo('harcelee@exemple.sn'))).statusCode).toBe(200);
  });

  it('makes every link useless once the password is changed', async () => {
    const { user, auth } = await signedInUser(t.db, { email: 'change-lien@exemple.sn' });
    await forgot('change-lien@exemple.sn');
    await t.app.jobs.runDue();
    const link = linkTo('change-lien@exemple.sn');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: {
        current_password: PASSWORD,
        password: 'autre-secret-9',
        password_confirmation: 'autre-secret-9',
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await liveTokens(user.id)).toEqual([]);
    expect((await reset(link)).statusCode).toBe(422);
  });
});

describe('the request log', () => {
  it('never holds a reset token, a cart id or a customer’s number from a query string', () => {
    expect(redactUrl('/auth/reset-password?token=AbC_123-xyz')).toBe('/auth/reset-password?token=[masqué]');
    expect(redactUrl('/auth/login?redirectTo=%2Fcart&identifier=%2B221771234567')).toBe(
      '/auth/login?redirectTo=%2Fcart&identifier=[masqué]',
    );
    expect(redactUrl('/x?a=1&token=s3cr3t&b=2')).toBe('/x?a=1&token=[masqué]&b=2');
    expect(redactUrl('/api/products?search=argan')).toBe('/api/products?search=argan');
    // Meta's verification token, and the tracking links' tokens (the page, its data, the API).
    expect(redactUrl('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=mot&hub.challenge=1')).toBe(
      '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=[masqué]&hub.challenge=1',
    );
    expect(redactUrl('/suivi/Q2hhbmdlbWVfaWNpX3N1aXZp')).toBe('/suivi/[masqué]');
    expect(redactUrl('/suivi/Q2hhbmdlbWVfaWNpX3N1aXZp.data?_routes=x')).toBe('/suivi/[masqué]?_routes=x');
    expect(redactUrl('/api/tracking/Q2hhbmdlbWVfaWNpX3N1aXZp')).toBe('/api/tracking/[masqué]');
  });

  it('logs every request through that redaction', async () => {
    const log: string[] = [];
    const app = await createTestApp('pglite', { log, env: { LOG_LEVEL: 'info' } });
    try {
      await app.app.inject({ method: 'GET', url: '/api/products?search=argan&token=secret-du-lien' });
      const lines = log.join('');
      expect(lines).toContain('/api/products?search=argan&token=[masqué]');
      expect(lines).not.toContain('secret-du-lien');
    } finally {
      await app.close();
    }
  });
});

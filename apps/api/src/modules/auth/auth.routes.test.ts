import { loginTooMany } from '@souk/domain/account-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password_reset_tokens, sessions, users } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { addUser, PASSWORD, signedInUser } from '../../test/user-fixtures.ts';

const HIGH = { max: 10_000, windowMs: 60_000 };
type Json = Record<string, unknown>;

describe.each(engines)('auth API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { PUBLIC_URL: 'https://souk.example' },
      authRateLimits: { perIp: HIGH, perIdentifier: HIGH },
    });
  });
  afterAll(() => t?.close());

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: Json,
    headers: Record<string, string> = {},
    cookies?: Record<string, string>,
  ) => {
    const res = await t.app.inject({ method, url, headers, cookies, ...(body ? { payload: body } : {}) });
    return { status: res.statusCode, body: res.json(), cookies: res.cookies, headers: res.headers };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const registration = (n: string) => ({
    name: `Awa ${n}`,
    email: `awa.${n}@exemple.sn`,
    whatsapp_phone: `+221 78 000 00 ${n.padStart(2, '0')}`,
    password: 'motdepasse',
    password_confirmation: 'motdepasse',
  });

  describe('register', () => {
    it('creates a client, logs it in with a token and an httpOnly SameSite=Lax cookie', async () => {
      const res = await call('POST', '/api/auth/register', registration('1'));
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.data.user).toEqual({
        id: expect.any(Number),
        name: 'Awa 1',
        email: 'awa.1@exemple.sn',
        whatsapp_phone: '+221780000001',
        role: 'client',
        created_at: expect.any(String),
      });
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = res.cookies.find((c) => c.name === 'session');
      expect(cookie).toMatchObject({
        value: res.body.data.token,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(cookie?.secure).toBe(true); // PUBLIC_URL is https

      const me = await call('GET', '/api/auth/me', undefined, bearer(res.body.data.token));
      expect(me.body).toEqual({ success: true, data: res.body.data.user });
      const viaCookie = await call('GET', '/api/auth/me', undefined, {}, { session: res.body.data.token });
      expect(viaCookie.body.data.id).toBe(res.body.data.user.id);

      // Only a hash of the token is stored.
      const stored = await t.db.select().from(sessions).where(eq(sessions.user_id, res.body.data.user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.token_hash).not.toBe(res.body.data.token);
      expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('answers 422 with French field errors', async () => {
      const res = await call('POST', '/api/auth/register', {
        name: 'A',
        whatsapp_phone: '0612',
        email: 'faux',
        password: 'court',
        password_confirmation: 'autre',
      });
      expect(res.status).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors).toEqual({
        name: ['Le nom doit contenir au moins 2 caractères'],
        whatsapp_phone: ['Format de numéro WhatsApp invalide'],
        email: ["Format d'email invalide"],
        password: ['Le mot de passe doit contenir au moins 8 caractères'],
        password_confirmation: ['Les mots de passe ne correspondent pas'],
      });
    });

    it('refuses an e-mail or phone already used, whatever its spelling', async () => {
      await call('POST', '/api/auth/register', registration('2'));
      for (const whatsapp_phone of ['221780000002', '78 000 00 02', '00221 78-000-00-02']) {
        const again = await call('POST', '/api/auth/register', {
          ...registration('2'),
          email: 'AWA.2@exemple.sn',
          whatsapp_phone,
        });
        expect(again.status, whatsapp_phone).toBe(422);
        expect(again.body.errors).toEqual({
          email: ['Cet email est déjà utilisé'],
          whatsapp_phone: ['Ce numéro WhatsApp est déjà utilisé'],
        });
      }
    });

    it("stores a number typed the local way in E.164, read in the shop's country", async () => {
      const res = await call('POST', '/api/auth/register', {
        ...registration('5'),
        whatsapp_phone: '77 123 45 67',
      });
      expect(res.status).toBe(201);
      expect(res.body.data.user.whatsapp_phone).toBe('+221771234567');
      const [row] = await t.db.select().from(users).where(eq(users.id, res.body.data.user.id));
      expect(row?.whatsapp_phone).toBe('+221771234567');
    });

    it('takes an Ivorian number in any of its written forms as one number, and says what is missing from one it cannot read', async () => {
      const first = await call('POST', '/api/auth/register', {
        ...registration('6'),
        whatsapp_phone: '00225 07 07 12 34 56',
      });
      expect(first.status).toBe(201);
      expect(first.body.data.user.whatsapp_phone).toBe('+2250707123456');
      for (const whatsapp_phone of ['(+225) 0707123456', '+225-07-07-12-34-56']) {
        const again = await call('POST', '/api/auth/register', { ...registration('7'), whatsapp_phone });
        expect(again.body.errors, whatsapp_phone).toEqual({
          whatsapp_phone: ['Ce numéro WhatsApp est déjà utilisé'],
        });
      }
      // Typed the Abidjan way in a shop in Dakar: not a Senegalese number; the code is what it lacks.
      const local = await call('POST', '/api/auth/register', {
        ...registration('8'),
        whatsapp_phone: '07 07 12 34 56',
      });
      expect(local.status).toBe(422);
      expect(local.body.errors).toEqual({
        whatsapp_phone: [
          "Format de numéro WhatsApp invalide. Indiquez l'indicatif du pays, par exemple +221…",
        ],
      });
    });

    it('ignores a smuggled role, status or id', async () => {
      const res = await call('POST', '/api/auth/register', {
        ...registration('3'),
        role: 'admin',
        status: 'blocked',
        id: 1,
      });
      expect(res.status).toBe(201);
      expect(res.body.data.user.role).toBe('client');
      const [row] = await t.db.select().from(users).where(eq(users.id, res.body.data.user.id));
      expect(row).toMatchObject({ role: 'client', status: 'active' });
    });

    it('quick-registers without a confirmation', async () => {
      const { password_confirmation: _, ...quick } = registration('4');
      const res = await call('POST', '/api/auth/quick-register', { ...quick, email: '' });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Inscription réussie ! Vous pouvez maintenant finaliser votre commande.');
      expect(res.body.data.user).toMatchObject({ email: null, whatsapp_phone: '+221780000004' });
      expect(res.body.data.token).toEqual(expect.any(String));
    });
  });

  describe('login', () => {
    it('logs in by e-mail or by phone in any of its forms, and records last_login_at', async () => {
      const user = await addUser(t.db, { email: 'fatou@exemple.sn', whatsapp_phone: '+221770001122' });
      for (const body of [
        { email: 'Fatou@Exemple.sn', password: PASSWORD },
        { email: '+221 77 000 11 22', password: PASSWORD },
        { email: '77 000 11 22', password: PASSWORD },
        { email: '00221 77 000 11 22', password: PASSWORD },
        { phone: '221770001122', password: PASSWORD },
        { identifier: '+221770001122', password: PASSWORD },
      ]) {
        const res = await call('POST', '/api/auth/login', body);
        expect(res.status, JSON.stringify(body)).toBe(200);
        expect(res.body.message).toBe('Connexion réussie');
        expect(res.body.data.user).toEqual({
          id: user.id,
          name: user.name,
          email: 'fatou@exemple.sn',
          whatsapp_phone: '+221770001122',
          role: 'client',
          created_at: new Date(user.created_at).toISOString(),
        });
        expect(res.body.data.token).toEqual(expect.any(String));
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.last_login_at).not.toBeNull();
    });

    it('answers the same 401 for a wrong password and an unknown account', async () => {
      await addUser(t.db, { email: 'moussa@exemple.sn' });
      for (const body of [
        { email: 'moussa@exemple.sn', password: 'mauvais-mot' },
        { email: 'personne@exemple.sn', password: PASSWORD },
        { email: '+221 70 999 99 99', password: PASSWORD },
        { email: 'n-importe-quoi', password: PASSWORD },
      ]) {
        const res = await call('POST', '/api/auth/login', body);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, message: 'Identifiants incorrects' });
      }
    });

    it('refuses a blocked user with 403 and the message, and refuses its existing sessions', async () => {
      const blocked = await signedInUser(t.db, { email: 'bloque@exemple.sn', status: 'blocked' });
      const res = await call('POST', '/api/auth/login', { email: 'bloque@exemple.sn', password: PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        message: 'Votre compte a été bloqué. Contactez la boutique sur WhatsApp.',
      });
      const me = await call('GET', '/api/auth/me', undefined, blocked.auth);
      expect(me.status).toBe(403);
      expect(me.body.message).toBe('Votre compte a été bloqué. Contactez la boutique sur WhatsApp.');
      // A wrong password does not reveal the block.
      const wrong = await call('POST', '/api/auth/login', { email: 'bloque@exemple.sn', password: 'x' });
      expect(wrong.status).toBe(401);
    });

    it('requires an identifier and a password', async () => {
      const res = await call('POST', '/api/auth/login', { password: 'x' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ email: ["L'email ou le numéro WhatsApp est requis"] });
    });
  });

  describe('session', () => {
    it('answers 401 without, or with an unknown or expired token', async () => {
      expect((await call('GET', '/api/auth/me')).body).toEqual({
        success: false,
        message: 'Non authentifié',
      });
      expect((await call('GET', '/api/auth/me', undefined, bearer('inconnu'))).status).toBe(401);
      const { user, auth } = await signedInUser(t.db);
      await t.db
        .update(sessions)
        .set({ expires_at: '2020-01-01T00:00:00Z' })
        .where(eq(sessions.user_id, user.id));
      expect((await call('GET', '/api/auth/me', undefined, auth)).status).toBe(401);
    });

    it('touches last_used_at at most every few minutes', async () => {
      const { user, auth } = await signedInUser(t.db);
      // Ten minutes ago: past the touch interval, well within the idle period.
      const old = new Date(Date.now() - 10 * 60_000).toISOString();
      await t.db.update(sessions).set({ last_used_at: old }).where(eq(sessions.user_id, user.id));
      await call('GET', '/api/auth/me', undefined, auth);
      const [touched] = await t.db.select().from(sessions).where(eq(sessions.user_id, user.id));
      expect(new Date(touched?.last_used_at ?? old).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('logs out: the session is revoked and the cookie cleared', async () => {
      const { auth } = await signedInUser(t.db);
      const res = await call('POST', '/api/auth/logout', undefined, auth);
      expect(res.body).toEqual({ success: true, message: 'Déconnexion réussie' });
      const cleared = res.cookies.find((c) => c.name === 'session');
      expect(cleared?.value).toBe('');
      expect((await call('GET', '/api/auth/me', undefined, auth)).status).toBe(401);
      expect((await call('POST', '/api/auth/logout', undefined, auth)).status).toBe(401);
    });

    it('refuses cookie-authenticated writes from another origin, not bearer ones', async () => {
      const { token, auth } = await signedInUser(t.db);
      const cookie = { session: token };
      const foreign = await call(
        'PUT',
        '/api/auth/me',
        { name: 'Pirate' },
        { origin: 'https://evil.example' },
        cookie,
      );
      expect(foreign.status).toBe(403);
      expect(foreign.body.success).toBe(false);
      const byReferer = await call(
        'PUT',
        '/api/auth/me',
        { name: 'Pirate' },
        { referer: 'https://evil.example/page' },
        cookie,
      );
      expect(byReferer.status).toBe(403);
      const own = await call(
        'PUT',
        '/api/auth/me',
        { name: 'Légitime' },
        { origin: 'https://souk.example' },
        cookie,
      );
      expect(own.status).toBe(200);
      const sameHost = await call(
        'PUT',
        '/api/auth/me',
        { name: 'Même hôte' },
        { origin: 'http://localhost:3000', host: 'localhost:3000' },
        cookie,
      );
      expect(sameHost.status).toBe(200);
      const viaBearer = await call(
        'PUT',
        '/api/auth/me',
        { name: 'Appli' },
        { ...auth, origin: 'https://evil.example' },
      );
      expect(viaBearer.status).toBe(200);
      // Reads stay allowed.
      expect(
        (await call('GET', '/api/auth/me', undefined, { origin: 'https://evil.example' }, cookie)).status,
      ).toBe(200);
    });
  });

  describe('profile', () => {
    it('updates one field at a time', async () => {
      const { user, auth } = await signedInUser(t.db);
      const res = await call(
        'PUT',
        '/api/auth/me',
        { whatsapp_phone: '+221 76 555 44 33', current_password: PASSWORD },
        auth,
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Informations mises à jour avec succès');
      expect(res.body.data).toMatchObject({ id: user.id, whatsapp_phone: '+221765554433' });
      const two = await call('PUT', '/api/auth/me', { name: 'Awa', email: 'a@b.sn' }, auth);
      expect(two.status).toBe(422);
      expect(two.body.message).toBe('Modifiez un seul champ à la fois');
    });

    it('refuses a contact another user holds, and ignores a smuggled role', async () => {
      const other = await addUser(t.db);
      const { user, auth } = await signedInUser(t.db);
      const taken = await call(
        'PUT',
        '/api/auth/me',
        { email: other.email as string, current_password: PASSWORD },
        auth,
      );
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({ email: ['Cet email est déjà utilisé'] });
      const phone = await call(
        'PUT',
        '/api/auth/me',
        { whatsapp_phone: other.whatsapp_phone as string, current_password: PASSWORD },
        auth,
      );
      expect(phone.body.errors).toEqual({ whatsapp_phone: ['Ce numéro WhatsApp est déjà utilisé'] });
      const sneaky = await call('PUT', '/api/auth/me', { name: 'Nouveau nom', role: 'admin' }, auth);
      expect(sneaky.status).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ name: 'Nouveau nom', role: 'client' });
    });
  });

  describe('change password', () => {
    it('checks the current password and revokes the other sessions', async () => {
      const { user, auth } = await signedInUser(t.db, { email: 'change@exemple.sn' });
      const other = await call('POST', '/api/auth/login', { email: 'change@exemple.sn', password: PASSWORD });
      const body = {
        current_password: 'faux-mot-de-passe',
        password: 'nouveau-mdp',
        password_confirmation: 'nouveau-mdp',
      };
      const wrong = await call('POST', '/api/auth/change-password', body, auth);
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ current_password: ['Le mot de passe actuel est incorrect'] });

      const ok = await call(
        'POST',
        '/api/auth/change-password',
        { ...body, current_password: PASSWORD },
        auth,
      );
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('Mot de passe modifié avec succès');
      expect((await call('GET', '/api/auth/me', undefined, auth)).status).toBe(200);
      expect((await call('GET', '/api/auth/me', undefined, bearer(other.body.data.token))).status).toBe(401);
      const relog = await call('POST', '/api/auth/login', {
        email: 'change@exemple.sn',
        password: 'nouveau-mdp',
      });
      expect(relog.body.data.user.id).toBe(user.id);
    });
  });

  describe('password reset', () => {
    /** The last message the API sent to `address` (the test app captures mail in memory). */
    const lastMailTo = (address: string) => {
      const message = t.mail.to(address).at(-1);
      if (!message) throw new Error(`no mail sent to ${address}`);
      return message;
    };
    const tokenIn = (text: string) => {
      const match = text.match(/https:\/\/souk\.example\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/);
      if (!match?.[1]) throw new Error(`no link in ${text}`);
      return match[1];
    };

    it('answers the same whether or not the account exists', async () => {
      await addUser(t.db, { email: 'existe@exemple.sn' });
      const known = await call('POST', '/api/auth/forgot-password', { email: 'existe@exemple.sn' });
      const unknown = await call('POST', '/api/auth/forgot-password', { email: 'inconnu@exemple.sn' });
      await t.app.jobs.runDue();
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(t.mail.to('existe@exemple.sn')).toHaveLength(1);
      expect(t.mail.to('inconnu@exemple.sn')).toEqual([]);
      const invalid = await call('POST', '/api/auth/forgot-password', { email: '' });
      expect(invalid.body.errors).toEqual({ email: ["L'email ou le numéro WhatsApp est requis"] });
    });

    it('takes the WhatsApp number: the link goes to the account e-mail; without one, the same answer and no mail', async () => {
      await addUser(t.db, { email: 'numero@exemple.sn', whatsapp_phone: '+221771230001' });
      await addUser(t.db, { email: null, whatsapp_phone: '+221771230002' });
      const mailsBefore = t.mail.sent.length;
      const withEmail = await call('POST', '/api/auth/forgot-password', { email: '77 123 00 01' });
      const withoutEmail = await call('POST', '/api/auth/forgot-password', { email: '+221 77 123 00 02' });
      const unknown = await call('POST', '/api/auth/forgot-password', { email: '77 123 00 03' });
      await t.app.jobs.runDue();
      expect(withEmail.status).toBe(200);
      expect(withEmail.body).toEqual({
        success: true,
        message:
          "Si un compte correspond à ce numéro et a un email, un lien de réinitialisation vient d'y être envoyé. Sinon, écrivez-nous sur WhatsApp : nous vous enverrons un lien.",
      });
      // Nothing tells an account without an e-mail, or no account, from one that has it.
      expect(withoutEmail.body).toEqual(withEmail.body);
      expect(unknown.body).toEqual(withEmail.body);
      expect(tokenIn(lastMailTo('numero@exemple.sn').text)).toEqual(expect.any(String));
      expect(t.mail.sent.length - mailsBefore).toBe(1);
      const bad = await call('POST', '/api/auth/forgot-password', { email: '77 12' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ email: ['Format de numéro WhatsApp invalide'] });
    });

    it('sends a one-hour single-use link that resets once and revokes sessions', async () => {
      const { user, auth } = await signedInUser(t.db, { email: 'oubli@exemple.sn' });
      await call('POST', '/api/auth/forgot-password', { email: 'Oubli@exemple.sn' });
      await t.app.jobs.runDue();
      const mail = lastMailTo('oubli@exemple.sn');
      expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
      const token = tokenIn(mail.text);
      const [stored] = await t.db
        .select()
        .from(password_reset_tokens)
        .where(eq(password_reset_tokens.user_id, user.id));
      expect(stored?.token_hash).not.toBe(token);
      const ttl = new Date(stored?.expires_at ?? 0).getTime() - new Date(stored?.created_at ?? 0).getTime();
      expect(Math.abs(ttl - 3_600_000)).toBeLessThan(60_000);

      const body = { token, password: 'tout-neuf-123', password_confirmation: 'tout-neuf-123' };
      const reset = await call('POST', '/api/auth/reset-password', body);
      expect(reset.status).toBe(200);
      expect(reset.body.message).toBe('Mot de passe réinitialisé. Vous pouvez vous connecter.');
      expect((await call('GET', '/api/auth/me', undefined, auth)).status).toBe(401);
      const again = await call('POST', '/api/auth/reset-password', body);
      expect(again.status).toBe(422);
      expect(again.body.message).toBe('Lien de réinitialisation invalide ou expiré');
      const login = await call('POST', '/api/auth/login', {
        email: 'oubli@exemple.sn',
        password: 'tout-neuf-123',
      });
      expect(login.status).toBe(200);
    });

    it('refuses a token older than one hour', async () => {
      const user = await addUser(t.db, { email: 'tard@exemple.sn' });
      await call('POST', '/api/auth/forgot-password', { email: 'tard@exemple.sn' });
      await t.app.jobs.runDue();
      const token = tokenIn(lastMailTo('tard@exemple.sn').text);
      await t.db
        .update(password_reset_tokens)
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where(eq(password_reset_tokens.user_id, user.id));
      const res = await call('POST', '/api/auth/reset-password', {
        token,
        password: 'trop-tard-123',
        password_confirmation: 'trop-tard-123',
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Lien de réinitialisation invalide ou expiré');
      expect(
        (await call('POST', '/api/auth/login', { email: 'tard@exemple.sn', password: PASSWORD })).status,
      ).toBe(200);
    });
  });
});

describe.each(engines)('auth rate limits on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      authRateLimits: { perIdentifier: { max: 3, windowMs: 60_000 }, perIp: { max: 5, windowMs: 60_000 } },
    });
  });
  afterAll(() => t?.close());

  const login = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email, password: 'mauvais' },
    });

  it('answers 429 past the attempts allowed per identifier from one address, and not elsewhere', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login('cible@exemple.sn', '10.0.0.1')).statusCode).toBe(401);
    expect((await login('cible@exemple.sn', '10.0.0.9')).statusCode).toBe(401);
    const res = await login('CIBLE@exemple.sn', '10.0.0.1');
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    // When to try again, and the way in that does not wait (ADR 0012).
    expect(res.json()).toEqual({ success: false, message: loginTooMany(wait) });
  });

  it('answers 429 past the attempts allowed per IP, whatever the identifiers', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(`u${i}@exemple.sn`, '10.1.1.1')).statusCode).toBe(401);
    expect((await login('u9@exemple.sn', '10.1.1.1')).statusCode).toBe(429);
    expect((await login('u9@exemple.sn', '10.1.1.2')).statusCode).toBe(401);
  });

  it('limits registration and forgotten-password requests too', async () => {
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.2.2.2',
        payload: { email: 'spam@exemple.sn' },
      });
    for (let i = 0; i < 3; i += 1) expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(429);
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.3.3.3',
        payload: {
          name: 'Awa Spam',
          whatsapp_phone: '+221 78 999 00 01',
          password: 'motdepasse',
          password_confirmation: 'motdepasse',
        },
      });
    // Counted per phone number: the account, then twice 'number taken' (422 after the schema).
    expect((await register()).statusCode).toBe(201);
    for (let i = 0; i < 2; i += 1) expect((await register()).statusCode).toBe(422);
    expect((await register()).statusCode).toBe(429);
  });
});

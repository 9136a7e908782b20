import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { PASSWORD, signedInUser } from '../../test/user-fixtures.ts';

// The e-mail and the WhatsApp number are login identifiers and the reset channel: whoever holds a
// session must not be able to take the account over by changing them without the password.
describe.each(engines)('credential changes on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const put = (body: Record<string, unknown>, headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/me', payload: body, headers });
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const login = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

  it('asks for the current password to change the e-mail or the WhatsApp number', async () => {
    const { auth } = await signedInUser(t.db, { email: 'aminata@exemple.sn' });
    for (const change of [{ email: 'pirate@exemple.sn' }, { whatsapp_phone: '+221 70 999 88 77' }]) {
      const missing = await put(change, auth);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({ current_password: ['Le mot de passe actuel est requis'] });
      const wrong = await put({ ...change, current_password: 'pas-le-bon' }, auth);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: ['Le mot de passe actuel est incorrect'] });
    }
    expect((await me(auth)).json().data).toMatchObject({ email: 'aminata@exemple.sn' });
  });

  it('changes the e-mail with the password and ends the other sessions, keeping this one', async () => {
    const { auth } = await signedInUser(t.db, { email: 'binta@exemple.sn' });
    const elsewhere = { authorization: `Bearer ${(await login('binta@exemple.sn')).json().data.token}` };
    const res = await put({ email: 'binta.nouvelle@exemple.sn', current_password: PASSWORD }, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('binta.nouvelle@exemple.sn');
    expect((await me(auth)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
  });

  it('lets the name change without the password and keeps the other sessions', async () => {
    const { auth } = await signedInUser(t.db, { email: 'coumba@exemple.sn' });
    const elsewhere = { authorization: `Bearer ${(await login('coumba@exemple.sn')).json().data.token}` };
    expect((await put({ name: 'Coumba Ndiaye' }, auth)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { signedInUser } from '../../test/user-fixtures.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';

describe.each(engines)('ADMIN_EMAIL bootstrap on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('never turns the session of a customer who registered with that address into an admin one', async () => {
    const visitor = await signedInUser(t.db, { email: 'patronne@boutique.sn' });
    const result = await bootstrapAdmin(t.db, {
      email: 'Patronne@boutique.sn',
      password: 'secret-de-la-patronne',
    });
    expect(result).toEqual({ outcome: 'refused', email: 'patronne@boutique.sn' });
    const res = await me(visitor.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('client');
    expect((await login('patronne@boutique.sn', 'secret-de-la-patronne')).statusCode).toBe(401);
  });

  it("resets an admin's password and ends the sessions the old one opened", async () => {
    const admin = await signedInUser(t.db, { email: 'gerant@boutique.sn', role: 'admin' });
    expect((await me(admin.auth)).statusCode).toBe(200);
    const result = await bootstrapAdmin(t.db, { email: 'gerant@boutique.sn', password: 'nouveau-secret-42' });
    expect(result).toEqual({ outcome: 'updated', email: 'gerant@boutique.sn' });
    expect((await me(admin.auth)).statusCode).toBe(401);
    const fresh = await login('gerant@boutique.sn', 'nouveau-secret-42');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.user.role).toBe('admin');
  });

  it('creates the configured admin when nobody has the address', async () => {
    const result = await bootstrapAdmin(t.db, {
      email: 'direction@boutique.sn',
      password: 'secret-direction-1',
    });
    expect(result).toEqual({ outcome: 'created', email: 'direction@boutique.sn' });
    expect((await login('direction@boutique.sn', 'secret-direction-1')).json().data.user.role).toBe('admin');
  });
});

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { addUser, PASSWORD } from '../../test/user-fixtures.ts';

type Received = { to: string[]; raw: string };

/** A real SMTP sink on a random local port: the API sends through nodemailer as in production. */
async function startSmtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(count: number) {
      for (let i = 0; i < 250 && received.length < count; i += 1) await new Promise((r) => setTimeout(r, 20));
      const message = received[count - 1];
      if (!message) throw new Error('no message reached the SMTP sink');
      return message;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines)('password reset by e-mail through SMTP on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(engine, {
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://boutique.example',
        MAIL_FROM: 'Souk <noreply@boutique.example>',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a link that resets the password once', async () => {
    await addUser(t.db, { email: 'mariam@exemple.sn' });
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'mariam@exemple.sn' },
    });
    expect(ask.statusCode).toBe(200);

    const mail = await smtp.next(1);
    expect(mail.to).toEqual(['mariam@exemple.sn']);
    expect(mail.raw).toContain('noreply@boutique.example');
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const link = body.match(/https:\/\/boutique\.example\/auth\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get('token') as string;

    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password, password_confirmation: password },
      });
    expect((await reset('nouveau-secret-1')).statusCode).toBe(200);

    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'mariam@exemple.sn', password },
      });
    expect((await login('nouveau-secret-1')).statusCode).toBe(200);
    expect((await login(PASSWORD)).statusCode).toBe(401);

    const second = await reset('encore-autre-2');
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe('Lien de réinitialisation invalide ou expiré');
  });

  it('sends nothing for an unknown address, with the same answer', async () => {
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'personne@exemple.sn' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.length).toBe(before);
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { addUser, PASSWORD } from '../../test/user-fixtures.ts';
import { createMailer } from '../mail/mailer.ts';

describe.each(engines)('password reset by e-mail through SMTP on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(engine, {
      configuredMailer: true,
      // As a server runs: the reset link is a job the app's own polling picks up.
      jobs: { poll: true },
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
    await addUser(t.db, { email: 'awa@exemple.sn' });
    const before = smtp.received.length;
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const unknown = await forgot('personne@exemple.sn');
    const known = await forgot('awa@exemple.sn');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // The next message to arrive is the known address's: none was sent for the unknown one before it.
    expect((await smtp.next(before + 1)).to).toEqual(['awa@exemple.sn']);
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['awa@exemple.sn']]);
  });
});

describe('mail without SMTP', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'souk-mail-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each message as an .eml file under the mail directory and logs where', async () => {
    const lines: string[] = [];
    const mailDir = path.join(dir, 'mail');
    const mailer = createMailer({ from: 'Souk <boutique@souk.local>', mailDir, log: (l) => lines.push(l) });
    const link = 'https://souk.example/auth/reset-password?token=secret-du-lien';
    await mailer.send({ to: 'awa@exemple.sn', subject: 'Réinitialisation', text: `Bonjour Awa, ${link}` });
    const files = readdirSync(mailDir);
    expect(files).toEqual([expect.stringMatching(/\.eml$/)]);
    const eml = readFileSync(path.join(mailDir, files[0] as string), 'utf8');
    expect(eml).toContain('To: awa@exemple.sn');
    expect(eml).toContain('Bonjour Awa');
    // The log says where the message is, never the link it carries (a credential).
    expect(lines).toEqual([expect.stringContaining(path.join(mailDir, files[0] as string))]);
    expect(lines.join('\n')).not.toContain('secret-du-lien');
  });
});

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  send(message: MailMessage): Promise<void>;
};

/** SMTP when `smtpUrl` is set; otherwise each message is an .eml file under `mailDir` and a log line. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  log: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    // Bounded well under a job's 50 s (modules/jobs): a mail server that stalls fails the attempt,
    // which is tried again later, rather than holding the job (nodemailer waits minutes by default).
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.mailDir, { recursive: true });
      const file = path.join(
        options.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // Where the message is, not what it says: a reset link is a credential.
      options.log(`[mail] « ${message.subject} » pour ${message.to} écrit dans ${file}`);
    },
  };
}

/**
 * Sends a message that is a courtesy to work already done (a reset link, a new account's link):
 * a failure is logged — the address, never the message, which may hold a credential — and
 * answered false rather than thrown.
 */
export async function sendOrLog(mailer: Mailer, log: (line: string) => void, message: MailMessage) {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    log(`[mail] échec de l'envoi à ${message.to} : ${String(error)}`);
    return false;
  }
}

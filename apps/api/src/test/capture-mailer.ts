import type { Mailer, MailMessage } from '../modules/mail/mailer.ts';

/**
 * An in-memory mailer: `send` records the message at once, so a test reads what the API sent as
 * soon as the request that sends it has answered — no files, no waiting.
 */
export function createCaptureMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
  };
  return {
    mailer,
    /** Every message sent so far, oldest first. */
    sent,
    /** The messages sent to one address. */
    to: (address: string) => sent.filter((m) => m.to === address),
  };
}

export type CaptureMailer = ReturnType<typeof createCaptureMailer>;

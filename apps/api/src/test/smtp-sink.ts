import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP sink on a random local port: the API sends through nodemailer as in production.
 * `next(n)` settles from the server's own onData callback when the n-th message has arrived.
 */
export async function startSmtpSink(listenPort = 0) {
  const received: ReceivedMail[] = [];
  const waiting = new Map<number, (message: ReceivedMail) => void>();
  const waitingFor = new Map<string, (message: ReceivedMail) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const message = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(message);
        waiting.get(received.length)?.(message);
        waiting.delete(received.length);
        for (const to of message.to) {
          waitingFor.get(to)?.(message);
          waitingFor.delete(to);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The n-th message received (1-based), now or when it arrives; the test's timeout bounds the wait. */
    next(count: number): Promise<ReceivedMail> {
      const message = received[count - 1];
      if (message) return Promise.resolve(message);
      return new Promise((resolve) => waiting.set(count, resolve));
    },
    /** The next message to `address` that arrives from now on; the test's timeout bounds the wait. */
    nextTo(address: string): Promise<ReceivedMail> {
      return new Promise((resolve) => waitingFor.set(address, resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

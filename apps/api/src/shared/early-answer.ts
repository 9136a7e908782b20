import type { IncomingMessage } from 'node:http';

/** How long a client still sending a refused body is given to finish (as nginx's lingering close). */
export const LINGER_MS = 30_000;

/**
 * For a request answered before its body was read to the end (refused by its size or by its
 * first bytes). Cutting the connection would reach a client still sending as a reset instead of
 * the answer; leaving the rest unread would leave it ahead of the client's next request on the
 * connection. So the rest is read and dropped, never kept, and a client still sending after
 * LINGER_MS is cut off.
 */
export function drainUnreadBody(raw: IncomingMessage) {
  // A reader that stopped part-way (the multipart parser) may still hold the stream, paused.
  raw.unpipe();
  raw.resume();
  const linger = setTimeout(() => raw.destroy(), LINGER_MS).unref();
  raw.once('end', () => clearTimeout(linger)).once('close', () => clearTimeout(linger));
}

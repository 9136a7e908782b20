import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long a stopping process waits for its connections to end before closing those left idle:
 * longer than the proxy keeps an idle connection to it (nginx's upstream `keepalive_timeout`,
 * deploy/nginx/souk-site.conf), so the proxy closes them itself.
 */
export const DRAIN_MAX_MS = 12_000;

/** How long a stopping process may take, its drain included, before it exits anyway. */
export const CLOSE_DELAY_MS = 20_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a stop (docs/decisions/0033): readiness says no, no new connection is
     * accepted, every answer ends its connection, and the process waits, at most `maxMs`, for
     * its connections to end. `close()` then closes what is left and the rest of the app.
     */
    drain(maxMs?: number): Promise<void>;
  }
}

/**
 * A connection a peer has kept open is never closed under its feet: Node's `server.close()` closes
 * idle connections at once, and a proxy that picked one to send a request on at that moment gets
 * no answer, and cannot resend a POST (it may have been received). So the listener is closed alone
 * (net.Server's close), requests that still come on a kept connection are served with
 * `Connection: close`, and idle connections are left to their peer to close.
 */
export function registerDrain(app: FastifyInstance): {
  stopping: () => boolean;
  /** Runs `end` when the stop begins (the drain, or a close without one): what holds a connection open lets go. */
  whenStopping: (end: () => void) => void;
} {
  let stopping = false;
  const enders: (() => void)[] = [];
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const end of enders) end();
  };
  app.addHook('preClose', async () => {
    stop();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('Connection', 'close');
  });
  app.decorate('drain', async (maxMs = DRAIN_MAX_MS) => {
    stop();
    if (!app.server.listening) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Calls back once the listener is closed and every connection has ended.
    const ended = new Promise<void>((resolve) => Server.prototype.close.call(app.server, () => resolve()));
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs);
    });
    await Promise.race([ended, late]);
    clearTimeout(timer);
  });
  return { stopping: () => stopping, whenStopping: (end) => enders.push(end) };
}

import { SessionIdSchema } from '@souk/domain/auth';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The guest cart key the client sent (X-Session-ID header), when well-formed; else undefined. */
    guestSessionId: string | undefined;
  }
}

/** Reads the guest cart key once per request, for carts, orders, suggestions and sign-in merges. */
export const guestSessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('guestSessionId', undefined);
    app.addHook('onRequest', async (request) => {
      const header = request.headers['x-session-id'];
      const parsed = SessionIdSchema.safeParse(Array.isArray(header) ? header[0] : header);
      request.guestSessionId = parsed.success ? parsed.data : undefined;
    });
  },
  { name: 'souk-guest-session' },
);

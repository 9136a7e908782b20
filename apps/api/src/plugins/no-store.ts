import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** An answer to a signed-in caller is theirs alone: no browser history, proxy or CDN keeps it. */
const noStoreWhenSignedIn: onSendHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
  if (request.auth) reply.header('Cache-Control', 'no-store');
};

/**
 * `Cache-Control: no-store` on every answer to a request with a valid session (bearer or cookie),
 * whatever the route set before: the catalogue's public cache header stays for anonymous readers
 * only. Added as a route-level onSend hook, which Fastify runs after every shared onSend hook, so
 * a module's own hook (catalog.routes.ts) cannot overwrite it. Register in the /api scope after
 * the auth plugin and before the routes.
 */
export const noStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      route.onSend = [...[route.onSend ?? []].flat(), noStoreWhenSignedIn];
    });
  },
  { name: 'souk-no-store', dependencies: ['souk-auth'] },
);

import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** How an operation's answers may be kept (the contract's `cache`, carried in the route's config). */
export type CachePolicy = 'public' | 'no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
}

// Public catalogue reads change rarely: browsers and proxies may reuse them briefly. Storefront
// pages read through the in-process client and never see this cache, so an admin's change shows
// at the next page load.
const PUBLIC_CACHE = 'public, max-age=30, stale-while-revalidate=300';

/**
 * The one place Cache-Control is decided. A public operation's successful answer to an anonymous
 * caller may be cached; everything else — any answer to a signed-in caller (bearer or cookie),
 * carts, orders, accounts, admin, refusals — is `no-store`, so no browser history, proxy or CDN
 * keeps what belongs to one person.
 */
const cacheControl: onSendHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
  const shareable =
    request.routeOptions.config.cache === 'public' &&
    !request.auth &&
    request.method === 'GET' &&
    // A 304 confirms the copy the client holds: it keeps the same policy, or the copy is dropped.
    (reply.statusCode === 200 || reply.statusCode === 304);
  reply.header('Cache-Control', shareable ? PUBLIC_CACHE : 'no-store');
};

/**
 * Added as a route-level onSend hook, which Fastify runs after every shared onSend hook, so nothing
 * a route does overwrites it. Register in the /api scope after the auth plugin, before the routes.
 */
export const cacheHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      route.onSend = [...[route.onSend ?? []].flat(), cacheControl];
    });
  },
  { name: 'souk-cache-headers', dependencies: ['souk-auth'] },
);

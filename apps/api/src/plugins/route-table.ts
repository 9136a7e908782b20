import { ApiFailureSchema } from '@souk/domain/api';
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

export type RouteEntry = { method: string; url: string; schema: FastifySchema | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (HEAD routes included): the contract tests walk it. */
    routeTable: readonly RouteEntry[];
  }
}

/** Call before any route is registered: records each one, in its child contexts too. */
export function recordRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method);
    for (const method of methods) table.push({ method, url: route.url, schema: route.schema });
  });
}

/** '/api/products/:id' → a test for concrete paths such as '/api/products/12'. */
function matcher(pattern: string): (path: string) => boolean {
  const source = pattern
    .split('/')
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  const regex = new RegExp(`^${source}/?$`);
  return (path) => regex.test(path);
}

/**
 * Inside the /api scope: any path or method no route answers gets the JSON envelope — 404, or 405
 * with `Allow` when the path exists for other methods — never the storefront's HTML page.
 */
export function apiFallback(api: FastifyInstance, prefix: string) {
  const FALLBACK = `${prefix}/*`;
  const matchers = new Map<string, (path: string) => boolean>();
  const methodsFor = (path: string) => {
    const methods = new Set<string>();
    for (const route of api.routeTable) {
      if (route.url === FALLBACK || !route.url.startsWith(prefix)) continue;
      let test = matchers.get(route.url);
      if (!test) {
        test = matcher(route.url);
        matchers.set(route.url, test);
      }
      if (test(path)) methods.add(route.method);
    }
    return [...methods].sort();
  };

  api.all(
    '/*',
    {
      schema: {
        hide: true,
        // What reaches the fallback: an unknown path or method (404, 405), an undecodable URL (400),
        // a cookie write from another origin (403), a body too large or of an unknown type (413,
        // 415), a NUL byte (422).
        response: Object.fromEntries([400, 403, 404, 405, 413, 415, 422].map((s) => [s, ApiFailureSchema])),
      },
    },
    async (request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      const allowed = methodsFor(path);
      // The method is allowed but no route took the path (e.g. a parameter past the router's length
      // limit): what it names cannot exist.
      if (allowed.length && !allowed.includes(request.method)) {
        return reply
          .status(405)
          .header('Allow', allowed.join(', '))
          .send({ success: false, message: `Méthode ${request.method} non autorisée pour ${path}` });
      }
      return reply
        .status(404)
        .send({ success: false, message: `Route introuvable : ${request.method} ${path}` });
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

// The junk sweep walks the real route table: buildApi records every route as it is added (an
// `onRoute` hook installed before any route), so a new route is swept without anyone listing it.

/** What a route's schema says about one field, as JSON Schema (only the parts the sweep uses). */
export type FieldSchema = { type?: string | string[]; enum?: unknown[]; anyOf?: FieldSchema[] };

export type RouteSchema = {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
};
export type ApiRoute = { method: string; url: string; schema: RouteSchema };

/** The app's route table (recorded by buildApi, see plugins/route-table.ts) in the sweep's shape. */
export function routeTableOf(app: FastifyInstance): ApiRoute[] {
  return app.routeTable.map((r) => ({
    method: r.method,
    url: r.url,
    schema: (r.schema ?? {}) as RouteSchema,
  }));
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/**
 * The routes the sweep calls: all of them but the API documentation and the static media files;
 * a HEAD route is left out when it is the automatic twin of a GET (same handler).
 */
export function sweptRoutes<R extends { method: string; url: string }>(table: R[]): R[] {
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  return table.filter(
    (r) =>
      !r.url.startsWith('/api/docs') &&
      !r.url.startsWith('/media/') &&
      !(r.method === 'HEAD' && gets.has(r.url)),
  );
}

/**
 * Method and path of every route, read from Fastify's own printout of its router: a source that
 * does not depend on the recording, to check that the recording misses nothing.
 */
export function routesFromPrintout(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const labels: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', label = '', methods] = match;
    labels.length = indent.length / 4;
    labels.push(label);
    for (const method of methods?.split(', ') ?? []) routes.push({ method, url: labels.join('') });
  }
  return routes;
}

/** The names of a route's path parameters (`:id`) and wildcard (`*`), in order. */
export const pathParams = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

/** The route's URL with its parameters replaced, in order, by already-encoded values. */
export function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:(\w+)|\*/g, () => values[i++] ?? '');
}

/** The fields of an object schema (zod or JSON Schema) as JSON Schema, by name; {} when unknown. */
export function fieldsOf(schema: unknown): Record<string, FieldSchema> {
  if (!schema || typeof schema !== 'object') return {};
  try {
    const json =
      '_zod' in schema
        ? z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' })
        : (schema as { properties?: Record<string, FieldSchema> });
    return (json.properties ?? {}) as Record<string, FieldSchema>;
  } catch {
    return {};
  }
}

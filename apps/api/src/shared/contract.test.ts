import { NoDataSchema } from '@souk/domain/api';
import { needsSession, type Operation, operations } from '@souk/domain/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/app.ts';
import { errorStatuses, ok, route } from './route.ts';

type JsonSchema = Record<string, unknown>;
type OpenApiOperation = {
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  parameters?: unknown[];
};

const t = await createTestApp('pglite');
afterAll(() => t.close());

/** The API's own routes: documentation and HEAD twins of GET routes aside. */
const apiRoutes = () =>
  t.app.routeTable.filter(
    (r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );

describe('the contract', () => {
  it('declares a success envelope and every refusal on every /api route', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(operations).length);
    const missing: string[] = [];
    for (const { method, url, schema } of routes) {
      const response = (schema?.response ?? {}) as Record<string, unknown>;
      const statuses = Object.keys(response).map(Number);
      const key = `${method} ${url.replace(/^\/api/, '')}`;
      const operation: Operation | undefined = operations[key as keyof typeof operations];
      if (url === '/api/*') {
        if (!statuses.includes(404) || !statuses.includes(405)) missing.push(`${key}: 404/405`);
        continue;
      }
      if (!operation) {
        missing.push(`${key}: not in packages/domain/src/contract.ts`);
        continue;
      }
      if (!statuses.some((s) => s >= 200 && s < 300)) missing.push(`${key}: no 2xx response schema`);
      for (const status of errorStatuses(method, operation)) {
        if (!statuses.includes(status)) missing.push(`${key}: no ${status} response schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps response schemas plain data: the serialiser encodes through them, a transform would throw', () => {
    for (const [key, operation] of Object.entries(operations) as [string, Operation][]) {
      if (operation.data === NoDataSchema) continue;
      expect(
        () => z.toJSONSchema(operation.data, { io: 'output', unrepresentable: 'throw' }),
        key,
      ).not.toThrow();
    }
    expect(() =>
      z.toJSONSchema(z.object({ id: z.string().transform(Number) }), {
        io: 'output',
        unrepresentable: 'throw',
      }),
    ).toThrow();
  });

  it('registers every operation of the contract', () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.url.replace(/^\/api/, '')}`));
    expect(Object.keys(operations).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('documents request, responses and security of every operation in /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, OpenApiOperation>>;
    const problems: string[] = [];
    for (const [key, operation] of Object.entries(operations) as [string, Operation][]) {
      const [method, path] = key.split(' ') as [string, string];
      const openApiPath = `/api${path.replace(/:(\w+)/g, '{$1}')}`;
      const documented = paths[openApiPath]?.[method.toLowerCase()];
      if (!documented) {
        problems.push(`${key}: not documented`);
        continue;
      }
      const success = documented.responses[String(operation.status ?? 200)];
      // A download (a CSV export) documents its file's type instead of the JSON envelope.
      const successType = operation.produces ?? 'application/json';
      const successSchema = success?.content?.[successType]?.schema;
      if (!successSchema) problems.push(`${key}: no ${successType} schema for its success`);
      for (const status of errorStatuses(method, operation)) {
        const schema = documented.responses[String(status)]?.content?.['application/json']?.schema;
        if (!schema) problems.push(`${key}: no JSON schema for ${status}`);
      }
      if ('body' in operation && !documented.requestBody) problems.push(`${key}: body not documented`);
      if (('params' in operation || 'query' in operation) && !documented.parameters?.length)
        problems.push(`${key}: parameters not documented`);
      const security = documented.security ?? [];
      const schemes = security.flatMap((s) => Object.keys(s));
      if (!schemes.includes('bearer') || !schemes.includes('cookie'))
        problems.push(`${key}: security does not name bearer and cookie`);
      const anonymousAllowed = security.some((s) => Object.keys(s).length === 0);
      const signedIn = needsSession(operation.access);
      if (signedIn === anonymousAllowed)
        problems.push(`${key}: security does not match access ${operation.access}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('unknown API paths and methods', () => {
  it('answers an unknown path with the JSON envelope and 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/wishlist', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ success: false, message: 'Route introuvable : POST /api/wishlist' });
  });

  it('answers a known path with another method with 405 and Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/products/12?x=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({
      success: false,
      message: 'Méthode DELETE non autorisée pour /api/products/12',
    });
  });
});

describe('serialising through the schema', () => {
  let bare: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    route(bare, 'GET /health', async () => {
      const cache = { entries: 0, bytes: 0, max_bytes: 1, hits: 0, misses: 0, hit_rate: 0, invalidations: 0 };
      const row = {
        ...{ status: 'ok' as const, database: 'ok' as const, environment: 'test', cache },
        password_hash: 'x',
      };
      return ok(row);
    });
    await bare.ready();
  });
  afterAll(() => bare.close());

  it('never lets a column the schema does not name leave the server', async () => {
    const res = await bare.inject({ method: 'GET', url: '/health' });
    expect(res.json()).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: 'ok',
        environment: 'test',
        cache: { entries: 0, bytes: 0, max_bytes: 1, hits: 0, misses: 0, hit_rate: 0, invalidations: 0 },
      },
    });
  });
});

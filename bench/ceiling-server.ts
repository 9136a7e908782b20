// The ceiling: a bare Fastify server answering the captured API responses from memory — same status,
// same headers, same body bytes — so the gap to it is what Souk's own work (database, validation,
// serialisation, plugins) costs. Started by run.ts as a child process; routes come from a JSON file.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export type CapturedResponse = {
  /** Path and query, e.g. /api/products?per_page=12 (the query is ignored for routing). */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The body, base64. */
  body: string;
};

const file = process.env.BENCH_CEILING_ROUTES;
if (!file) throw new Error('BENCH_CEILING_ROUTES (a JSON file of captured responses) is required');
const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponse[];

const app = Fastify({ logger: false });
for (const response of captured) {
  const body = Buffer.from(response.body, 'base64');
  const routePath = new URL(response.url, 'http://x').pathname;
  app.get(routePath, (_request, reply) => {
    reply.code(response.status).headers(response.headers).send(body);
  });
}
if (!captured.some((r) => new URL(r.url, 'http://x').pathname === '/api/health')) {
  app.get('/api/health', () => ({ success: true, data: { status: 'ok' } }));
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.close().then(() => process.exit(0));
  });
}

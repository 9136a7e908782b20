import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Injects a request and reads its whole answer, except an event stream (`GET /api/admin/events`),
 * which never ends by itself: it is let go of once its head is read, its text left empty. For the
 * tests that walk the route table and call every route.
 */
export async function injectAnswer(app: FastifyInstance, options: InjectOptions) {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  if (String(res.headers['content-type']).startsWith('text/event-stream')) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) };
}

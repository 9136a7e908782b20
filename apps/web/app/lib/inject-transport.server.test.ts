import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { injectTransport } from './inject-transport.server';

// ADR 0012: page loads call the API in process; the API must see the visitor's own address (its
// per-IP limits) without trusting any header, since the server trusts X-Forwarded-For only with TRUST_PROXY.
describe('injectTransport', () => {
  const app = Fastify({ trustProxy: false });
  app.get('/api/whoami', async (request) => ({
    success: true,
    data: { ip: request.ip, forwarded: request.headers['x-forwarded-for'] ?? null },
  }));
  afterAll(() => app.close());

  it("calls the API from the visitor's address, not from a forwarded header", async () => {
    const visitor = {
      headers: { 'user-agent': 'Téléphone', 'x-forwarded-for': '198.51.100.1' },
      ip: '203.0.113.7',
    } as unknown as FastifyRequest;
    const res = await injectTransport(app, visitor)({ method: 'GET', url: '/whoami' });
    expect(JSON.parse(res.text ?? '')).toEqual({
      success: true,
      data: { ip: '203.0.113.7', forwarded: null },
    });
  });
});

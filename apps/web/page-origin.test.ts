import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseForeignWrites } from './page-origin.ts';

// A page's form posted from another site: refused before its action runs, in French, with one
// log line (a refused post printed a stack trace of many lines for each try).

const lines: string[] = [];
const app = Fastify({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    }),
  },
});
let acted = 0;

beforeAll(async () => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/logout',
    onRequest: refuseForeignWrites('https://souk.example'),
    handler: async () => {
      acted += 1;
      return 'ok';
    },
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/auth/logout',
    headers: { 'content-type': 'text/plain', ...headers },
    payload: 'bye',
  });

describe('forms posted to the pages', () => {
  it('refuses a post from another site, with one line in the log', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://souk.example.evil.example' },
    ];
    for (const headers of foreign) {
      lines.length = 0;
      const answer = await post(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('Requête refusée : origine non autorisée');
      const logged = lines.filter((line) => !/"msg":"(incoming request|request completed)"/.test(line));
      expect(logged, JSON.stringify(lines)).toHaveLength(1);
      expect(logged[0]).toContain('Formulaire refusé');
    }
    expect(acted).toBe(0);
  });

  it("takes the shop's own posts, the public address's or the host's, and a post with no origin (the server's own)", async () => {
    const before = acted;
    expect((await post({ origin: 'https://souk.example' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(200);
    expect((await post({ referer: 'https://souk.example/profile' })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/auth/logout', headers: { origin: 'https://evil.example' } })).statusCode,
    ).toBe(200);
    expect(acted).toBe(before + 5);
  });
});

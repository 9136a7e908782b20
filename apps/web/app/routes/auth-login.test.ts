import { loginTooMany } from '@souk/domain/account-messages';
import Fastify, { type FastifyRequest } from 'fastify';
import { createStaticHandler, type DataRouteObject, RouterContextProvider } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { serverContext } from '#api-context';
import { injectTransport } from '~/lib/inject-transport.server';
import * as loginRoute from './auth-login';

// ADR 0012: the device cookie that lets a customer in whatever strangers typed makes the round
// trip through the login page: the visitor's cookie reaches the API with her attempt, and the
// API's new cookies reach her browser with the redirect. A refusal past the limit shows the API's
// words, which say when to try again.

const DEVICE = 'device=1.appareil.preuve';

describe('the login page', () => {
  // The API as the page calls it in process: it sees the visitor's cookies and answers its own.
  const api = Fastify();
  const seen: (string | undefined)[] = [];
  api.post('/api/auth/login', async (request, reply) => {
    seen.push(request.headers.cookie);
    const { password } = request.body as { password: string };
    if (password !== 'bon-mot') {
      reply.status(429).header('retry-after', 720);
      return { success: false, message: loginTooMany(720) };
    }
    reply.header('set-cookie', [
      'session=jeton; Path=/; HttpOnly',
      `${DEVICE}2; Path=/; HttpOnly; Max-Age=31536000`,
    ]);
    return {
      success: true,
      message: 'Connexion réussie',
      data: { token: 'jeton', user: { role: 'client' } },
    };
  });
  afterAll(async () => {
    await api.close();
    // Importing the route started loading its view (an island, lib/island.tsx, on the server):
    // it has loaded before the file ends, not while its environment is torn down.
    await import('./auth-login-view');
  });

  const submit = async (password: string) => {
    const visitor = { headers: { cookie: DEVICE }, ip: '203.0.113.9' } as unknown as FastifyRequest;
    const context = new RouterContextProvider();
    context.set(serverContext, {
      api: injectTransport(api, visitor),
      publicUrl: 'http://souk.test',
    } as never);
    const route = { id: 'login', path: '/auth/login', action: loginRoute.action } as DataRouteObject;
    const request = new Request('http://souk.test/auth/login', {
      method: 'POST',
      headers: { cookie: DEVICE },
      body: new URLSearchParams({ email: '77 123 45 67', password }),
    });
    return createStaticHandler([route])
      .queryRoute(request, { requestContext: context })
      .catch((thrown: unknown) => thrown);
  };

  it("sends the visitor's device cookie with her attempt, and hands her the API's cookies", async () => {
    const answer = await submit('bon-mot');
    expect(answer).toBeInstanceOf(Response);
    expect(seen.at(-1)).toBe(DEVICE);
    expect((answer as Response).headers.getSetCookie()).toEqual([
      'session=jeton; Path=/; HttpOnly',
      `${DEVICE}2; Path=/; HttpOnly; Max-Age=31536000`,
    ]);
  });

  it('shows a refusal past the limit in the words of the API: when to try again, and the way that does not wait', async () => {
    const answer = (await submit('mauvais')) as Response;
    expect(answer.status).toBe(429);
    expect(await answer.json()).toMatchObject({
      ok: false,
      failure: {
        message: 'Trop de tentatives. Réessayez dans 12 minutes ou utilisez « Mot de passe oublié ».',
      },
    });
  });
});

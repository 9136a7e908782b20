import { loginTooMany } from '@souk/domain/account-messages';
import Fastify, { type FastifyRequest } from 'fastify';
import { createStaticHandler, type DataRouteObject, RouterContextProvider } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { serverContext } from '#api-context';
import { injectTransport } from '~/lib/inject-transport.server';
import { loginWith } from '~/lib/login-url';
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

// A registration refused because the number has an account links here (loginWith): the page
// fills in that number and keeps where she was going (the cart), so only her password is left.
// It fills in only what reads as a phone or an e-mail: a link anyone can share never makes the
// shop's page say what it likes.
describe('the login page opened with an identifier', () => {
  const open = async (href: string) => {
    const context = new RouterContextProvider();
    context.set(serverContext, { publicUrl: 'http://souk.test' } as never);
    const route = { id: 'login', path: '/auth/login', loader: loginRoute.loader } as DataRouteObject;
    const data = await createStaticHandler([route]).queryRoute(new Request(`http://souk.test${href}`), {
      requestContext: context,
    });
    return data as { identifier: string | null; redirectTo: string | null };
  };

  it('fills in a number the shop reads, written the way its country writes it, and keeps the return', async () => {
    expect(loginWith('77 123 45 67', '/cart')).toBe('/auth/login?identifier=77+123+45+67&redirectTo=%2Fcart');
    expect(await open(loginWith('77 123 45 67', '/cart'))).toMatchObject({
      identifier: '+221 77 123 45 67',
      redirectTo: '/cart',
    });
    expect((await open(loginWith('+221771234567', null))).identifier).toBe('+221 77 123 45 67');
    expect((await open(loginWith(' Awa@Exemple.SN ', '/profile'))).identifier).toBe('awa@exemple.sn');
  });

  it('fills in nothing else: free text, a bad number or e-mail, markup', async () => {
    for (const text of [
      'Votre compte est bloqué, appelez le 0800',
      '12',
      'awa@',
      '<script>alert(1)</script>@x.sn',
      '',
    ]) {
      expect((await open(loginWith(text, '/cart'))).identifier, text).toBeNull();
    }
    expect((await open('/auth/login?redirectTo=%2Fcart')).identifier).toBeNull();
  });
});

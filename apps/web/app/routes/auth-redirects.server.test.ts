import type { User } from '@souk/domain/auth';
import { SESSION_COOKIE } from '@souk/domain/cookies';
import { createStaticHandler, type DataRouteObject, RouterContextProvider } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { serverContext } from '#api-context';
import type { Transport } from '~/lib/api-client';
import { safeRedirectPath } from '~/lib/session.server';

// A redirect target read from a request (`redirectTo` in a link or a form) must never send the
// visitor off the shop: a link on the shop's own domain, shared in a WhatsApp group, would land
// on a phishing page. Checked on the real route modules, as the server runs them.

const HOSTILE = [
  '//evil.example/phish',
  '/..//evil.example/phish',
  '/./..//evil.example',
  '/%2e%2e//evil.example',
  '/%2e%2e/%2fevil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  'evil.example',
  '/%',
  '/%09/evil.example',
  '/x/..%2F..%2F/evil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252Fevil.example',
];

/** Whether a Location header sends the browser to another host. */
function leavesTheShop(location: string) {
  return new URL(location, 'http://souk.test').origin !== 'http://souk.test';
}

const client = { id: 7, name: 'Awa', email: 'awa@souk.test', phone: null, role: 'client' } as unknown as User;

const pages: Array<{ path: string; file: string }> = [
  { path: '/auth/login', file: 'auth-login.tsx' },
  { path: '/login', file: 'auth-login.tsx' },
  { path: '/auth/register', file: 'auth-register.tsx' },
  { path: '/register', file: 'auth-register.tsx' },
  { path: '/auth/quick-register', file: 'auth-quick-register.tsx' },
  { path: '/auth/logout', file: 'auth-logout.ts' },
];

async function routeAt(path: string, file: string): Promise<DataRouteObject> {
  const module = await import(/* @vite-ignore */ `./${file}`);
  return { id: path, path, loader: module.loader, action: module.action } as DataRouteObject;
}

/** One request by a signed-in visitor; the API knows her and logs her out when asked. */
async function visit(path: string, init: { method?: string; body?: URLSearchParams } = {}) {
  const page = pages.find((p) => p.path === path.split('?')[0]);
  if (!page) throw new Error(`no page ${path}`);
  const context = new RouterContextProvider();
  context.set(serverContext, {
    api: (async () => ({
      status: 200,
      text: JSON.stringify({ success: true, data: null }),
    })) satisfies Transport,
    session: async () => ({ ok: true, status: 200, data: client, setCookies: [] }),
    publicUrl: 'http://souk.test',
  } as never);
  const request = new Request(`http://souk.test${path}`, {
    method: init.method ?? 'GET',
    headers: { cookie: `${SESSION_COOKIE}=abc` },
    body: init.body,
  });
  const handler = createStaticHandler([await routeAt(page.path, page.file)]);
  const answer = await handler.queryRoute(request, { requestContext: context }).catch((e: unknown) => e);
  if (!(answer instanceof Response)) throw new Error(`${path} answered no redirect`);
  return answer;
}

describe('redirect targets', () => {
  // Importing a route started loading its view (an island, lib/island.tsx, on the server): each has
  // loaded before the file ends, not while its environment is torn down.
  afterAll(() =>
    Promise.all([
      import('./auth-login-view'),
      import('./auth-register-view'),
      import('./auth-quick-register-view'),
    ]),
  );

  it('keeps paths of the shop, with their query and fragment', () => {
    expect(safeRedirectPath('/cart')).toBe('/cart');
    expect(safeRedirectPath('/search?q=savon%20noir#top')).toBe('/search?q=savon%20noir#top');
    expect(safeRedirectPath('/a/../profile')).toBe('/profile');
    expect(safeRedirectPath('/product/cr%C3%A8me-%C3%A0-l-argan')).toBe('/product/cr%C3%A8me-%C3%A0-l-argan');
    expect(safeRedirectPath('/search?q=%2F%2Fevil')).toBe('/search?q=%2F%2Fevil');
  });

  it.each(HOSTILE)('refuses %j', (target) => {
    expect(safeRedirectPath(target)).toBeNull();
  });

  it('never leaves the shop from the login and registration pages of a signed-in visitor', async () => {
    for (const { path } of pages.filter((p) => p.file !== 'auth-logout.ts')) {
      for (const target of HOSTILE) {
        const answer = await visit(`${path}?redirectTo=${encodeURIComponent(target)}`);
        const location = answer.headers.get('location') ?? '';
        expect(answer.status, `${path} ${target}`).toBe(302);
        expect(leavesTheShop(location), `${path} ${target} → ${location}`).toBe(false);
      }
    }
  });

  it('never leaves the shop after logging out', async () => {
    for (const target of HOSTILE) {
      const answer = await visit('/auth/logout', {
        method: 'POST',
        body: new URLSearchParams({ redirectTo: target }),
      });
      const location = answer.headers.get('location') ?? '';
      expect(leavesTheShop(location), `${target} → ${location}`).toBe(false);
    }
    const home = await visit('/auth/logout', {
      method: 'POST',
      body: new URLSearchParams({ redirectTo: '/auth/login' }),
    });
    expect(home.headers.get('location')).toBe('/auth/login');
  });
});

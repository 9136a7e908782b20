import type { User } from '@souk/domain/auth';
import { SESSION_COOKIE } from '@souk/domain/cookies';
import {
  createStaticHandler,
  type DataRouteObject,
  RouterContextProvider,
  type StaticHandlerContext,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { serverContext } from '#api-context';
import routes from '../routes';
import type { ApiResult, Transport } from './api-client';

// The back office's pages as the server runs them: the real route modules of the route table
// under the admin layout, their middleware, loaders and actions, before an API that counts who
// asks who the visitor is.

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
const layoutEntry = (routes as Entry[]).find((entry) => entry.file === 'routes/admin-layout.tsx');
if (!layoutEntry?.children)
  throw new Error("La mise en page de l'administration manque à la table des routes");

async function routeOf(entry: Entry): Promise<DataRouteObject> {
  const module = await import(/* @vite-ignore */ `../${entry.file}`);
  return {
    id: entry.id ?? entry.file,
    path: entry.path,
    loader: module.loader,
    action: module.action,
    middleware: module.middleware,
    hasErrorBoundary: Boolean(module.ErrorBoundary),
    children: await Promise.all((entry.children ?? []).map(routeOf)),
  } as DataRouteObject;
}
const adminRoutes = await routeOf({ ...layoutEntry, path: '/' });
const pages = layoutEntry.children.map((entry) => ({ path: `/${entry.path}`, id: entry.id ?? entry.file }));

const admin: User = {
  id: 1,
  name: 'Awa Admin',
  email: 'admin@souk.test',
  phone: null,
  role: 'admin',
} as unknown as User;

type Visitor = { session: () => ApiResult<User>; cookie: boolean };
const asAdmin: Visitor = {
  cookie: true,
  session: () => ({ ok: true, status: 200, data: admin, setCookies: [] }),
};
const asGuest: Visitor = {
  cookie: false,
  session: () => ({ ok: false, status: 401, message: '', setCookies: [] }),
};
const asClient: Visitor = {
  cookie: true,
  session: () => ({ ok: true, status: 200, data: { ...admin, role: 'client' }, setCookies: [] }),
};
const expired: Visitor = {
  cookie: true,
  session: () => ({ ok: false, status: 401, message: 'Session invalide', setCookies: [] }),
};

/** One request to the back office: what it answered, and how many times the API was asked who the visitor is. */
async function visit(visitor: Visitor, path: string, { only }: { only?: string } = {}) {
  let lookups = 0;
  const calls: string[] = [];
  const context = new RouterContextProvider();
  context.set(serverContext, {
    // Every other call fails: what is counted is the look-ups, whatever the pages then show.
    api: (async ({ method, url }) => {
      calls.push(`${method} ${url.split('?')[0]}`);
      // Asked by hand rather than through the request's one look-up: counted all the same.
      if (url === '/auth/me') lookups += 1;
      return { status: 503, text: JSON.stringify({ success: false, message: 'Indisponible' }) };
    }) satisfies Transport,
    session: async () => {
      lookups += 1;
      return visitor.session();
    },
    publicUrl: 'http://souk.test',
    shopWhatsapp: { number: '+22670000000', display: '+226 70 00 00 00' },
    shopLocale: { country: 'BF', timeZone: 'Africa/Ouagadougou' },
    agency: { location: '', address: '', hours: '' },
    deliveryTerms: '',
    unpaidTimeoutMs: 0,
    largeQuantity: 20,
    paymentProviders: [],
    cspNonce: 'test',
    pageKept: false,
    saveData: false,
  } as never);
  const request = new Request(`http://souk.test${path}`, {
    headers: visitor.cookie ? { cookie: `${SESSION_COOKIE}=abc` } : {},
  });
  const handler = createStaticHandler([adminRoutes]);
  const answer = await handler.query(request, {
    requestContext: context,
    ...(only ? { filterMatchesToLoad: (match) => match.route.id === only } : {}),
    generateMiddlewareResponse: async (query) => {
      const result = await query(request, only ? { filterMatchesToLoad: (m) => m.route.id === only } : {});
      if (result instanceof Response) return result;
      return Response.json(summary(result), { status: result.statusCode });
    },
  });
  return { answer: answer as Response, lookups, calls };
}

const summary = (result: StaticHandlerContext) => ({
  errors: Object.fromEntries(
    Object.entries(result.errors ?? {}).map(([id, error]) => [
      id,
      (error as { data?: unknown }).data ?? null,
    ]),
  ),
});

describe("the back office's access check", () => {
  it('asks the API who the visitor is once per request, for every admin page', async () => {
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/admin', '/admin/orders']));
    for (const page of pages) {
      const { lookups, calls } = await visit(asAdmin, page.path);
      expect(lookups, page.path).toBe(1);
      // The layout's loader ran (and the page's: the API's failure is the page's concern).
      expect(calls, page.path).toContain('GET /admin/notifications');
    }
  });

  it("checks a data request for one page's loader alone, once", async () => {
    for (const page of pages) {
      const alone = await visit(asAdmin, page.path, { only: page.id });
      expect(alone.lookups, page.path).toBe(1);
      // Only the page's: not the layout's bell.
      expect(alone.calls, page.path).not.toContain('GET /admin/notifications');
      // A guest costs no look-up (no session cookie) and is refused all the same.
      const guest = await visit(asGuest, page.path, { only: page.id });
      const shown =
        guest.answer.status === 302 ? guest.answer.headers.get('location') : await guest.answer.text();
      expect(shown, page.path).toContain(`/auth/login?redirectTo=${encodeURIComponent(page.path)}`);
    }
  });

  it('sends a guest to log in, a client to the shop, an expired session to log in again (cookie cleared)', async () => {
    const guest = await visit(asGuest, '/admin/products?page=2');
    expect(guest.answer.status).toBe(302);
    expect(guest.answer.headers.get('location')).toBe(
      '/auth/login?redirectTo=%2Fadmin%2Fproducts%3Fpage%3D2',
    );
    const client = await visit(asClient, '/admin/products');
    expect(client.answer.headers.get('location')).toBe('/');
    const gone = await visit(expired, '/admin/products');
    expect(gone.answer.headers.get('location')).toBe('/auth/login?expired=1&redirectTo=%2Fadmin%2Fproducts');
    expect(gone.answer.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
  });

  it('tells a guest, a client and an expired session why on the orders and customers pages, running no loader', async () => {
    const guest = await visit(asGuest, '/admin/orders');
    expect(guest.answer.status).toBe(401);
    expect((await guest.answer.json()).errors[layoutEntry.file]).toEqual({
      message: 'Vous devez être connecté pour accéder à cette page',
      notice: {
        message: 'Vous devez être connecté pour accéder à cette page',
        to: '/auth/login?redirectTo=%2Fadmin%2Forders',
      },
    });
    const client = await visit(asClient, '/admin/customers');
    expect(client.answer.status).toBe(403);
    const refused = await client.answer.json();
    expect(client.calls).toEqual([]);
    expect(refused.errors[layoutEntry.file].notice).toEqual({
      message: "Vous devez avoir les droits d'administrateur pour accéder à cette page",
      to: '/',
    });
    const gone = await visit(expired, '/admin/orders');
    // The ended session's cookie goes with the notice.
    expect(gone.answer.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect(guest.answer.headers.get('set-cookie')).toBeNull();
    expect((await gone.answer.json()).errors[layoutEntry.file].notice).toEqual({
      message: 'Session expirée. Redirection vers la page de connexion...',
      to: '/auth/login?expired=1&redirectTo=%2Fadmin%2Forders',
    });
  });
});

import { createHash, randomUUID } from 'node:crypto';
import { CART_SESSION_COOKIE } from '@souk/domain/cookies';
import { expect, type Page, test } from './fixtures.ts';
import { expectLive } from './helpers.ts';

// ADR 0004: every page carries a Content-Security-Policy whose inline scripts need this response's
// nonce — or, on a page kept for every anonymous visitor (ADR 0023), their own hashes — and account
// pages (HTML and their single-fetch `.data`) are never stored by a cache.

/** The script sources of a CSP header, after checking the directives every page must have. */
function scriptSourcesOf(csp: string | undefined): string[] {
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  const directives = new Map(
    (csp ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  const scriptSrc = directives.get('script-src') ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  return scriptSrc;
}

/** The nonce of a CSP header, after checking the script sources it allows. */
function scriptNonceOf(csp: string | undefined): string {
  const scriptSrc = scriptSourcesOf(csp);
  const nonce = scriptSrc.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce, `a nonce in script-src (${scriptSrc.join(' ')})`).toBeTruthy();
  return nonce ?? '';
}

/**
 * The opening tags of the HTML's inline scripts, except data blocks (JSON-LD), which browsers never
 * run and CSP does not govern.
 */
function inlineScriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => !/\ssrc=/i.test(tag) && !/\stype="application\/(ld\+)?json"/i.test(tag));
}

/** Collects what the browser reports about the CSP (violations are logged to the console). */
function watchCspReports(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

/** The texts of the HTML's inline scripts, as the browser hashes them (data blocks excepted). */
function inlineScriptTexts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(
      ([, attributes = '']) =>
        !/\ssrc=/i.test(attributes) && !/type="application\/(ld\+)?json"/i.test(attributes),
    )
    .map(([, , text = '']) => text);
}

/** Visits `path`, checks its CSP and nonces, then that the page hydrates with no CSP report. */
async function expectNonceProtectedPage(page: Page, path: string) {
  const reports = watchCspReports(page);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const nonce = scriptNonceOf(response?.headers()['content-security-policy']);

  const scripts = inlineScriptTags((await response?.text()) ?? '');
  expect(scripts.length, 'React Router inlines its hydration scripts').toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  await expectHydratedWithoutReports(page, path, reports);
  return nonce;
}

/**
 * Visits `path` as a visitor with neither session nor cart: a page kept for everyone, so no nonce;
 * its CSP names the hash of each inline script it holds, and the page hydrates with no CSP report.
 */
async function expectHashProtectedPage(page: Page, path: string) {
  const reports = watchCspReports(page);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const csp = response?.headers()['content-security-policy'];
  const scriptSrc = scriptSourcesOf(csp);
  expect(
    scriptSrc.filter((source) => source.startsWith("'nonce-")),
    path,
  ).toEqual([]);

  const html = (await response?.text()) ?? '';
  const texts = inlineScriptTexts(html);
  expect(texts.length, 'React Router inlines its hydration scripts').toBeGreaterThan(0);
  for (const tag of inlineScriptTags(html)) expect(tag, path).not.toContain('nonce=');
  for (const text of texts)
    expect(scriptSrc, path).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  await expectHydratedWithoutReports(page, path, reports);
  return csp;
}

async function expectHydratedWithoutReports(page: Page, path: string, reports: string[]) {
  // The header's search becomes a button only once React has hydrated; its suggestions are fetched.
  await page.getByRole('button', { name: 'Ouvrir la recherche' }).click();
  await page.getByRole('combobox').fill('creme');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions de recherche' });
  await expect(suggestions.getByRole('option', { name: /Crème/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Fermer la recherche' }).click();
  expect(reports, `CSP reports on ${path}`).toEqual([]);
}

test("an anonymous visitor's home and product pages run only the scripts their CSP hashes allow, and still hydrate", async ({
  page,
  request,
}) => {
  const first = await expectHashProtectedPage(page, '/');
  const second = await expectHashProtectedPage(page, '/');
  expect(second, 'the same page kept for every anonymous visitor, with its policy').toBe(first);

  // A product sold without variants, so that it goes to the cart in one click.
  type Summary = { id: number; variants_count: number; is_available: boolean };
  const listed = (await (await request.get('/api/products?per_page=100')).json()).data.products as Summary[];
  const plain = listed.find((p) => p.variants_count === 0 && p.is_available);
  if (!plain) throw new Error('no seeded product without variants');
  await expectHashProtectedPage(page, `/products/${plain.id}`);
  await expectLive(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Produit ajouté au panier !')).toBeVisible();

  // With a cart, the same pages are this visitor's own: rendered for them, under a fresh nonce.
  const withCart = await expectNonceProtectedPage(page, `/products/${plain.id}`);
  expect(await expectNonceProtectedPage(page, '/'), 'a fresh nonce for each response').not.toBe(withCart);
});

test('account pages and their .data answers are never stored, signed in or not', async ({ page }) => {
  const noStore = async (path: string) => {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-store');
  };
  await noStore('/cart');
  await noStore('/cart.data');

  // A guest's cart count is on every page: no cache keeps a page of a guest with a cart either.
  const guestCart = { cookie: `${CART_SESSION_COOKIE}=${randomUUID()}` };
  for (const path of ['/', '/catalog', '/catalog.data']) {
    const response = await page.request.get(path, { headers: guestCart });
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
  }

  // A session cookie in the browser's context, as the registration form would leave it.
  const stamp = String(Date.now()).slice(-7);
  const registered = await page.request.post('/api/auth/quick-register', {
    data: { name: 'Khady Entêtes', whatsapp_phone: `22175${stamp}`, password: 'motdepasse-sûr' },
  });
  expect(registered.status()).toBe(201);

  await expectNonceProtectedPage(page, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Khady Entêtes' })).toBeVisible();
  await noStore('/profile');
  await noStore('/profile.data');
  await noStore('/cart');
  await noStore('/cart.data');

  // Public pages carry the customer's name and contacts in their header data once signed in.
  for (const path of ['/', '/catalog', '/catalog.data']) {
    const response = await page.request.get(path);
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
  }
});

test('a form posted from another site changes nothing, and no redirect leaves the shop', async ({ page }) => {
  const stamp = String(Date.now()).slice(-7);
  const registered = await page.request.post('/api/auth/quick-register', {
    data: { name: 'Aïssatou Origine', whatsapp_phone: `22176${stamp}`, password: 'motdepasse-sûr' },
  });
  expect(registered.status()).toBe(201);

  // A page elsewhere posting the shop's logout form (React Router left resource routes unchecked).
  const refused = await page.request.post('/auth/logout', {
    headers: { origin: 'https://evil.example' },
    form: { redirectTo: '/' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('Requête refusée : origine non autorisée');
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  // A link on the shop's own domain, shared in a group, for a visitor already signed in.
  for (const path of ['/auth/login', '/login', '/auth/register', '/auth/quick-register']) {
    const response = await page.request.get(`${path}?redirectTo=/..//evil.example/phish`, {
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(302);
    const location = response.headers().location ?? '';
    expect(new URL(location, 'http://127.0.0.1').host, `${path} → ${location}`).toBe('127.0.0.1');
  }
  const loggedOut = await page.request.post('/auth/logout', {
    form: { redirectTo: '/..//evil.example' },
    maxRedirects: 0,
  });
  expect(loggedOut.status()).toBe(302);
  expect(new URL(loggedOut.headers().location ?? '', 'http://127.0.0.1').host).toBe('127.0.0.1');
});

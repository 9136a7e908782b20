import { DEFAULT_SHOP_LOCALE, SHOP_LOCALE_META, setShopLocale } from '@souk/domain/shop-locale';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isSharedPage,
  keptPage,
  offlinePageWith,
  pageOfData,
  reloadDocumentAt,
  stamped,
  withOfflineNotice,
} from './page-copies';

const locale = (timeZone: string) =>
  JSON.stringify({ ...DEFAULT_SHOP_LOCALE, timeZone }).replace(/"/g, '&quot;');

const page = (body: string, headers: Record<string, string> = {}, timeZone = 'Africa/Dakar') =>
  new Response(
    `<!DOCTYPE html><html lang="fr"><head><meta name="${SHOP_LOCALE_META}" content="${locale(timeZone)}"/><title>Savon noir &amp; eucalyptus | Souk</title></head><body class="x">${body}</body></html>`,
    {
      status: 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, no-cache',
        'Content-Length': '999',
        'Content-Encoding': 'br',
        ...headers,
      },
    },
  );

afterEach(() => setShopLocale(DEFAULT_SHOP_LOCALE));

describe('what the phone keeps', () => {
  it('keeps the pages the server gives every anonymous visitor, and nothing answered to one person', () => {
    expect(isSharedPage(page('<main>Produit</main>'))).toBe(true);
    // With a session, a guest cart, an account or the cart page: never.
    expect(isSharedPage(page('', { 'Cache-Control': 'private, no-store' }))).toBe(false);
    expect(isSharedPage(page('', { 'Cache-Control': 'no-store' }))).toBe(false);
    expect(isSharedPage(page('', { 'Cache-Control': 'no-cache' }))).toBe(false);
    expect(isSharedPage(new Response('x', { status: 404, headers: { 'Cache-Control': 'public' } }))).toBe(
      false,
    );
    // An API's public JSON is not a page.
    expect(
      isSharedPage(
        new Response('{}', {
          headers: { 'Cache-Control': 'public, max-age=30', 'Content-Type': 'application/json' },
        }),
      ),
    ).toBe(false);
  });

  it("shows a kept page offline with the notice and the date its prices were read, in the shop's time zone", async () => {
    const copy = await stamped(
      page('<div id="app">12 500 FCFA</div>', {}, 'Africa/Douala'),
      new Date('2026-11-27T23:30:00Z'),
    );
    const shown = await withOfflineNotice(copy);
    const html = await shown.text();
    expect(html).toContain(
      '<body class="x"><aside id="offline-notice" class="offline-notice" role="status">Hors ligne — prix vus le 28/11/2026 à 00:30</aside><div id="app">12 500 FCFA</div>',
    );
    // The bytes are not the network's any more: no length or encoding of theirs.
    expect(shown.headers.get('Content-Length')).toBeNull();
    expect(shown.headers.get('Content-Encoding')).toBeNull();
    expect(shown.headers.get('Cache-Control')).toBe('public, no-cache');
  });

  it('lists the pages the phone holds on the offline page, the latest first, their titles escaped', async () => {
    const older = await stamped(page('a'), new Date('2026-11-26T10:00:00Z'));
    const newer = await stamped(
      new Response('<title>Huile d’argan &lt;bio&gt; | Souk</title>', {
        headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public' },
      }),
      new Date('2026-11-27T09:15:00Z'),
    );
    const offline = () =>
      new Response(
        `<head><meta name="${SHOP_LOCALE_META}" content="${locale('Africa/Dakar')}"/><link rel="modulepreload" href="/assets/root.js"/><script nonce="n">window.x=1</script></head><main><a href="/offline" data-offline-retry="" class="button">Réessayer</a><ul class="offline-pages" data-offline-pages=""><li>Aucune page n&#x27;est encore gardée sur ce téléphone.</li></ul></main>`,
        { headers: { 'Content-Type': 'text/html' } },
      );
    const html = await (
      await offlinePageWith(offline(), 'https://souk.example/products/41?n=40', [
        keptPage('https://souk.example/product/savon-noir', older),
        keptPage('https://souk.example/?loggedOut=1', newer),
      ])
    ).text();
    expect(html).toContain(
      '<ul class="offline-pages" data-offline-pages=""><li><a href="/?loggedOut=1">Huile d’argan &#60;bio&#62; | Souk</a><span>prix vus le 27/11/2026 à 09:15</span></li><li><a href="/product/savon-noir">Savon noir &#38; eucalyptus | Souk</a><span>prix vus le 26/11/2026 à 10:00</span></li></ul>',
    );
    // Plain HTML: the page's scripts, whose code the phone may not hold, are taken out.
    expect(html).not.toContain('<script');
    expect(html).not.toContain('modulepreload');
    // 'Réessayer' asks again for the address the visitor wanted.
    expect(html).toContain('<a href="/products/41?n=40" data-offline-retry="" class="button">Réessayer</a>');
    const empty = await (await offlinePageWith(offline(), 'https://souk.example/cart', [])).text();
    expect(empty).toContain('<li>Aucune page n&#39;est encore gardée sur ce téléphone.</li></ul>');
  });
});

describe('a client navigation that cannot reach the network', () => {
  it('is turned into a document load of its page', () => {
    expect(pageOfData('https://souk.example/product/savon-noir.data?_routes=routes%2Fproduct')).toBe(
      '/product/savon-noir',
    );
    expect(pageOfData('https://souk.example/_.data?_routes=root')).toBe('/');
    expect(pageOfData('https://souk.example/catalog/savons.data?n=40&_routes=x')).toBe(
      '/catalog/savons?n=40',
    );
    const answer = reloadDocumentAt('/product/savon-noir');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('X-Remix-Redirect')).toBe('/product/savon-noir');
    expect(answer.headers.get('X-Remix-Reload-Document')).toBe('true');
  });
});

import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';

// docs/decisions/0029: a page's main picture (its LCP) is asked for from the head, at high
// priority, at the size a phone needs; every other picture waits until it nears the screen; a
// visitor asking for Save-Data gets lighter pictures, and a page kept for one is never served to
// the other.

type Summary = { id: number; slug: string };

/** The home, a category with a picture, and a product with a picture, as a visitor opens them. */
async function pagesOf(request: APIRequestContext) {
  const categories = (await (await request.get('/api/categories')).json()).data.categories as (Summary & {
    image: unknown;
  })[];
  const category = categories.find((c) => c.image);
  const products = (await (await request.get('/api/products?per_page=20')).json()).data
    .products as (Summary & {
    image: unknown;
  })[];
  const product = products.find((p) => p.image);
  if (!category || !product) throw new Error('the demo shop has pictures');
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: `/catalog/${category.slug}` },
    { name: 'product', path: `/products/${product.id}` },
  ];
}

/** The width of a pipeline file (`/media/<key>-<width>.webp`). */
const widthOf = (url: string) => Number(url.match(/-(\d+)\.webp$/)?.[1]);

/** The <link rel="preload" as="image"> tags of a served page's head, in order, with where they stand. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)];
  const firstOf = (pattern: RegExp) => head.search(pattern);
  return {
    preloads: preloads.map((m) => ({ tag: m[0], at: m.index ?? -1 })),
    stylesheet: firstOf(/<link[^>]*rel="stylesheet"/),
    script: firstOf(/<script|<link rel="modulepreload"/),
  };
}

const attribute = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1]?.replaceAll('&amp;', '&');

/** Every <img> of the page once loaded, with what decides how it loads and which file it took. */
async function picturesOf(page: Page) {
  // The main picture has arrived (it is eager): what the browser chose is known.
  await page.waitForFunction(() =>
    [...document.images].some((img) => img.loading === 'eager' && img.complete && img.naturalWidth > 0),
  );
  return page.evaluate(() =>
    [...document.images].map((img) => ({
      loading: img.getAttribute('loading'),
      decoding: img.getAttribute('decoding'),
      fetchPriority: img.getAttribute('fetchpriority'),
      srcset: img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      currentSrc: img.currentSrc,
      alt: img.alt,
    })),
  );
}

/** The /media files the page downloaded, and those its preload asked for. */
function mediaLoaded(page: Page) {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.startsWith('/media/'))
      .map((entry) => ({ path: new URL(entry.name).pathname, initiator: entry.initiatorType })),
  );
}

test("each page's main picture is preloaded from the head at high priority, and is its only eager picture", async ({
  page,
  request,
}) => {
  for (const { name, path } of await pagesOf(request)) {
    // As served: the preload stands in the head before the stylesheet and every script.
    const html = await (await request.get(path)).text();
    const head = headOf(html);
    expect(head.preloads, `${name}: one picture preloaded`).toHaveLength(1);
    const [preload] = head.preloads;
    if (!preload) throw new Error('no preload');
    expect(attribute(preload.tag, 'fetchPriority'), name).toBe('high');
    expect(preload.at, `${name}: before the stylesheet`).toBeLessThan(head.stylesheet);
    expect(preload.at, `${name}: before the scripts`).toBeLessThan(head.script);

    await page.goto(path);
    const pictures = await picturesOf(page);
    const eager = pictures.filter((img) => img.loading !== 'lazy');
    expect(eager, `${name}: one eager picture`).toHaveLength(1);
    const [main] = eager;
    if (!main) throw new Error('no main picture');
    expect(main.fetchPriority, name).toBe('high');
    expect(main.srcset, `${name}: the preload names the same files`).toBe(
      attribute(preload.tag, 'imageSrcSet'),
    );
    expect(main.sizes, `${name}: for the same size`).toBe(attribute(preload.tag, 'imageSizes'));

    // Every other picture waits until it nears the screen, decoded off the main thread, and
    // queues behind the main one.
    for (const img of pictures.filter((p) => p !== main)) {
      expect(img.loading, `${name}: ${img.currentSrc || img.srcset}`).toBe('lazy');
      expect(img.decoding, name).toBe('async');
      expect(img.fetchPriority, name).toBe('low');
    }
    // Every picture's box is known before it arrives: no layout shift.
    for (const img of pictures) {
      expect(Number(img.width), name).toBeGreaterThan(0);
      expect(Number(img.height), name).toBeGreaterThan(0);
    }

    // The preload was used: the main picture was downloaded once, by the preload, as the file the <img> shows.
    const mainPath = new URL(main.currentSrc).pathname;
    const loaded = await mediaLoaded(page);
    expect(
      loaded.filter((file) => file.path === mainPath),
      name,
    ).toEqual([{ path: mainPath, initiator: 'link' }]);
  }
});

test.describe('on a 390 px phone at 2×', () => {
  // A 390 px screen at 2× without Chromium's mobile emulation: with it, the emulated preload
  // scanner reads `sizes` at a 980 px viewport (the meta viewport not yet applied) and fetches a
  // wider file beside the right one, which a phone's own Chromium does not.
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: false });

  test('the main picture is the 720 px file, and the home banner weighs 10 KB at most', async ({
    page,
    request,
  }) => {
    for (const { name, path } of await pagesOf(request)) {
      await page.goto(path);
      const [main] = (await picturesOf(page)).filter((img) => img.loading === 'eager');
      // 716 px of screen: the 720 file (1024 before it existed), downloaded once.
      expect(widthOf(main?.currentSrc ?? ''), name).toBe(720);
      const files = (await mediaLoaded(page)).filter((file) => file.initiator === 'link');
      expect(
        files.map((file) => widthOf(file.path)),
        name,
      ).toEqual([720]);
      if (name === 'home') {
        const bytes = await page.evaluate(
          (src) =>
            (performance.getEntriesByName(src)[0] as PerformanceResourceTiming | undefined)?.encodedBodySize,
          main?.currentSrc ?? '',
        );
        expect(bytes).toBeGreaterThan(0);
        expect(bytes).toBeLessThanOrEqual(10 * 1024);
      }
    }
  });

  test('the home’s rows below the screen fetch no picture until the visitor scrolls near them', async ({
    page,
  }) => {
    await page.goto('/');
    const row = page.getByRole('region', { name: 'Nouveautés' });
    const pictures = row.locator('img');
    const started = () =>
      pictures.evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((img) => img.currentSrc).length);
    // Loaded (page.goto waits for the load event) and painted twice since: the row, two screens
    // down, has fetched nothing, though a browser's own lazy-loading margin reaches it.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await pictures.count()).toBeGreaterThan(0);
    expect(await started()).toBe(0);
    await row.scrollIntoViewIfNeeded();
    await expect
      .poll(() => pictures.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
  });
});

test('with Save-Data, every page takes lighter pictures', async ({ page, request }) => {
  const pages = await pagesOf(request);
  /** By page: the width of the file its main picture took, and of the widest file it downloaded. */
  const widths = async () => {
    const chosen: Record<string, { main: number; widest: number }> = {};
    for (const { name, path } of pages) {
      await page.goto(path);
      const [main] = (await picturesOf(page)).filter((img) => img.loading === 'eager');
      const loaded = (await mediaLoaded(page)).map((file) => widthOf(file.path));
      chosen[name] = { main: widthOf(main?.currentSrc ?? ''), widest: Math.max(...loaded) };
    }
    return chosen;
  };
  const plain = await widths();
  await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  const light = await widths();
  for (const { name } of pages) {
    expect(light[name]?.main, `${name}: a narrower main picture`).toBeLessThan(plain[name]?.main ?? 0);
    // A full-width picture at 1× on a phone: 480 px at most, whatever the screen's density.
    expect(light[name]?.widest, `${name}: no file wider than a phone needs at 1×`).toBeLessThanOrEqual(480);
  }
});

test('a page kept for Save-Data is never served to a visitor without it, nor the other way round', async ({
  playwright,
  baseURL,
  request,
}) => {
  const [, category] = await pagesOf(request);
  if (!category) throw new Error('no category');
  const saving = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'Save-Data': 'on' } });
  const plain = await playwright.request.newContext({ baseURL });
  // The widest file the page's main picture offers.
  const widest = (html: string) => {
    const tag = html.match(/<img[^>]*fetchPriority="high"[^>]*>/)?.[0] ?? '';
    return Math.max(...[...(attribute(tag, 'srcSet') ?? '').matchAll(/(\d+)w/g)].map((m) => Number(m[1])));
  };
  try {
    // Kept for Save-Data first: the next one asking with it is answered from memory.
    await saving.get(category.path);
    const keptLight = await saving.get(category.path);
    expect(keptLight.headers()['x-cache']).toBe('HIT');
    expect(keptLight.headers().vary).toMatch(/save-data/i);
    const light = await keptLight.text();
    expect(widest(light)).toBeLessThanOrEqual(480);

    // A visitor without Save-Data gets the full page, computed or kept for them, never the light one.
    for (let i = 0; i < 2; i++) {
      const answer = await plain.get(category.path);
      expect(answer.headers().vary).toMatch(/save-data/i);
      const full = await answer.text();
      expect(widest(full)).toBeGreaterThan(480);
      expect(full).not.toBe(light);
    }
    const keptFull = await plain.get(category.path);
    expect(keptFull.headers()['x-cache']).toBe('HIT');

    // And the Save-Data visitor still gets the light one.
    const again = await saving.get(category.path);
    expect(again.headers()['x-cache']).toBe('HIT');
    expect(widest(await again.text())).toBeLessThanOrEqual(480);
  } finally {
    await Promise.all([saving.dispose(), plain.dispose()]);
  }
});

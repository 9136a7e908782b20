import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { seedCatalog } from '../../test/catalog-fixtures.ts';
import { engines } from '../../test/database.ts';

describe.each(engines)('public catalogue API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let c: Awaited<ReturnType<typeof seedCatalog>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    c = await seedCatalog(t.db);
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const names = (body: { data: { products: { name: string }[] } }) => body.data.products.map((p) => p.name);

  describe('categories', () => {
    it('lists active main categories with their active subcategories and product counts', async () => {
      const { status, body } = await get('/api/categories');
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      const cats = body.data.categories;
      expect(cats.map((x: { name: string }) => x.name)).toEqual(['Soins du visage et du corps', 'Parfums']);
      const soins = cats[0];
      expect(soins.products_count).toBe(3); // 2 crèmes + lait; the inactive Masques subcategory is left out
      expect(soins.subcategories.map((s: { slug: string }) => s.slug)).toEqual(['cremes']);
      expect(soins.subcategories[0].products_count).toBe(2);
      expect(soins.subcategories_count).toBe(1);
    });

    it('finds a category by slug or id, with its parent and subcategories', async () => {
      const bySlug = await get('/api/categories/parfums');
      expect(bySlug.status).toBe(200);
      expect(bySlug.body.data.subcategories.map((s: { name: string }) => s.name)).toEqual(['Musc & Ambre']);
      expect(bySlug.body.data.products_count).toBe(26);
      const byId = await get(`/api/categories/${c.musc.id}`);
      expect(byId.body.data.parent).toMatchObject({ slug: 'parfums' });
    });

    it('answers 404 in French for unknown and inactive categories', async () => {
      for (const ref of ['inconnue', String(c.archives.id), String(c.masques.id)]) {
        const { status, body } = await get(`/api/categories/${ref}`);
        expect(status).toBe(404);
        expect(body).toEqual({ success: false, message: 'Catégorie non trouvée' });
      }
    });
  });

  describe('product list', () => {
    it('pages 12 by default with the pagination block', async () => {
      const { body } = await get('/api/products');
      expect(body.data.products).toHaveLength(12);
      expect(body.data.pagination).toEqual({
        current_page: 1,
        last_page: 3,
        per_page: 12,
        total: 29,
        from: 1,
        to: 12,
      });
      const last = await get('/api/products?page=3');
      expect(last.body.data.products).toHaveLength(5);
      expect(last.body.data.pagination).toMatchObject({ from: 25, to: 29 });
      const beyond = await get('/api/products?page=9');
      expect(beyond.body.data.products).toEqual([]);
      expect(beyond.body.data.pagination).toMatchObject({ from: null, to: null, total: 29 });
      const all = await get('/api/products?per_page=100');
      expect(all.body.data.products).toHaveLength(29);
    });

    it('never shows inactive products, or products of inactive categories', async () => {
      const all = names((await get('/api/products?per_page=100')).body);
      expect(all).not.toContain('Ambre nuit');
      expect(all).not.toContain('Masque au ghassoul');
      expect(all).not.toContain('Crème archivée');
    });

    it('filters by category (with its subcategories) and by subcategory', async () => {
      const soins = names((await get(`/api/products?category_id=${c.soins.id}&per_page=50`)).body);
      expect(soins.sort()).toEqual([
        'Crème de nuit au figuier',
        "Crème hydratante à l'argan",
        'Lait corporel à la rose',
      ]);
      const cremes = names((await get(`/api/products?subcategory_id=${c.cremes.id}`)).body);
      expect(cremes).toHaveLength(2);
    });

    it('filters on base_price bounds', async () => {
      const { body } = await get('/api/products?min_price=8500&max_price=12000&per_page=100');
      for (const p of body.data.products) {
        expect(p.base_price).toBeGreaterThanOrEqual(8500);
        expect(p.base_price).toBeLessThanOrEqual(12000);
      }
      expect(names(body)).toContain("Crème hydratante à l'argan");
      expect(names(body)).toContain('Crème de nuit au figuier');
    });

    it('sorts by price, by newest and by French name order', async () => {
      const asc = (await get('/api/products?sort=base_price&sort_order=asc&per_page=100')).body.data.products;
      const prices = asc.map((p: { base_price: number }) => p.base_price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const desc = (await get('/api/products?sort_by=base_price&sort_order=desc&per_page=3')).body;
      expect(desc.data.products[0].base_price).toBe(25000);
      const newest = names((await get('/api/products?sort=created_at&sort_order=desc&per_page=2')).body);
      expect(newest).toEqual(['Crème de nuit au figuier', "Crème hydratante à l'argan"]);
      const byName = names((await get('/api/products?sort=name&sort_order=asc&per_page=100')).body);
      // 'Élixir' sorts among the E's, not after 'Z' as a byte order would put it.
      expect(byName.indexOf('Élixir de musc blanc')).toBeGreaterThan(byName.indexOf('Eau parfumée n°9'));
      expect(byName.indexOf('Élixir de musc blanc')).toBeLessThan(byName.indexOf('Lait corporel à la rose'));
    });
  });

  describe('search', () => {
    it.each(['creme', 'CRÈME', 'crme', 'Crème'])(
      'finds the crèmes for %s, accent-, case- and typo-tolerant',
      async (q) => {
        const found = names((await get(`/api/products?search=${encodeURIComponent(q)}`)).body);
        expect(found).toEqual(
          expect.arrayContaining(["Crème hydratante à l'argan", 'Crème de nuit au figuier']),
        );
        expect(found).not.toContain('Crème archivée');
        expect(found).not.toContain('Eau parfumée n°1');
      },
    );

    it('ranks by relevance by default and can sort results by price', async () => {
      const byRelevance = names((await get('/api/products?search=argan')).body);
      expect(byRelevance[0]).toBe("Crème hydratante à l'argan");
      const byPrice = (await get('/api/products?search=creme&sort=base_price&sort_order=desc')).body.data
        .products;
      expect(byPrice.map((p: { base_price: number }) => p.base_price)).toEqual([12000, 8500]);
    });

    it('returns an empty list for a search that matches nothing', async () => {
      const { status, body } = await get('/api/products?search=zzzzqqqq');
      expect(status).toBe(200);
      expect(body.data.products).toEqual([]);
      expect(body.data.pagination.total).toBe(0);
    });

    it('treats LIKE wildcards literally', async () => {
      expect(names((await get('/api/products?search=%25%25')).body)).toEqual([]);
    });
  });

  describe('bad input gets a French 4xx, never a 500', () => {
    it.each([
      ['/api/products?per_page=10000', '100 produits par page au maximum'],
      ['/api/products?per_page=0', 'Nombre de produits par page invalide'],
      ['/api/products?sort=popularity', 'Tri inconnu'],
      ['/api/products?sort_order=up', "L'ordre de tri doit être asc ou desc"],
      ['/api/products?min_price=-5', 'Le prix minimum doit être un nombre entier positif'],
      ['/api/products?max_price=abc', 'Le prix maximum doit être un nombre entier positif'],
      [
        '/api/products?min_price=9000&max_price=10',
        'Le prix minimum doit être inférieur ou égal au prix maximum',
      ],
      ['/api/products?page=-1', 'Page invalide'],
      ['/api/products?category_id=abc', 'Catégorie invalide'],
      ['/api/products/abc', 'ID de produit invalide'],
      ['/api/products/12abc/images', 'ID de produit invalide'],
      ['/api/suggestions/products/x/similar', 'ID de produit invalide'],
      ['/api/variants/abc', 'ID de variante invalide'],
    ])('%s → %s', async (url, message) => {
      const { status, body } = await get(url);
      expect(status).toBe(422);
      expect(body.success).toBe(false);
      expect(body.message).toBe(message);
      expect(body.errors).toBeTypeOf('object');
    });

    it('answers an unknown API route with a French 404', async () => {
      const { status, body } = await get('/api/nope');
      expect(status).toBe(404);
      expect(body.success).toBe(false);
    });
  });

  describe('one product', () => {
    it('returns the product with its active variants, images and price from the cheapest variant', async () => {
      const { status, body, headers } = await get(`/api/products/${c.argan.product.id}`);
      expect(status).toBe(200);
      expect(headers['cache-control']).toContain('max-age');
      const p = body.data;
      expect(p.name).toBe("Crème hydratante à l'argan");
      expect(p.variants.map((v: { name: string }) => v.name)).toEqual(['50 ml', '100 ml']);
      expect(p.variants[1]).toMatchObject({ price: 14000, stock_quantity: 4, in_stock: true });
      expect(p.price).toBe(8500);
      expect(p.variants_count).toBe(2);
      expect(p.category).toMatchObject({ slug: 'cremes', parent: { slug: 'soins-du-visage-et-du-corps' } });
      expect(p.images[0].url).toBe(`/media/img${p.id}-640.webp`);
      expect(p.images[0].srcset).toContain('320w');
      expect(p).not.toHaveProperty('is_active');
      expect(p).not.toHaveProperty('sort_order');
    });

    it('says when every variant is out of stock', async () => {
      const { body } = await get(`/api/products/${c.muscBlanc.product.id}`);
      expect(body.data.is_available).toBe(false);
    });

    it('finds a product by slug', async () => {
      const { status, body } = await get('/api/products/slug/creme-de-nuit-au-figuier');
      expect(status).toBe(200);
      expect(body.data.id).toBe(c.nuit.product.id);
    });

    it('answers 404 for unknown and inactive products', async () => {
      for (const id of [999999, c.ambre.product.id, c.masque.product.id, c.archived.product.id]) {
        const { status, body } = await get(`/api/products/${id}`);
        expect(status).toBe(404);
        expect(body.message).toBe('Produit non trouvé');
      }
      expect((await get('/api/products/slug/ambre-nuit')).status).toBe(404);
    });

    it('lists images and videos separately', async () => {
      const { body } = await get(`/api/products/${c.lait.product.id}/images`);
      expect(body.data.images).toHaveLength(1);
      expect(body.data.videos).toEqual([]);
    });

    it('returns an active variant and hides an inactive one', async () => {
      const [active, , inactive] = c.argan.variants;
      expect((await get(`/api/variants/${active?.id}`)).body.data).toMatchObject({
        name: '50 ml',
        price: 8500,
      });
      const hidden = await get(`/api/variants/${inactive?.id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe('Variante non trouvée');
    });
  });

  describe('suggestions', () => {
    it('suggests similar, popular and recent products within their limits, never the product itself', async () => {
      const id = c.numbered[4]?.product.id as number;
      const { status, body } = await get(`/api/suggestions/products/${id}/similar`);
      expect(status).toBe(200);
      const { similar_products, popular_in_category, recent_products } = body.data;
      expect(similar_products).toHaveLength(6);
      expect(popular_in_category.length).toBeLessThanOrEqual(4);
      expect(recent_products).toHaveLength(4);
      const all = [...similar_products, ...popular_in_category, ...recent_products].map(
        (p: { id: number }) => p.id,
      );
      expect(all).not.toContain(id);
      // closest prices first: n°5 costs 5 000, so n°4 and n°6 are nearest
      expect(
        similar_products
          .slice(0, 2)
          .map((p: { base_price: number }) => p.base_price)
          .sort(),
      ).toEqual([4000, 6000]);
      expect(recent_products[0].name).toBe('Crème de nuit au figuier');
    });
  });

  describe('banners, health and docs', () => {
    it('lists active banners by position', async () => {
      const { body } = await get('/api/banners');
      expect(body.data.map((b: { title: string }) => b.title)).toEqual(['Première', 'Deuxième']);
      expect(body.data[0]).toMatchObject({ link_url: '/catalog/parfums', image_url: '/media/b1-640.webp' });
    });

    it('reports health and serves the OpenAPI document', async () => {
      expect((await get('/api/health')).body.data).toEqual({
        status: 'ok',
        database: 'ok',
        environment: 'test',
        cache: expect.objectContaining({ max_bytes: 64 * 1024 * 1024, hit_rate: expect.any(Number) }),
      });
      const spec = await get('/api/docs/json');
      expect(spec.status).toBe(200);
      expect(Object.keys(spec.body.paths)).toEqual(
        expect.arrayContaining(['/api/products', '/api/products/{id}']),
      );
      const params = spec.body.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name);
      expect(params).toEqual(expect.arrayContaining(['search', 'per_page', 'sort']));
    });
  });
});

import {
  CategoryRefParamsSchema,
  ProductIdParamsSchema,
  ProductListQuerySchema,
  ProductSlugParamsSchema,
  VariantIdParamsSchema,
} from '@souk/domain/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as catalog from './catalog.service.ts';

// Public catalogue reads change rarely: let browsers and proxies reuse them briefly.
const PUBLIC_CACHE = 'public, max-age=30, stale-while-revalidate=300';

export function catalogRoutes(db: Db, _config: Config) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', async (request, reply) => {
      if (request.method === 'GET' && reply.statusCode === 200) reply.header('Cache-Control', PUBLIC_CACHE);
    });

    app.get(
      '/categories',
      { schema: { tags: ['catalogue'], summary: 'Catégories principales et sous-catégories' } },
      async () => ({
        success: true,
        data: { categories: await catalog.listCategories(db) },
      }),
    );

    app.get(
      '/categories/:idOrSlug',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Une catégorie par id ou slug',
          params: CategoryRefParamsSchema,
        },
      },
      async (req) => ({ success: true, data: await catalog.getCategory(db, req.params.idOrSlug) }),
    );

    app.get(
      '/products',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Produits filtrés, triés et paginés',
          querystring: ProductListQuerySchema,
        },
      },
      async (req) => ({ success: true, data: await catalog.listProducts(db, req.query) }),
    );

    app.get(
      '/products/slug/:slug',
      {
        schema: { tags: ['catalogue'], summary: 'Un produit par son slug', params: ProductSlugParamsSchema },
      },
      async (req) => ({ success: true, data: await catalog.getProduct(db, { slug: req.params.slug }) }),
    );

    app.get(
      '/products/:id',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Un produit avec variantes et médias',
          params: ProductIdParamsSchema,
        },
      },
      async (req) => ({ success: true, data: await catalog.getProduct(db, { id: req.params.id }) }),
    );

    app.get(
      '/products/:id/images',
      {
        schema: {
          tags: ['catalogue'],
          summary: "Images et vidéos d'un produit",
          params: ProductIdParamsSchema,
        },
      },
      async (req) => ({ success: true, data: await catalog.getProductMedia(db, req.params.id) }),
    );

    app.get(
      '/variants/:id',
      { schema: { tags: ['catalogue'], summary: 'Une variante active', params: VariantIdParamsSchema } },
      async (req) => ({ success: true, data: await catalog.getVariant(db, req.params.id) }),
    );

    app.get(
      '/suggestions/products/:id/similar',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Suggestions pour un produit',
          params: ProductIdParamsSchema,
        },
      },
      async (req) => ({ success: true, data: await catalog.getProductSuggestions(db, req.params.id) }),
    );
  };
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Souk API', description: 'API REST de la boutique Souk', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
        },
      },
    },
    // The document is the API's: the media files and the pages served beside it (their catch-all
    // answers every method) are not part of it.
    transform: (route) =>
      route.url.startsWith('/api/')
        ? jsonSchemaTransform(route)
        : { schema: { ...route.schema, hide: true }, url: route.url },
  });
  // Swagger UI shares the shop's origin (and its session cookie): it gets a CSP of its own.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

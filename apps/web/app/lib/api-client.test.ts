import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_ERROR,
  createApiClient,
  failureMessage,
  failureWithReason,
  INVALID_RESPONSE,
  REQUEST_ERROR,
  readEnvelope,
  type TransportRequest,
} from './api-client';
import { injectTransport } from './inject-transport.server';

const json = (status: number, body: unknown) => ({ status, text: JSON.stringify(body) });

describe('readEnvelope', () => {
  it('unwraps a success into its data and message', () => {
    expect(readEnvelope(json(201, { success: true, data: { id: 3 }, message: 'Créé' }))).toEqual({
      ok: true,
      status: 201,
      data: { id: 3 },
      message: 'Créé',
      setCookies: [],
    });
  });

  it("keeps the server's French message and field errors on a refusal", () => {
    const result = readEnvelope(
      json(422, { success: false, message: 'Le nom est requis', errors: { name: ['Le nom est requis'] } }),
    );
    expect(result).toMatchObject({ ok: false, status: 422, message: 'Le nom est requis' });
    expect(result.ok === false && result.errors).toEqual({ name: ['Le nom est requis'] });
  });

  it("says 'Erreur de requête' for a refusal without a message", () => {
    expect(readEnvelope(json(500, { success: false }))).toMatchObject({ ok: false, message: REQUEST_ERROR });
  });

  it("says 'Réponse invalide du serveur' for HTML, broken JSON or a body that is not an envelope", () => {
    for (const text of ['<!doctype html><p>Erreur</p>', '{"success":', '[1,2]', '{"data":1}', null]) {
      expect(readEnvelope({ status: 200, text })).toMatchObject({ ok: false, message: INVALID_RESPONSE });
    }
  });

  it('never reads a failure status as a success, whatever the body says', () => {
    expect(readEnvelope(json(404, { success: true, data: 1 }))).toMatchObject({ ok: false, status: 404 });
  });
});

describe('createApiClient', () => {
  it('fills path params, drops empty query values and sends the body', async () => {
    const seen: TransportRequest[] = [];
    const client = createApiClient(async (request) => {
      seen.push(request);
      return json(200, { success: true, data: { items: [] } });
    });
    await client.get('/products/:id', { params: { id: 'a b' } });
    await client.get('/products', { query: { search: 'rose & miel', min_price: '', page: 2 } });
    await client.put('/cart/:id', { params: { id: 4 }, body: { quantity: 2 } });
    expect(seen.map((r) => [r.method, r.url, r.body])).toEqual([
      ['GET', '/products/a%20b', undefined],
      ['GET', '/products?search=rose+%26+miel&page=2', undefined],
      ['PUT', '/cart/4', { quantity: 2 }],
    ]);
  });

  it("says 'Erreur de connexion' when the API cannot be reached", async () => {
    const client = createApiClient(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await client.get('/cart')).toEqual({
      ok: false,
      status: 0,
      message: CONNECTION_ERROR,
      setCookies: [],
    });
  });
});

describe('the server transport (Fastify inject)', () => {
  const app = Fastify();
  const received: { contentType?: string; fields?: Record<string, string> } = {};
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  app.post('/api/upload', async (request, reply) => {
    received.contentType = request.headers['content-type'];
    const form = await new Request('http://souk.test/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: new Uint8Array(request.body as Buffer),
    }).formData();
    const file = form.get('file') as File;
    received.fields = { title: String(form.get('title')), file: `${file.name}:${await file.text()}` };
    return reply.status(201).send({ success: true, data: { ok: true } });
  });
  afterAll(() => app.close());

  it('carries a FormData as multipart/form-data, for the uploads of the back office', async () => {
    const visitor = { headers: { 'user-agent': 'Téléphone' }, ip: '10.0.0.7' } as unknown as FastifyRequest;
    const transport = injectTransport(app, visitor);
    const form = new FormData();
    form.set('title', 'Savon noir');
    form.set('file', new File(['GIF89a'], 'savon.gif', { type: 'image/gif' }));
    const res = await transport({ method: 'POST', url: '/upload', body: form });
    expect(res.status).toBe(201);
    expect(received.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.fields).toEqual({ title: 'Savon noir', file: 'savon.gif:GIF89a' });
  });
});

describe('failureMessage', () => {
  const UPLOAD_FAILED = "Erreur lors de l'upload des images";
  const failure = (status: number, body: unknown) => {
    const result = readEnvelope(json(status, body));
    if (result.ok) throw new Error('expected a failure');
    return result;
  };

  it("prefers the server's own message", () => {
    const refused = failure(422, { success: false, message: 'Format de vidéo non pris en charge' });
    expect(failureMessage(refused, UPLOAD_FAILED)).toBe('Format de vidéo non pris en charge');
  });

  it("uses the screen's wording where the server's is generic: a 5xx, or none at all", () => {
    expect(failureMessage(failure(500, { success: false, message: 'Erreur interne' }), UPLOAD_FAILED)).toBe(
      UPLOAD_FAILED,
    );
    expect(failureMessage(failure(400, { success: false }), UPLOAD_FAILED)).toBe(UPLOAD_FAILED);
  });

  it('keeps the connection error: the server was not reached', () => {
    expect(failureMessage({ status: 0, message: CONNECTION_ERROR }, UPLOAD_FAILED)).toBe(CONNECTION_ERROR);
  });
});

describe('failureWithReason', () => {
  const FAILED = 'Erreur lors de la mise à jour du statut';

  it("adds the server's own reason after the screen's words", () => {
    const refused = readEnvelope(
      json(409, { success: false, message: 'Impossible de passer une commande « Annulée » à « Acceptée »' }),
    );
    if (refused.ok) throw new Error('expected a failure');
    expect(failureWithReason(refused, FAILED)).toBe(
      'Erreur lors de la mise à jour du statut : Impossible de passer une commande « Annulée » à « Acceptée »',
    );
    expect(
      failureWithReason(
        { status: 422, message: 'Données invalides', errors: { status: ['Statut de commande inconnu'] } },
        FAILED,
      ),
    ).toBe('Erreur lors de la mise à jour du statut : Statut de commande inconnu');
  });

  it("says the screen's words alone where the server's are generic", () => {
    expect(failureWithReason({ status: 500, message: 'Erreur interne' }, FAILED)).toBe(FAILED);
    expect(failureWithReason({ status: 400, message: REQUEST_ERROR }, FAILED)).toBe(FAILED);
  });
});

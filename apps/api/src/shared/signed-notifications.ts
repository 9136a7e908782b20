import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// What every provider's notification address does first (Meta's, Wave's): keep the body's bytes as
// they came, since the signature is over them, not over what a parser would make of them; check
// them; only then read them as JSON. Each address answers a refusal with the shop's envelope.

export const UNSIGNED_NOTIFICATION = 'Signature de la notification absente ou invalide';

/** In this scope, JSON bodies arrive as their raw bytes (up to `bodyLimit`), read by the routes themselves. */
export function acceptRawJson(app: FastifyInstance, bodyLimit: number) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
    done(null, body),
  );
}

/**
 * The notification's JSON once `signed` accepts its raw bytes; otherwise the refusal is answered
 * (401 unsigned, 400 not JSON, saying `malformed`) and undefined returned.
 */
export function signedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  signed: (raw: Buffer) => boolean,
  malformed: string,
): unknown {
  const raw = request.body;
  if (!Buffer.isBuffer(raw) || !signed(raw)) {
    void reply.status(401).send({ success: false, message: UNSIGNED_NOTIFICATION });
    return undefined;
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    void reply.status(400).send({ success: false, message: malformed });
    return undefined;
  }
}

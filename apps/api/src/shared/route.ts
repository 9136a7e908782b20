import type { Readable } from 'node:stream';
import { BULK_JSON_TOO_LARGE_MESSAGE } from '@souk/domain/admin-bulk';
import { ApiFailureSchema, type ApiSuccess, envelopeFor } from '@souk/domain/api';
import {
  type Access,
  type Method,
  needsSession,
  type Operation,
  type OperationKey,
  operations,
} from '@souk/domain/contract';
import { IMAGE_TOO_LARGE_MESSAGE } from '@souk/domain/uploads';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { rejectBlocked, requireUser } from '../plugins/auth.ts';

// Routes are registered from the contract in packages/domain/src/contract.ts: its request schemas
// validate, its success and error envelopes serialise (so a column the schema does not name never
// leaves), and both become the OpenAPI document. A route module only adds the handler.

type Schema<O, K extends string> = O extends Record<K, infer S extends z.ZodType> ? z.output<S> : unknown;
type Op<K extends OperationKey> = (typeof operations)[K];

export type RouteRequest<K extends OperationKey> = FastifyRequest<{
  Params: Schema<Op<K>, 'params'>;
  Querystring: Schema<Op<K>, 'query'>;
  Body: Schema<Op<K>, 'body'>;
}>;

/** What a handler answers: built by `ok` (data) or `done` (a message only), never by hand. */
type Answer<K extends OperationKey> = ApiSuccess<z.output<Op<K>['data']>>;

/** The success envelope carrying `data`, and a message to show when there is one. */
export const ok = <T>(data: T, message?: string): ApiSuccess<T> =>
  message === undefined ? { success: true, data } : { success: true, data, message };

/** The success envelope of an operation that answers only a message. */
export const done = (message: string): ApiSuccess<undefined> => ({ success: true, data: undefined, message });

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Admin operations get no hook of their own: the admin scope's one hook guards every route in it
// (and route() refuses to register an admin operation anywhere else).
const ACCESS_HOOK: Record<Access, onRequestHookHandler | null> = {
  public: null,
  visitor: rejectBlocked,
  user: requireUser,
  admin: null,
};

/** Where the API is mounted, and where its admin scope is (app.ts). */
export const API_PREFIX = '/api';
export const ADMIN_PATH = '/admin';

/**
 * The URL to register `path` (relative to /api, as the contract writes it) at in `app`'s scope,
 * checking that admin operations, and only they, live in the admin scope.
 */
function scopedUrl(app: FastifyInstance, path: string, access: Access): string {
  const scope = app.prefix.slice(API_PREFIX.length);
  const isAdminPath = path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`);
  if ((access === 'admin') !== isAdminPath || (access === 'admin') !== (scope === ADMIN_PATH))
    throw new Error(`${path}: admin operations are the /admin paths, registered in the admin scope only`);
  return path.slice(scope.length) || '/';
}
const SIGNED_IN = [{ bearer: [] }, { cookie: [] }];

/** Every refusal an operation can answer: its own, and those that follow from access, input and limits. */
export function errorStatuses(method: string, operation: Operation): number[] {
  const statuses = new Set(operation.errors ?? []);
  // Any route: a URL that cannot be decoded (400); a NUL byte anywhere, or input its schemas refuse (422).
  statuses.add(400).add(422);
  // Any write may carry a body, declared or not: too large (413), or of a type no parser reads (415).
  if (WRITES.has(method)) statuses.add(413).add(415);
  if (needsSession(operation.access)) statuses.add(401).add(403);
  // A blocked customer, or a cookie write from another origin.
  if (operation.access === 'visitor' || WRITES.has(method)) statuses.add(403);
  if (operation.rateLimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * `preHandler` runs after validation (the attempt limiter: only well-formed requests count);
 * `onSend` once the answer's status is set, refusals included (the limiter counts those per address).
 */
export type RouteOptions = { preHandler?: preHandlerHookHandler; onSend?: onSendHookHandler };

/** Registers the contract's operation `key` ('GET /products/:id') with its handler. */
export function route<K extends OperationKey>(
  app: FastifyInstance,
  key: K,
  handler: (request: RouteRequest<K>, reply: FastifyReply) => Promise<Answer<K>>,
  options: RouteOptions = {},
) {
  const status = (operations[key] as Operation).status ?? 200;
  register(app, key, options, async (request, reply) => {
    const answer = await handler(request as RouteRequest<K>, reply);
    return reply.status(status).send(answer);
  });
}

/** A download: the file's name (Content-Disposition) and its bytes as they come. */
export type Download = { filename: string; body: Readable };

/**
 * Registers an operation that answers a file (`produces`, e.g. a CSV export) rather than the
 * envelope: streamed as `handler` produces it, never held whole in memory. Refusals are envelopes.
 */
export function downloadRoute<K extends OperationKey>(
  app: FastifyInstance,
  key: K,
  handler: (request: RouteRequest<K>, reply: FastifyReply) => Promise<Download>,
) {
  const produces = (operations[key] as Operation).produces;
  if (!produces) throw new Error(`${key}: a download route declares what it produces`);
  register(app, key, {}, async (request, reply) => {
    const { filename, body } = await handler(request as RouteRequest<K>, reply);
    return reply
      .status(200)
      .type(produces.startsWith('text/') ? `${produces}; charset=utf-8` : produces)
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .send(body);
  });
}

/**
 * Registers an operation that answers a stream of server-sent events (`produces:
 * 'text/event-stream'`): `handler` gives the stream, which ends when the caller goes. Never
 * buffered on its way (nginx's `X-Accel-Buffering`), never compressed (@fastify/compress leaves
 * event streams alone). Refusals are envelopes.
 */
export function eventStreamRoute<K extends OperationKey>(
  app: FastifyInstance,
  key: K,
  handler: (request: RouteRequest<K>, reply: FastifyReply) => Promise<Readable>,
) {
  if ((operations[key] as Operation).produces !== 'text/event-stream')
    throw new Error(`${key}: an event stream route declares what it produces`);
  register(app, key, {}, async (request, reply) => {
    const stream = await handler(request as RouteRequest<K>, reply);
    // The caller went (a page closed, a phone lost its network): the stream is let go of.
    reply.raw.once('close', () => stream.destroy());
    return reply
      .status(200)
      .type('text/event-stream; charset=utf-8')
      .header('X-Accel-Buffering', 'no')
      .send(stream);
  });
}

function register(
  app: FastifyInstance,
  key: OperationKey,
  options: RouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
) {
  const operation: Operation = operations[key];
  const [method, path] = key.split(' ') as [Method, string];
  const url = scopedUrl(app, path, operation.access);
  const status = operation.status ?? 200;
  const response: Record<number, unknown> = {
    [status]: operation.produces
      ? { description: operation.summary, content: { [operation.produces]: { schema: operation.data } } }
      : envelopeFor(operation.data),
  };
  for (const code of errorStatuses(method, operation)) response[code] = ApiFailureSchema;
  const accessHook = ACCESS_HOOK[operation.access];
  app.route({
    method,
    url,
    ...(accessHook ? { onRequest: accessHook } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.onSend ? { onSend: options.onSend } : {}),
    config: {
      cache: operation.cache ?? 'no-store',
      // Read by the multipart plugin: 'media' routes take videos too (plugins/multipart.ts).
      ...(operation.multipart ? { multipart: operation.multipart } : {}),
      // The one thing that makes such a body large is its images: one too big, or too many inline.
      ...(operation.bodyLimit
        ? {
            tooLargeMessage:
              operation.multipart === 'bulk' ? BULK_JSON_TOO_LARGE_MESSAGE : IMAGE_TOO_LARGE_MESSAGE,
          }
        : {}),
    },
    ...(operation.bodyLimit ? { bodyLimit: operation.bodyLimit } : {}),
    schema: {
      tags: [operation.tag],
      summary: operation.summary,
      security: needsSession(operation.access) ? SIGNED_IN : [{}, ...SIGNED_IN],
      ...(operation.multipart ? { consumes: ['application/json', 'multipart/form-data'] } : {}),
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      response,
    },
    handler,
  });
}

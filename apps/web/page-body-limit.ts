import { Readable } from 'node:stream';
import { drainUnreadBody } from '@souk/api/shared/early-answer';
import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '@souk/domain/admin-limits';
import { cookieValue, SESSION_COOKIE } from '@souk/domain/cookies';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { sessionOf } from './app/lib/inject-transport.server.ts';
import { PLAIN_PAGE_CSP, plainPage } from './plain-page.ts';

// Page forms (login, cart, profile…) weigh a few hundred bytes. The React Router adapter hands the
// raw request stream to the route actions, whose request.formData() would read any size into
// memory: pages get the API's 1 MB limit here instead, checked before the body is read.
export const PAGE_BODY_LIMIT = 1024 * 1024;
/**
 * Back-office forms carry pictures (5 MB each, IMAGE_MAX_BYTES): a product's main image and its
 * additional ones, and the fields, so an image over 5 MB still reaches the API and is refused under
 * its field, in French. Only an admin may send that much: the session is checked with the API
 * before a byte is read; anyone else posting to /admin gets the shop's 1 MB.
 */
export const ADMIN_PAGE_BODY_LIMIT = (1 + PRODUCT_IMAGES_MAX) * IMAGE_MAX_BYTES + 1024 * 1024;
const isAdminPage = (url: string) =>
  url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');

/** Whether the request's session is an admin's (the page's own access check reuses the answer). */
async function isAdmin(request: FastifyRequest): Promise<boolean> {
  const me = await sessionOf(request);
  return me.ok && me.data.role === 'admin';
}

/** How many bytes this page request may send. */
export async function pageBodyLimit(request: FastifyRequest): Promise<number> {
  // A visitor without a session costs no API call.
  if (!isAdminPage(request.url) || !cookieValue(request.headers.cookie, SESSION_COOKIE))
    return PAGE_BODY_LIMIT;
  return (await isAdmin(request)) ? ADMIN_PAGE_BODY_LIMIT : PAGE_BODY_LIMIT;
}

const TOO_LARGE = 'Fichier ou requête trop volumineux';
const TOO_LARGE_PAGE = plainPage(TOO_LARGE, 'Le formulaire envoyé est trop volumineux.');

/** Thrown before the body is read (or as soon as it goes past the limit), answered 413 below. */
class PageBodyTooLarge extends Error {
  statusCode = 413;
}

/** The whole body if it stays within `limit` bytes; null as soon as it goes past (reading stops). */
function readAtMost(payload: Readable, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.off('data', onData).off('end', onEnd).off('error', onError);
      payload.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        resolve(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    payload.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** Route options for the pages: the body limit and its French 413 page. */
export const pageRouteOptions: RouteShorthandOptions = {
  async preParsing(request, _reply, payload) {
    const hasBody =
      request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return payload;
    // A declared length over the limit is refused before a byte is read; a chunked or lying body
    // is read up to the limit and no further.
    const limit = await pageBodyLimit(request);
    if (Number(request.headers['content-length']) > limit) throw new PageBodyTooLarge();
    const body = await readAtMost(payload, limit);
    if (!body) throw new PageBodyTooLarge();
    return Readable.from([body]);
  },
  errorHandler(error, request, reply) {
    if (!(error instanceof PageBodyTooLarge)) throw error; // the API's error handler
    drainUnreadBody(request.raw);
    return reply
      .code(413)
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', PLAIN_PAGE_CSP)
      .send(TOO_LARGE_PAGE);
  },
};

import type { FastifyRequest } from 'fastify';

// docs/decisions/0008-same-origin-writes.md: browser writes come from the shop's own pages.

export const FOREIGN_ORIGIN = 'Requête refusée : origine non autorisée';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isWrite = (request: FastifyRequest) => WRITE_METHODS.has(request.method);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

/**
 * The origin a browser says the request comes from (Origin, or else Referer's) when it is neither
 * this host nor PUBLIC_URL; null when it is ours or not said. A request with neither header is not
 * a browser's form on another site (browsers send Origin with every cross-site POST): it is the
 * web app's own server-side call, or a client that holds no visitor's cookie.
 */
export function foreignOrigin(request: FastifyRequest, publicUrl: string): string | null {
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  if (origin === undefined) return null;
  const ours = new Set([originOf(publicUrl), `${request.protocol}://${request.host}`]);
  return ours.has(origin) ? null : origin;
}

import { containsNul, NUL_CHARACTER_MESSAGE } from '@souk/domain/primitives';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#shared/app-error.ts';

/** The path ('body.name', 'query.search') of the first string holding U+0000, walked without recursion. */
function firstNulPath(root: Record<string, unknown>): string | null {
  const stack: [string, unknown][] = Object.entries(root);
  while (stack.length) {
    const [path, value] = stack.pop() as [string, unknown];
    if (typeof value === 'string') {
      if (containsNul(value)) return path;
    } else if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
      // (A file's bytes are not text: the image pipeline reads them.)
      for (const [key, child] of Object.entries(value)) {
        if (containsNul(key)) return path;
        stack.push([`${path}.${key}`, child]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot store U+0000 (it answers an error, which would be a 500). Every route gets
 * this check before its own validation, so no schema has to remember it and new routes are covered.
 */
export async function refuseNul(request: FastifyRequest) {
  const path = firstNulPath({ body: request.body, query: request.query, params: request.params });
  if (path === null) return;
  const field = path.split('.').slice(1).join('.') || '_';
  throw new AppError('validation', NUL_CHARACTER_MESSAGE, { [field]: [NUL_CHARACTER_MESSAGE] });
}

export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', refuseNul);
  },
  { name: 'souk-text-guard' },
);

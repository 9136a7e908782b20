import { TOO_MANY_ATTEMPTS } from '@souk/domain/account-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#shared/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a body over the route's limit is told (routes that take inline images: route.ts). */
    tooLargeMessage?: string;
  }
}

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldErrors(issues: Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    // A nested field is named with dots ('variants.1.name'), like the services' own errors; the
    // validator gives it as a JSON pointer ('/variants/1/name').
    const path =
      issue.params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
      '_';
    const list = errors[path] ?? [];
    list.push(issue.message ?? 'Valeur invalide');
    errors[path] = list;
  }
  return errors;
}

/** One error handler: French messages in the API envelope; 5xx text never leaves the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as Issue[]);
      const first = Object.values(errors)[0]?.[0] ?? 'Données invalides';
      return reply.status(422).send({ success: false, message: first, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ success: false, message: TOO_MANY_ATTEMPTS });
    }
    if (status === 413) {
      const message = request.routeOptions.config?.tooLargeMessage ?? 'Fichier ou requête trop volumineux';
      return reply.status(413).send({ success: false, message });
    }
    if (status === 415) {
      return reply.status(415).send({ success: false, message: 'Type de contenu non pris en charge' });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Corps de requête JSON invalide'
          : 'Requête invalide';
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Erreur interne du serveur' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      success: false,
      message: `Route introuvable : ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

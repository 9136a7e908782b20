import { drainUnreadBody } from '@souk/api/shared/early-answer';
import { FOREIGN_ORIGIN, foreignOrigin, isWrite } from '@souk/api/shared/same-origin';
import type { onRequestAsyncHookHandler } from 'fastify';
import { PLAIN_PAGE_CSP, plainPage } from './plain-page.ts';

const REFUSED_PAGE = plainPage('Formulaire refusé', `${FOREIGN_ORIGIN}.`);

/**
 * Forms posted to the pages come from the shop's own pages (docs/decisions/0008), whatever the
 * route: React Router checks the origin of a page's action but not of a resource route's (the
 * logout), and a refusal there printed a stack trace. Checked here for every page, before the
 * body is read, with the API's own rule; a refusal is someone else's page at work, one log line.
 */
export const refuseForeignWrites =
  (publicUrl: string): onRequestAsyncHookHandler =>
  async (request, reply) => {
    if (!isWrite(request)) return;
    const origin = foreignOrigin(request, publicUrl);
    if (origin === null) return;
    request.log.warn(
      { origin: origin.slice(0, 200) },
      `Formulaire refusé : origine non autorisée (${request.method})`,
    );
    drainUnreadBody(request.raw);
    return reply
      .code(403)
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', PLAIN_PAGE_CSP)
      .send(REFUSED_PAGE);
  };

import { SessionIdSchema } from '@souk/domain/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { authOf, clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import { type AuthRateLimits, attemptLimiter, type IdentifierOf } from '../../plugins/rate-limit.ts';
import type { Background } from '../../shared/background.ts';
import { done, ok, route } from '../../shared/route.ts';
import type { AuthDeps, ClientMeta } from './auth.service.ts';
import * as auth from './auth.service.ts';

/** The guest cart key a client sends along (X-Session-ID header), when well-formed. */
export function guestSessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-session-id'];
  const parsed = SessionIdSchema.safeParse(Array.isArray(header) ? header[0] : header);
  return parsed.success ? parsed.data : undefined;
}

const metaOf = (request: FastifyRequest): ClientMeta => ({
  userAgent: request.headers['user-agent'],
  guestSessionId: guestSessionIdOf(request),
});

const NO_STORE = 'no-store';

export function authRoutes(
  deps: AuthDeps & { background: Background },
  config: Config,
  limits: AuthRateLimits,
) {
  const { db } = deps;
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', NO_STORE);
    });
    // Without `identifierOf` the identifier is the e-mail or phone in the body, which a stranger can
    // name: counted per address as well, so nobody locks a customer out (ADR 0012).
    const limited = (action: string, identifierOf?: IdentifierOf) => ({
      preHandler: attemptLimiter(app, action, limits, { identifierOf, strangerCanName: !identifierOf }),
    });
    // Profile and password changes count per account: one account cannot probe phone numbers or
    // guess its own current password at speed.
    const perAccount: IdentifierOf = (req) => `user:${authOf(req).user.id}`;

    route(
      app,
      'POST /auth/register',
      async (req, reply) => {
        const result = await auth.register(db, req.body, metaOf(req));
        setSessionCookie(reply, result.token, config.publicUrl);
        return ok(result, 'Inscription réussie');
      },
      limited('registration'),
    );

    route(
      app,
      'POST /auth/quick-register',
      async (req, reply) => {
        const result = await auth.register(db, req.body, metaOf(req));
        setSessionCookie(reply, result.token, config.publicUrl);
        return ok(result, 'Inscription réussie ! Vous pouvez maintenant finaliser votre commande.');
      },
      limited('registration'),
    );

    route(
      app,
      'POST /auth/login',
      async (req, reply) => {
        const result = await auth.login(db, req.body, metaOf(req));
        setSessionCookie(reply, result.token, config.publicUrl);
        return ok(result, 'Connexion réussie');
      },
      limited('login'),
    );

    route(app, 'POST /auth/logout', async (req, reply) => {
      await auth.logout(db, authOf(req).sessionId);
      clearSessionCookie(reply, config.publicUrl);
      return done('Déconnexion réussie');
    });

    route(app, 'GET /auth/me', async (req) => ok(await auth.currentUser(db, authOf(req).user.id)));

    route(
      app,
      'PUT /auth/me',
      async (req) =>
        ok(await auth.updateProfile(db, authOf(req), req.body), 'Informations mises à jour avec succès'),
      limited('profile', perAccount),
    );

    route(
      app,
      'POST /auth/forgot-password',
      async (req) => {
        // Answered before the account is even looked up: known and unknown addresses take the same time.
        const input = req.body;
        deps.background.run(() => auth.forgotPassword(deps, input));
        return done(
          'Si un compte correspond à cet email, un lien de réinitialisation vient de lui être envoyé.',
        );
      },
      limited('forgot-password'),
    );

    route(
      app,
      'POST /auth/reset-password',
      async (req, reply) => {
        await auth.resetPassword(db, req.body);
        clearSessionCookie(reply, config.publicUrl);
        return done('Mot de passe réinitialisé. Vous pouvez vous connecter.');
      },
      limited('reset-password'),
    );

    route(
      app,
      'POST /auth/change-password',
      async (req) => {
        await auth.changePassword(db, authOf(req), req.body);
        return done('Mot de passe modifié avec succès');
      },
      limited('change-password', perAccount),
    );
  };
}

import {
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  QuickRegisterInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  SessionIdSchema,
  UpdateProfileInputSchema,
} from '@souk/domain/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { authOf, clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth.ts';
import { type AuthRateLimits, attemptLimiter, identifierFromBody } from '../../plugins/rate-limit.ts';
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

export function authRoutes(deps: AuthDeps, config: Config, limits: AuthRateLimits) {
  const { db } = deps;
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', NO_STORE);
    });
    const limited = (action: string) => attemptLimiter(base, action, limits, identifierFromBody);

    app.post(
      '/auth/register',
      {
        preValidation: limited('register'),
        schema: {
          tags: ['auth'],
          summary: 'Inscription (connecte le nouveau client)',
          body: RegisterInputSchema,
        },
      },
      async (req, reply) => {
        const result = await auth.register(db, req.body, metaOf(req));
        setSessionCookie(reply, result.token, config.publicUrl);
        return reply.status(201).send({ success: true, message: 'Inscription réussie', data: result });
      },
    );

    app.post(
      '/auth/quick-register',
      {
        preValidation: limited('quick-register'),
        schema: { tags: ['auth'], summary: 'Inscription rapide (commande)', body: QuickRegisterInputSchema },
      },
      async (req, reply) => {
        const result = await auth.register(db, req.body, metaOf(req));
        setSessionCookie(reply, result.token, config.publicUrl);
        return reply.status(201).send({
          success: true,
          message: 'Inscription réussie ! Vous pouvez maintenant finaliser votre commande.',
          data: result,
        });
      },
    );

    app.post(
      '/auth/login',
      {
        preValidation: limited('login'),
        schema: { tags: ['auth'], summary: 'Connexion par email ou numéro WhatsApp', body: LoginInputSchema },
      },
      async (req, reply) => {
        const result = await auth.login(db, req.body, metaOf(req));
        setSessionCookie(reply, result.token, config.publicUrl);
        return { success: true, message: 'Connexion réussie', data: result };
      },
    );

    app.post(
      '/auth/logout',
      { onRequest: requireUser, schema: { tags: ['auth'], summary: 'Déconnexion (révoque la session)' } },
      async (req, reply) => {
        await auth.logout(db, authOf(req).sessionId);
        clearSessionCookie(reply, config.publicUrl);
        return { success: true, message: 'Déconnexion réussie' };
      },
    );

    app.get(
      '/auth/me',
      { onRequest: requireUser, schema: { tags: ['auth'], summary: 'Utilisateur connecté' } },
      async (req) => ({ success: true, data: await auth.currentUser(db, authOf(req).user.id) }),
    );

    app.put(
      '/auth/me',
      {
        onRequest: requireUser,
        schema: { tags: ['auth'], summary: 'Modifier un champ du profil', body: UpdateProfileInputSchema },
      },
      async (req) => ({
        success: true,
        message: 'Informations mises à jour avec succès',
        data: await auth.updateProfile(db, authOf(req).user.id, req.body),
      }),
    );

    app.post(
      '/auth/forgot-password',
      {
        preValidation: limited('forgot-password'),
        schema: {
          tags: ['auth'],
          summary: 'Demander un lien de réinitialisation',
          body: ForgotPasswordInputSchema,
        },
      },
      async (req) => {
        await auth.forgotPassword(deps, req.body);
        return {
          success: true,
          message:
            'Si un compte correspond à cet email, un lien de réinitialisation vient de lui être envoyé.',
        };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        preValidation: limited('reset-password'),
        schema: {
          tags: ['auth'],
          summary: 'Choisir un nouveau mot de passe',
          body: ResetPasswordInputSchema,
        },
      },
      async (req, reply) => {
        await auth.resetPassword(db, req.body);
        clearSessionCookie(reply, config.publicUrl);
        return {
          success: true,
          message: 'Mot de passe réinitialisé. Vous pouvez vous connecter.',
        };
      },
    );

    app.post(
      '/auth/change-password',
      {
        onRequest: requireUser,
        schema: { tags: ['auth'], summary: 'Changer de mot de passe', body: ChangePasswordInputSchema },
      },
      async (req) => {
        await auth.changePassword(db, authOf(req), req.body);
        return { success: true, message: 'Mot de passe modifié avec succès' };
      },
    );
  };
}

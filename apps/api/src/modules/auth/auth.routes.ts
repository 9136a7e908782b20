import {
  LOGGED_IN,
  LOGGED_OUT,
  loginTooMany,
  PASSWORD_CHANGED,
  PASSWORD_RESET,
  PROFILE_UPDATED,
  QUICK_REGISTERED,
  REGISTERED,
  RESET_LINK_SENT_BY_EMAIL,
  RESET_LINK_SENT_BY_PHONE,
  registrationTooMany,
} from '@souk/domain/account-messages';
import { formatPhone } from '@souk/domain/phone-format';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '#shared/module.ts';
import { done, ok, route } from '#shared/route.ts';
import { authOf, clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import {
  type AttemptLimiterOptions,
  attemptLimiter,
  type IdentifierOf,
  normalIdentifier,
} from '../../plugins/rate-limit.ts';
import type { ClientMeta } from './auth.service.ts';
import * as auth from './auth.service.ts';
import { knownDevice, rememberDevice } from './known-device.ts';

const metaOf = (request: FastifyRequest): ClientMeta => ({
  userAgent: request.headers['user-agent'],
  guestSessionId: request.guestSessionId,
});

export const authRoutes: RouteModule = ({ db, config, rateLimits }) => {
  const limits = rateLimits.auth;
  return async (app) => {
    // Without `identifierOf` the identifier is the e-mail or phone in the body, which a stranger can
    // name: counted per address as well, so nobody locks a customer out (ADR 0012).
    const limited = (action: string, identifierOf?: IdentifierOf, options: AttemptLimiterOptions = {}) =>
      attemptLimiter(app, action, limits, { identifierOf, strangerCanName: !identifierOf, ...options });
    // Profile and password changes count per account: one account cannot probe phone numbers or
    // guess its own current password at speed.
    const perAccount: IdentifierOf = (req) => `user:${authOf(req).user.id}`;
    // A device that logged in to the account before is held neither by the ceiling strangers fill
    // nor by its address's count; the refusal says when to try again, and the way that never waits.
    // Registering is often the way to an order: past the limit she is told where to order at once.
    const shopNumber = formatPhone(config.shopContact.whatsappNumber);
    const registrationLimits = () =>
      limited('registration', undefined, {
        tooManyMessage: (seconds) => registrationTooMany(seconds, shopNumber),
      });
    const loginLimits = limited('login', undefined, {
      knownDevice: knownDevice(db),
      tooManyMessage: loginTooMany,
    });

    // Registering and logging in answer alike: the new session's cookie and the device's proof,
    // then the user and token.
    const signedIn = <T extends { token: string; account: { id: number; password_hash: string } }>(
      request: FastifyRequest,
      reply: FastifyReply,
      { account, ...result }: T,
      message: string,
    ) => {
      setSessionCookie(reply, result.token, config.publicUrl);
      rememberDevice(request, reply, account, config.publicUrl);
      return ok(result, message);
    };
    route(
      app,
      'POST /auth/register',
      async (req, reply) => signedIn(req, reply, await auth.register(db, req.body, metaOf(req)), REGISTERED),
      registrationLimits(),
    );
    route(
      app,
      'POST /auth/quick-register',
      async (req, reply) =>
        signedIn(req, reply, await auth.register(db, req.body, metaOf(req)), QUICK_REGISTERED),
      registrationLimits(),
    );
    route(
      app,
      'POST /auth/login',
      async (req, reply) => signedIn(req, reply, await auth.login(db, req.body, metaOf(req)), LOGGED_IN),
      loginLimits,
    );

    route(app, 'POST /auth/logout', async (req, reply) => {
      await auth.logout(db, authOf(req).sessionId);
      clearSessionCookie(reply, config.publicUrl);
      return done(LOGGED_OUT);
    });

    route(app, 'GET /auth/me', async (req) => ok(await auth.currentUser(db, authOf(req).user.id)));

    route(
      app,
      'PUT /auth/me',
      async (req) => ok(await auth.updateProfile(db, authOf(req), req.body), PROFILE_UPDATED),
      limited('profile', perAccount),
    );

    route(
      app,
      'POST /auth/forgot-password',
      async (req) => {
        // Answered before the account is even looked up: known and unknown addresses take the same time.
        const input = req.body;
        await auth.requestPasswordReset(db, input);
        return done('email' in input ? RESET_LINK_SENT_BY_EMAIL : RESET_LINK_SENT_BY_PHONE);
      },
      limited('forgot-password'),
    );

    route(
      app,
      'POST /auth/reset-password',
      async (req, reply) => {
        const contacts = await auth.resetPassword(db, req.body);
        // Whoever holds the new password gets in at once, whatever strangers tried meanwhile.
        await loginLimits.forget(contacts.map(normalIdentifier));
        clearSessionCookie(reply, config.publicUrl);
        return done(PASSWORD_RESET);
      },
      limited('reset-password'),
    );

    route(
      app,
      'POST /auth/change-password',
      async (req) => {
        await auth.changePassword(db, authOf(req), req.body);
        return done(PASSWORD_CHANGED);
      },
      limited('change-password', perAccount),
    );
  };
};

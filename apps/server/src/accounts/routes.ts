import { endpoints } from '@reelwright/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../route-of';
import { apiKeyRoutes } from './api-key-routes';
import { signInWithGoogle } from './google';
import { presentUser } from './presenter';
import { membersOnly } from './route-support';
import { changePassword, currentMember, login, logout, type SignedIn, signup, updateProfile } from './service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { requireMember } from './session-plugin';
import { checkVerificationCode, resetPasswordWithCode, sendResetCode, sendVerificationCode } from './verification';

/**
 * Access actions (spec 000 §7): `POST /api/members/access/{action}` answers the User object or
 * `{ error, code, field? }`; `GET /api/members/access/logout` ends the session and goes back to
 * the app. Also the API key routes under `/api/members/zapier/`.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, mailer } = app;
  /**
   * Login, signup, profile, code and password routes: a few tries a minute per client address.
   * Guesses and mail are also limited per account and address (attempt-limits.ts).
   */
  const limited = { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };
  const sessionOf = (request: FastifyRequest) => ({
    sessionTtlMs: config.sessionTtlMs,
    previousToken: request.sessionToken,
  });
  /** Sets the cookie of the session that just started and answers its member. */
  const signedIn = (reply: FastifyReply, result: SignedIn) => {
    setSessionCookie(reply, config, result.sessionToken);
    return presentUser(result.member);
  };

  // The one action a client may call with no body at all (start-up).
  app.route({
    ...routeOf(app, endpoints.accessInfo),
    handler: async (request) =>
      presentUser(await currentMember(app.db, { member: request.member, tzOffset: request.body?.tz_offset })),
  });

  app.route({
    ...routeOf(app, endpoints.accessSignup),
    config: limited,
    handler: async (request, reply) => {
      const { email, password, name, tz_offset } = request.body;
      const result = await signup(app.db, {
        email,
        password,
        name,
        tzOffset: tz_offset,
        signupHidden: config.signupHidden,
        mailer,
        ...sessionOf(request),
      });
      return signedIn(reply, result);
    },
  });

  app.route({
    ...routeOf(app, endpoints.accessLogin),
    config: limited,
    handler: async (request, reply) => {
      const { email, password, tz_offset } = request.body;
      return signedIn(reply, await login(app.db, { email, password, tzOffset: tz_offset, ...sessionOf(request) }));
    },
  });

  app.route({
    ...routeOf(app, endpoints.accessUpdate),
    preValidation: membersOnly,
    config: limited,
    handler: async (request) => {
      const { name, email, tz_offset } = request.body;
      const member = requireMember(request);
      return presentUser(await updateProfile(app.db, { member, name, email, tzOffset: tz_offset, mailer }));
    },
  });

  app.route({
    ...routeOf(app, endpoints.accessResetPassword),
    preValidation: membersOnly,
    config: limited,
    handler: async (request) => {
      const { old_password, new_password, tz_offset } = request.body;
      const member = requireMember(request);
      const updated = await changePassword(app.db, {
        member,
        oldPassword: old_password,
        newPassword: new_password,
        tzOffset: tz_offset,
        keepToken: request.sessionToken,
      });
      return presentUser(updated);
    },
  });

  app.route({
    ...routeOf(app, endpoints.accessGoogleAuth),
    config: limited,
    handler: async (request, reply) => {
      const result = await signInWithGoogle(app.db, {
        credential: request.body.credential,
        google: config.google,
        signupHidden: config.signupHidden,
        tzOffset: request.body.tz_offset,
        ...sessionOf(request),
      });
      return signedIn(reply, result);
    },
  });

  app.route({
    ...routeOf(app, endpoints.accessForgotSend),
    config: limited,
    handler: async (request) => {
      await sendResetCode(app.db, { email: request.body.email, mailer });
      // The same answer whether or not the address is registered: the current user, as for info.
      return presentUser(request.member);
    },
  });

  app.route({
    ...routeOf(app, endpoints.accessForgotCheck),
    config: limited,
    handler: async (request, reply) => {
      const { email, code, new_password, tz_offset } = request.body;
      const result = await resetPasswordWithCode(app.db, {
        email,
        code,
        newPassword: new_password,
        tzOffset: tz_offset,
        ...sessionOf(request),
      });
      return signedIn(reply, result);
    },
  });

  app.route({
    ...routeOf(app, endpoints.accessVerifySend),
    preValidation: membersOnly,
    config: limited,
    handler: async (request) => {
      const member = requireMember(request);
      const { email, tz_offset } = request.body;
      return presentUser(await sendVerificationCode(app.db, { member, email, tzOffset: tz_offset, mailer }));
    },
  });

  app.route({
    ...routeOf(app, endpoints.accessVerifyCheck),
    preValidation: membersOnly,
    config: limited,
    handler: async (request) => {
      const member = requireMember(request);
      const { code, tz_offset } = request.body;
      return presentUser(await checkVerificationCode(app.db, { member, code, tzOffset: tz_offset }));
    },
  });

  // Another site's link must not log the member out (the app's own menu link keeps working).
  app.route({
    ...routeOf(app, endpoints.accessLogout),
    config: { sameOriginOnly: true },
    handler: async (request, reply) => {
      await logout(app.db, { sessionToken: request.sessionToken });
      clearSessionCookie(reply, config);
      return reply.redirect('/app.html#/wizard', 302);
    },
  });

  await app.register(apiKeyRoutes, { prefix: '/zapier' });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_ROLES,
  consolePaths,
  PASSWORD_SIGN_IN_OFF_MESSAGE,
  passwordChangeSchema,
  sessionSchema,
  signInAnswerSchema,
  signInSchema,
  signOutSchema,
  SIGN_IN_FAILED_MESSAGE,
} from '@lumenfield/contract';
import {
  hashPassword,
  NO_PASSWORD,
  verifyDummy,
  verifyPassword,
} from '../../domains/accounts/passwords';
import {
  releaseAttempt,
  reserveAttempt,
  throttleKeys,
  type ThrottleKeys,
} from '../../domains/accounts/sign-in-throttle';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedInSession, toConsoleSession } from './console-user';
import { checkPassword } from './users';

const answers = consoleProblems(429);

/** A failure slot for this attempt, taken before any password is checked; or 429. */
export async function reserveOr429(
  app: Parameters<FastifyPluginAsyncZod>[0],
  keys: ThrottleKeys,
  now: Date,
  detail: string,
): Promise<{ ids: number[] }> {
  const reservation = await reserveAttempt(app.repos.signInThrottle, keys, now);
  if (reservation.retryAfter !== undefined) {
    throw new HttpProblem(429, detail, undefined, {
      'Retry-After': String(reservation.retryAfter),
    });
  }
  return reservation;
}

/** Sign in, who am I, sign out (docs/recruiters.md). */
export const consoleSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.post(
    consolePaths.session,
    {
      // Anyone may try: the page's fixed header and XSRF echo, then the password.
      config: { access: 'public' },
      schema: {
        summary: 'Sign in to the console',
        tags: ['console'],
        body: signInSchema,
        // The session, or the second step still to come (docs/security.md, "Second factor").
        response: { 200: signInAnswerSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const now = app.now();
      await refuseWhilePasswordSignInOff(email, now);
      const keys = throttleKeys(email, request.ip);
      const reservation = await reserveOr429(
        app,
        keys,
        now,
        'Too many failed sign-ins. Please wait a while and try again.',
      );
      const user = await repos.users.findForSignIn(email);
      // An unknown e-mail, or an account with no password (made by single sign-on), costs the
      // same scrypt as a wrong password: timing tells nothing.
      const matches =
        user && user.passwordHash !== NO_PASSWORD
          ? await verifyPassword(password, user.passwordHash)
          : (await verifyDummy(password), false);
      if (!user || !matches || !user.isActive) {
        // The reserved slot stays: this was a failure.
        await repos.audit.record(
          {
            actor: user ? { userId: user.id } : { label: null },
            action: 'sign-in-failed',
            detail: !user ? 'unknown account' : !matches ? 'wrong password' : 'account deactivated',
          },
          now,
        );
        throw new HttpProblem(401, SIGN_IN_FAILED_MESSAGE);
      }
      await releaseAttempt(repos.signInThrottle, keys, reservation);
      // A person with an authenticator app types its code (or uses a passkey) next. Where the
      // site requires a second factor, one whose factor is a passkey uses it, and one with none
      // sets an app up first. Either way no session yet.
      const factors = await repos.secondFactors.secondFactorsOf(user.id);
      const passkey = (await repos.passkeys.countForUser(user.id)) > 0;
      if (factors.totp || (await repos.accountSettings.read()).requireSecondFactor) {
        const kind = factors.totp ? 'totp' : passkey ? 'passkey' : 'enrol';
        return app.pendingSignIns.start(request, reply, user, kind, passkey);
      }
      const context = await app.consoleSessions.start(request, reply, user, async (changes) => {
        await changes.users.recordSignIn(user.id, now);
        await changes.audit.record({ actor: { userId: user.id }, action: 'sign-in' }, now);
      });
      return toConsoleSession({ ...context, user: { ...user, lastSignInAt: now.toISOString() } });
    },
  );

  /**
   * While password sign-in is off (single sign-on configured), only the break-glass admin may
   * try a password: everyone else, known or not, gets the same 403 before any password is
   * checked or a throttle slot taken.
   */
  async function refuseWhilePasswordSignInOff(email: string, now: Date): Promise<void> {
    if (!app.singleSignOn) return;
    const settings = await repos.accountSettings.read();
    if (settings.passwordSignIn === 'everyone') return;
    const user = await repos.users.findForSignIn(email);
    if (user && user.id === settings.breakGlassUserId) return;
    await repos.audit.record(
      {
        actor: user ? { userId: user.id } : { label: null },
        action: 'sign-in-failed',
        detail: 'password sign-in is off',
      },
      now,
    );
    throw new HttpProblem(403, PASSWORD_SIGN_IN_OFF_MESSAGE);
  }

  app.get(
    consolePaths.session,
    {
      config: { access: 'session', sessionOnly: true, roles: ALL_ROLES },
      schema: {
        summary: 'The signed-in person and when the session ends',
        tags: ['console'],
        response: { 200: sessionSchema, ...answers },
      },
    },
    async (request) => {
      return toConsoleSession(signedInSession(request));
    },
  );

  app.delete(
    consolePaths.session,
    {
      config: { access: 'session', sessionOnly: true, roles: ALL_ROLES },
      schema: {
        summary: 'Sign out: the session ends on the server',
        description:
          "A session signed in with single sign-on answers 200 with the provider's sign-out URL " +
          'when the provider offers one (RP-initiated logout); the page goes there next.',
        tags: ['console'],
        response: { 200: signOutSchema, 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      const { user, session } = signedInSession(request);
      // Read before the row goes: the provider is told which of its sign-ins ends.
      const idToken =
        session.method === 'sso' ? await repos.sessions.idTokenOf(session.id) : undefined;
      await app.consoleSessions.end(request, reply, (changes) =>
        changes.audit.record({ actor: { userId: user.id }, action: 'sign-out' }, app.now()),
      );
      if (session.method === 'sso' && app.singleSignOn) {
        // The console's session is over whatever the provider says; its own is the provider's.
        const signOut = app.singleSignOn.signOutUrl(idToken);
        const providerSignOutUrl = await signOut.catch((error: unknown) => {
          request.log.warn({ err: error }, 'single sign-on: the provider could not be reached');
          return undefined;
        });
        if (providerSignOutUrl) return reply.code(200).send({ providerSignOutUrl });
      }
      return reply.code(204).send(null);
    },
  );

  app.put(
    consolePaths.password,
    {
      config: { access: 'session', sessionOnly: true, roles: ALL_ROLES },
      schema: {
        summary: 'Change your own password',
        tags: ['console'],
        body: passwordChangeSchema,
        response: { 200: sessionSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user, session } = signedInSession(request);
      const now = app.now();
      // A wrong current password counts as a failed sign-in: the same throttle guards both.
      const keys = throttleKeys(user.email, request.ip);
      const reservation = await reserveOr429(
        app,
        keys,
        now,
        'Too many failed attempts. Please wait a while and try again.',
      );
      const stored = await repos.users.findForSignIn(user.email);
      if (!stored || !(await verifyPassword(request.body.currentPassword, stored.passwordHash))) {
        throw new HttpProblem(400, 'The current password is not right.', [
          { field: 'currentPassword', message: 'is not right' },
        ]);
      }
      await releaseAttempt(repos.signInThrottle, keys, reservation);
      checkPassword(request.body.newPassword, user, 'newPassword');
      // scrypt runs before the transaction, so it holds no lock.
      const passwordHash = await hashPassword(request.body.newPassword);
      const context = await app.consoleSessions.start(
        request,
        reply,
        user,
        async (changes) => {
          await changes.users.update(user.id, { passwordHash });
          // Every session of this person ends (a thief's too); this browser continues in a new one.
          await changes.sessions.deleteForUser(user.id);
          await changes.audit.record(
            {
              actor: { userId: user.id },
              action: 'user-update',
              target: `user ${user.id}`,
              detail: 'own password changed',
            },
            now,
          );
        },
        // The new session was signed in as this one was.
        { method: session.method },
      );
      return toConsoleSession(context);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ALL_ROLES,
  adminJobParamsSchema,
  consolePaths,
  PASSKEY_SIGN_IN_FAILED_MESSAGE,
  passkeyOptionsSchema,
  PENDING_SIGN_IN_FAILURES,
  recoveryCodesSchema,
  SECOND_FACTOR_FAILED_MESSAGE,
  secondFactorDoneSchema,
  secondFactorSchema,
  secondFactorsSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupSchema,
  type AuthenticationCredential,
  type TotpSetup,
} from '@lumenfield/contract';
import type { AccountChangeRepositories } from '../../domains';
import { challengeMatches, signInOptions, verifyPasskey } from '../../domains/accounts/passkeys';
import { verifyPassword } from '../../domains/accounts/passwords';
import type { PendingSignIn } from '../../domains/accounts/second-factors-repository';
import type { SessionMethod } from '../../domains/accounts/sessions-repository';
import { releaseAttempt, throttleKeys } from '../../domains/accounts/sign-in-throttle';
import {
  groupedSecret,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
  totpStep,
  totpUri,
} from '../../domains/accounts/totp';
import type { User } from '../../domains/accounts/users-repository';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedInSession, toConsoleSession } from './console-user';
import { passkeyChallenges, relyingPartyOf } from './passkey-ceremonies';
import { reserveOr429 } from './session';

const answers = consoleProblems(404, 409, 429);
/** What a pending sign-in that is gone (expired, used up, never there) answers. */
export const PENDING_GONE_MESSAGE = 'Your sign-in has expired. Please sign in again.';
const TOO_MANY = 'Too many wrong codes. Please wait a while and try again.';

/** A code that is not right, found inside the transaction that would have used it. */
class WrongCode extends Error {}

/**
 * Two-step sign-in (CONTRACT §20, docs/security.md "Second factor"): the second step of a
 * sign-in, a person's own authenticator app and recovery codes, and the admins' rule and reset.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const { repos } = app;
  const challenges = passkeyChallenges(app);
  const { keys } = app.pendingSignIns;
  const own = { access: 'session', sessionOnly: true, roles: ALL_ROLES } as const;
  // Setting up an app changes how one signs in: only soon after signing in. Turning it off and
  // new recovery codes ask for a current code (or the password) instead.
  const ownChange = { ...own, recentSignIn: true } as const;
  const admins = { access: 'session', sessionOnly: true, roles: ['admin'] } as const;

  /** A new secret, not yet on, for `user`: replaces an earlier unconfirmed one. */
  const newSetup = async (user: User): Promise<TotpSetup> => {
    const secret = newTotpSecret();
    await repos.secondFactors.startTotp(user.id, sealSecret(keys.seal, secret), app.now());
    return { secret: groupedSecret(secret), uri: totpUri(secret, user.email) };
  };

  /**
   * Inside a transaction: takes `code`'s time step for `userId` (a later one than any taken,
   * so a code works once), or throws WrongCode. `pending`: the secret not yet confirmed.
   */
  const takeCode = async (
    changes: AccountChangeRepositories,
    userId: number,
    code: string,
    want: 'confirmed' | 'pending',
  ) => {
    const stored = await changes.secondFactors.totpOf(userId);
    const secret = stored && openSecret(keys.seal, stored.sealed);
    const step = secret ? totpStep(secret, code, app.now()) : undefined;
    if (
      !stored ||
      stored.confirmed !== (want === 'confirmed') ||
      step === undefined ||
      !(await changes.secondFactors.takeStep(userId, step))
    ) {
      throw new WrongCode();
    }
  };

  /** Ten new recovery codes stored (hashed) in the transaction; the codes, to show once. */
  const replaceCodes = async (changes: AccountChangeRepositories, userId: number) => {
    const codes = newRecoveryCodes();
    await changes.secondFactors.replaceRecoveryCodes(
      userId,
      codes.map((code) => recoveryCodeHash(keys.recovery, code)),
      app.now(),
    );
    return codes;
  };

  /**
   * A code-checked change of a signed-in person's own factor: the sign-in throttle's slot is
   * taken first (a wrong code counts as a failed sign-in), released when the code was right.
   */
  const withOwnCode = async <T>(
    request: FastifyRequest,
    user: User,
    work: () => Promise<T>,
  ): Promise<T> => {
    const now = app.now();
    const throttle = throttleKeys(user.email, request.ip);
    const reservation = await reserveOr429(app, throttle, now, TOO_MANY);
    try {
      const done = await work();
      await releaseAttempt(repos.signInThrottle, throttle, reservation);
      return done;
    } catch (error) {
      if (!(error instanceof WrongCode)) throw error;
      await repos.audit.record(
        { actor: { userId: user.id }, action: 'second-factor-failed', detail: 'account page' },
        now,
      );
      // One sentence, no field error: the page says it as it is.
      throw new HttpProblem(400, SECOND_FACTOR_FAILED_MESSAGE);
    }
  };

  /** The browser's pending sign-in and its person, or 401 (its cookie cleared). */
  const pendingOr401 = async (request: FastifyRequest, reply: FastifyReply) => {
    const pending = await app.pendingSignIns.resolve(request);
    const user = pending && (await repos.users.findById(pending.userId));
    if (!pending || !user || !user.isActive) {
      app.pendingSignIns.clear(request, reply);
      throw new HttpProblem(401, PENDING_GONE_MESSAGE);
    }
    return { pending, user };
  };

  /**
   * The second step done with a passkey: the challenge this browser was given for it (named
   * for this person), answered by one of this person's passkeys, verified; else WrongCode.
   */
  const checkPasskey = async (
    request: FastifyRequest,
    reply: FastifyReply,
    credential: AuthenticationCredential,
    pending: PendingSignIn,
    userId: number,
  ) => {
    const challenge = await challenges.take(request, reply, 'sign-in');
    if (pending.kind === 'enrol' || !challenge || challenge.userId !== userId) {
      throw new WrongCode();
    }
    const verdict = await verifyPasskey(repos, {
      credential,
      expectedChallenge: challengeMatches(challenge.challengeHash),
      rp: relyingPartyOf(request, config.publicUrl),
      expectedUserId: userId,
      now: app.now(),
    });
    if (verdict.reason !== undefined) throw new WrongCode();
  };

  app.post(
    consolePaths.secondFactorPasskeyOptions,
    {
      // As the second step itself: the pending sign-in's cookie is the proof of the password.
      config: { access: 'public' },
      schema: {
        summary: "Options for the second step with one of the pending person's passkeys",
        tags: ['console'],
        response: { 200: passkeyOptionsSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { pending, user } = await pendingOr401(request, reply);
      const passkeys = await repos.passkeys.listForUser(user.id);
      if (pending.kind === 'enrol' || passkeys.length === 0) {
        throw new HttpProblem(409, 'This account has no passkey: use a code instead.');
      }
      const options = await signInOptions(relyingPartyOf(request, config.publicUrl), passkeys);
      await challenges.keep(request, reply, 'sign-in', options.challenge, user.id);
      // A copy as a plain object: the answer's schema takes any further WebAuthn field.
      return { options: { ...options } };
    },
  );

  app.post(
    consolePaths.secondFactor,
    {
      // The pending sign-in's cookie is the proof of the password; the page's headers as sign-in.
      config: { access: 'public' },
      schema: {
        summary: 'The second step of a sign-in: a code from the app, a recovery code, or a passkey',
        tags: ['console'],
        body: secondFactorSchema,
        response: { 200: secondFactorDoneSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { pending, user } = await pendingOr401(request, reply);
      const now = app.now();
      const throttle = throttleKeys(user.email, request.ip);
      const reservation = await reserveOr429(app, throttle, now, TOO_MANY);
      const { body } = request;
      const method: SessionMethod =
        'recoveryCode' in body
          ? 'password+recovery-code'
          : 'credential' in body
            ? 'password+passkey'
            : 'password+totp';
      let recoveryCodes: string[] | undefined;
      try {
        // A passkey is checked before the session's transaction, as at passkey sign-in: one of
        // this person's, answering the challenge this browser was given for this step.
        if ('credential' in body) {
          await checkPasskey(request, reply, body.credential, pending, user.id);
        }
        const context = await app.consoleSessions.start(
          request,
          reply,
          user,
          async (changes) => {
            if ('recoveryCode' in body) {
              const hash = recoveryCodeHash(keys.recovery, body.recoveryCode);
              if (
                pending.kind !== 'totp' ||
                !(await changes.secondFactors.useRecoveryCode(user.id, hash, now))
              ) {
                throw new WrongCode();
              }
              const left = await changes.secondFactors.secondFactorsOf(user.id);
              await changes.audit.record(
                {
                  actor: { userId: user.id },
                  action: 'recovery-code-use',
                  target: `user ${user.id}`,
                  detail: `${left.recoveryCodesLeft} left`,
                },
                now,
              );
            } else if ('credential' in body) {
              // Checked above.
            } else if (pending.kind === 'enrol') {
              await takeCode(changes, user.id, body.code, 'pending');
              await changes.secondFactors.confirmTotp(user.id, now);
              recoveryCodes = await replaceCodes(changes, user.id);
              await changes.audit.record(
                {
                  actor: { userId: user.id },
                  action: 'second-factor-enrol',
                  target: `user ${user.id}`,
                  detail: 'at sign-in (required)',
                },
                now,
              );
            } else if (pending.kind === 'totp') {
              await takeCode(changes, user.id, body.code, 'confirmed');
            } else {
              throw new WrongCode();
            }
            await changes.secondFactors.deletePending(pending.id);
            await changes.users.recordSignIn(user.id, now);
            await changes.audit.record(
              { actor: { userId: user.id }, action: 'sign-in', detail: method },
              now,
            );
          },
          { method },
        );
        await releaseAttempt(repos.signInThrottle, throttle, reservation);
        app.pendingSignIns.clear(request, reply);
        const session = toConsoleSession({
          ...context,
          user: { ...user, lastSignInAt: now.toISOString() },
        });
        return recoveryCodes ? { ...session, recoveryCodes } : session;
      } catch (error) {
        if (!(error instanceof WrongCode)) throw error;
        // The throttle's slot stays (a failure); the pending sign-in dies at the fifth.
        const failures = await repos.secondFactors.failPending(pending.id);
        if (failures >= PENDING_SIGN_IN_FAILURES) {
          await repos.secondFactors.deletePending(pending.id);
          app.pendingSignIns.clear(request, reply);
        }
        const what =
          'recoveryCode' in body ? 'recovery code' : 'credential' in body ? 'passkey' : 'code';
        await repos.audit.record(
          {
            actor: { userId: user.id },
            action: 'second-factor-failed',
            detail: `${what} (${failures} of ${PENDING_SIGN_IN_FAILURES})`,
          },
          now,
        );
        throw new HttpProblem(
          401,
          'credential' in body ? PASSKEY_SIGN_IN_FAILED_MESSAGE : SECOND_FACTOR_FAILED_MESSAGE,
        );
      }
    },
  );
  app.post(
    consolePaths.secondFactorSetup,
    {
      config: { access: 'public' },
      schema: {
        summary: 'A new authenticator secret for a sign-in that must set one up first',
        tags: ['console'],
        response: { 200: totpSetupSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { pending, user } = await pendingOr401(request, reply);
      if (pending.kind !== 'enrol') {
        throw new HttpProblem(409, 'Two-step sign-in is on already: type a code from your app.');
      }
      return newSetup(user);
    },
  );

  app.get(
    consolePaths.totp,
    {
      config: own,
      schema: {
        summary: 'Your second factors: the authenticator app, recovery codes left',
        tags: ['console'],
        response: { 200: secondFactorsSchema, ...answers },
      },
    },
    async (request) => repos.secondFactors.secondFactorsOf(signedInSession(request).user.id),
  );

  app.post(
    consolePaths.totp,
    {
      config: ownChange,
      schema: {
        summary: 'Set up an authenticator app: a new secret, on once a code confirms it',
        tags: ['console'],
        response: { 200: totpSetupSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = signedInSession(request);
      if ((await repos.secondFactors.secondFactorsOf(user.id)).totp) {
        throw new HttpProblem(409, 'Two-step sign-in is on already: turn it off first.');
      }
      return newSetup(user);
    },
  );

  app.put(
    consolePaths.totp,
    {
      config: ownChange,
      schema: {
        summary: 'Turn two-step sign-in on with a current code; answers the recovery codes',
        tags: ['console'],
        body: totpConfirmSchema,
        response: { 200: recoveryCodesSchema, ...answers },
      },
    },
    async (request) => {
      const { user, session } = signedInSession(request);
      return withOwnCode(request, user, () =>
        repos.changeAccounts(async (changes) => {
          await takeCode(changes, user.id, request.body.code, 'pending');
          const now = app.now();
          await changes.secondFactors.confirmTotp(user.id, now);
          const recoveryCodes = await replaceCodes(changes, user.id);
          // This browser has just shown the app: its session counts as signed in with it.
          if (session.method === 'password') {
            await changes.sessions.setMethod(session.id, 'password+totp');
          }
          await changes.audit.record(
            {
              actor: { userId: user.id },
              action: 'second-factor-enrol',
              target: `user ${user.id}`,
              detail: 'account page',
            },
            now,
          );
          return { recoveryCodes };
        }),
      );
    },
  );

  app.delete(
    consolePaths.totp,
    {
      config: own,
      schema: {
        summary: 'Turn two-step sign-in off, with a current code or your password',
        tags: ['console'],
        body: totpDisableSchema,
        response: { 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedInSession(request);
      const { body } = request;
      const remove = async (changes: AccountChangeRepositories, how: string) => {
        await changes.secondFactors.removeAll(user.id);
        await changes.audit.record(
          {
            actor: { userId: user.id },
            action: 'second-factor-disable',
            target: `user ${user.id}`,
            detail: how,
          },
          app.now(),
        );
      };
      if ('code' in body) {
        await withOwnCode(request, user, () =>
          repos.changeAccounts(async (changes) => {
            await takeCode(changes, user.id, body.code, 'confirmed');
            await remove(changes, 'with a code');
          }),
        );
      } else {
        const now = app.now();
        const throttle = throttleKeys(user.email, request.ip);
        const reservation = await reserveOr429(app, throttle, now, TOO_MANY);
        const stored = await repos.users.findForSignIn(user.email);
        if (!stored || !(await verifyPassword(body.password, stored.passwordHash))) {
          throw new HttpProblem(400, 'The password is not right.');
        }
        await releaseAttempt(repos.signInThrottle, throttle, reservation);
        await repos.changeAccounts((changes) => remove(changes, 'with the password'));
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    consolePaths.recoveryCodes,
    {
      config: own,
      schema: {
        summary: 'Ten new recovery codes, shown once; the old ones stop working',
        tags: ['console'],
        body: totpConfirmSchema,
        response: { 200: recoveryCodesSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = signedInSession(request);
      return withOwnCode(request, user, () =>
        repos.changeAccounts(async (changes) => {
          await takeCode(changes, user.id, request.body.code, 'confirmed');
          const recoveryCodes = await replaceCodes(changes, user.id);
          await changes.audit.record(
            {
              actor: { userId: user.id },
              action: 'recovery-codes-regenerate',
              target: `user ${user.id}`,
            },
            app.now(),
          );
          return { recoveryCodes };
        }),
      );
    },
  );

  app.delete(
    consolePaths.userSecondFactor,
    {
      config: admins,
      schema: {
        summary: "Reset a person's two-step sign-in (admins): the app, the codes, their sessions",
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      const { user: admin } = signedInSession(request);
      const { id } = request.params;
      if (id === admin.id) {
        throw new HttpProblem(404, 'Turn your own two-step sign-in off in Your account.');
      }
      if ((await repos.resetSecondFactor(id, { userId: admin.id }, app.now())) === undefined) {
        throw new HttpProblem(404, `There is no account with id ${id}.`);
      }
      return reply.code(204).send(null);
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_ROLES,
  adminJobParamsSchema,
  consolePaths,
  MAX_PASSKEYS,
  PASSKEY_SIGN_IN_FAILED_MESSAGE,
  passkeyAddSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  passkeySignInSchema,
  sessionSchema,
  userPasskeyParamsSchema,
  type Passkey,
} from '@lumenfield/contract';
import type { Config } from '../../config';
import {
  challengeMatches,
  registrationOptions,
  signInOptions,
  verifyPasskey,
  verifyRegistration,
} from '../../domains/accounts/passkeys';
import {
  PasskeyInUseError,
  passkeysLock,
  TooManyPasskeysError,
  type StoredPasskey,
} from '../../domains/accounts/passkeys-repository';
import { releaseAttempt, throttleKeys } from '../../domains/accounts/sign-in-throttle';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedInSession, toConsoleSession } from './console-user';
import { passkeyChallenges, relyingPartyOf } from './passkey-ceremonies';
import { reserveOr429 } from './session';

const answers = consoleProblems(404, 409, 429);

const toPasskey = ({ id, name, createdAt, lastUsedAt, synced }: StoredPasskey): Passkey => ({
  id,
  name,
  createdOn: createdAt,
  lastUsedOn: lastUsedAt,
  synced,
});

/**
 * Passkeys (CONTRACT §20, docs/recruiters.md "Passkeys"): signing in with one, without a
 * session; adding, listing and removing one's own from a signed-in browser; an admin's view and
 * removal of anyone's. Every change and every sign-in, failed or not, is audited.
 */
export const consolePasskeyRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const { repos } = app;
  const own = { access: 'session', sessionOnly: true, roles: ALL_ROLES } as const;
  // Adding or removing one's passkey changes how one signs in: only soon after signing in.
  const ownChange = { ...own, recentSignIn: true } as const;
  const admins = { access: 'session', sessionOnly: true, roles: ['admin'] } as const;

  const challenges = passkeyChallenges(app);
  const rpOf = (request: FastifyRequest) => relyingPartyOf(request, config.publicUrl);

  app.post(
    consolePaths.passkeySignInOptions,
    {
      // Anyone may ask, as anyone may try a password: the page's fixed header and XSRF echo.
      config: { access: 'public' },
      schema: {
        summary: 'Options for signing in with a passkey (any of this site’s)',
        tags: ['console'],
        response: { 200: passkeyOptionsSchema, ...answers },
      },
    },
    async (request, reply) => {
      const options = await signInOptions(rpOf(request));
      await challenges.keep(request, reply, 'sign-in', options.challenge, null);
      // A copy as a plain object: the answer's schema takes any further WebAuthn field.
      return { options: { ...options } };
    },
  );

  app.post(
    consolePaths.passkeySignIn,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in with a passkey: the browser’s answer to the options',
        tags: ['console'],
        body: passkeySignInSchema,
        response: { 200: sessionSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { credential } = request.body;
      const now = app.now();
      const failed = async (userId: number | undefined, detail: string) => {
        await repos.audit.record(
          {
            actor: userId !== undefined ? { userId } : { label: null },
            action: 'sign-in-failed',
            detail: `passkey: ${detail}`,
          },
          now,
        );
        return new HttpProblem(401, PASSKEY_SIGN_IN_FAILED_MESSAGE);
      };
      // Failures count as password failures do, a slot taken before anything is checked: per
      // account (the passkey's person, else the credential) and client, so a passkey and a
      // password share one allowance, and answers without a challenge count too.
      const known = await repos.passkeys.findByCredentialId(credential.id);
      const owner = known && (await repos.users.findById(known.userId));
      const keys = throttleKeys(owner ? owner.email : `passkey:${credential.id}`, request.ip);
      const reservation = await reserveOr429(
        app,
        keys,
        now,
        'Too many failed sign-ins. Please wait a while and try again.',
      );
      const challenge = await challenges.take(request, reply, 'sign-in');
      // A challenge named for a person is a second step's (after their password), not this one's.
      if (!challenge || challenge.userId !== null) {
        throw await failed(owner?.id, 'no challenge (expired or used)');
      }
      const verdict = await verifyPasskey(repos, {
        credential,
        expectedChallenge: challengeMatches(challenge.challengeHash),
        rp: rpOf(request),
        now,
      });
      if (verdict.reason !== undefined) throw await failed(verdict.user?.id, verdict.reason);
      const { user, passkey } = verdict;
      await releaseAttempt(repos.signInThrottle, keys, reservation);
      const context = await app.consoleSessions.start(
        request,
        reply,
        user,
        async (changes) => {
          await changes.users.recordSignIn(user.id, now);
          await changes.audit.record(
            {
              actor: { userId: user.id },
              action: 'sign-in',
              target: `passkey ${passkey.id}`,
              detail: 'passkey',
            },
            now,
          );
        },
        { method: 'passkey' },
      );
      return toConsoleSession({ ...context, user: { ...user, lastSignInAt: now.toISOString() } });
    },
  );

  app.get(
    consolePaths.passkeys,
    {
      config: own,
      schema: {
        summary: 'Your passkeys (never their keys)',
        tags: ['console'],
        response: { 200: passkeyListSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = signedInSession(request);
      return { passkeys: (await repos.passkeys.listForUser(user.id)).map(toPasskey) };
    },
  );

  app.post(
    consolePaths.passkeyOptions,
    {
      config: ownChange,
      schema: {
        summary: 'Options for adding a passkey to your account',
        tags: ['console'],
        response: { 200: passkeyOptionsSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedInSession(request);
      const existing = await repos.passkeys.listForUser(user.id);
      if (existing.length >= MAX_PASSKEYS) {
        throw new HttpProblem(409, `You already have ${MAX_PASSKEYS} passkeys: remove one first.`);
      }
      const rp = rpOf(request);
      const options = await registrationOptions(rp, user, existing);
      await challenges.keep(request, reply, 'register', options.challenge, user.id);
      // A copy as a plain object: the answer's schema takes any further WebAuthn field.
      return { options: { ...options } };
    },
  );

  app.post(
    consolePaths.passkeys,
    {
      config: ownChange,
      schema: {
        summary: 'Add a passkey: its name and the browser’s answer to the options',
        tags: ['console'],
        body: passkeyAddSchema,
        response: { 201: passkeySchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedInSession(request);
      const name = clean(request.body.name).trim();
      if (!name) {
        throw new HttpProblem(400, 'The passkey needs a name.', [
          { field: 'name', message: 'is required' },
        ]);
      }
      const challenge = await challenges.take(request, reply, 'register');
      // A challenge made for another person's session is no challenge of this one.
      if (!challenge || challenge.userId !== user.id) {
        throw new HttpProblem(
          400,
          'Adding the passkey took too long or was already done: try again.',
        );
      }
      const checked = await verifyRegistration(
        rpOf(request),
        request.body.credential,
        challenge.challengeHash,
      );
      if ('reason' in checked) {
        throw new HttpProblem(
          400,
          'The passkey could not be checked, so it was not added: try again.',
        );
      }
      const now = app.now();
      try {
        const passkey = await repos.changeAccounts(
          async (tx) => {
            const created = await tx.passkeys.create(
              { ...checked.passkey, userId: user.id, name },
              now,
            );
            await tx.audit.record(
              {
                actor: { userId: user.id },
                action: 'passkey-add',
                target: `passkey ${created.id}`,
                detail: `"${name}"`,
              },
              now,
            );
            return created;
          },
          [passkeysLock(user.id)],
        );
        return reply.code(201).send(toPasskey(passkey));
      } catch (error) {
        if (error instanceof TooManyPasskeysError) {
          throw new HttpProblem(
            409,
            `You already have ${MAX_PASSKEYS} passkeys: remove one first.`,
          );
        }
        if (error instanceof PasskeyInUseError) {
          throw new HttpProblem(409, 'This passkey is already added to an account.');
        }
        throw error;
      }
    },
  );

  /** Removes a person's passkey with its audit row; 404 when they have none with that id. */
  const removeOne = async (actorId: number, userId: number, passkeyId: number) => {
    await repos.changeAccounts(async (tx) => {
      const removed = await tx.passkeys.remove(userId, passkeyId);
      if (!removed) throw new HttpProblem(404, `There is no passkey with id ${passkeyId}.`);
      await tx.audit.record(
        {
          actor: { userId: actorId },
          action: 'passkey-remove',
          target: actorId === userId ? `passkey ${passkeyId}` : `user ${userId}`,
          detail:
            actorId === userId
              ? `"${removed.name}"`
              : `passkey ${passkeyId} "${removed.name}" removed by an admin`,
        },
        app.now(),
      );
    });
  };

  app.delete(
    consolePaths.passkey,
    {
      config: ownChange,
      schema: {
        summary: 'Remove one of your passkeys: it signs nobody in any more',
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedInSession(request);
      await removeOne(user.id, user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    consolePaths.userPasskeys,
    {
      config: admins,
      schema: {
        summary: "A person's passkeys (admins)",
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 200: passkeyListSchema, ...answers },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await repos.users.findById(id))) {
        throw new HttpProblem(404, `There is no account with id ${id}.`);
      }
      return { passkeys: (await repos.passkeys.listForUser(id)).map(toPasskey) };
    },
  );

  app.delete(
    consolePaths.userPasskey,
    {
      config: admins,
      schema: {
        summary: "Remove one of a person's passkeys (admins): a lost device signs nobody in",
        tags: ['console'],
        params: userPasskeyParamsSchema,
        response: { 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      const { user: admin } = signedInSession(request);
      const { id, passkeyId } = request.params;
      await removeOne(admin.id, id, passkeyId);
      return reply.code(204).send(null);
    },
  );
};

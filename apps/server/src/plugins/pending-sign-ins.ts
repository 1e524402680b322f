import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PENDING_SIGN_IN_MINUTES, type SecondStep } from '@lumenfield/contract';
import type { PendingSignIn } from '../domains/accounts/second-factors-repository';
import { secondFactorKeys, type SecondFactorKeys } from '../domains/accounts/totp';
import type { User } from '../domains/accounts/users-repository';
import { requestScheme } from './public-origin';

/** The pending sign-in's cookie: `__Host-` over HTTPS, as the session's. */
export const PENDING_COOKIE_NAME = 'lumenfield-sign-in';
export const PENDING_HOST_COOKIE_NAME = '__Host-lumenfield-sign-in';
export const PENDING_SIGN_IN_MS = PENDING_SIGN_IN_MINUTES * 60 * 1000;

export interface PendingSignIns {
  /** The keys that seal authenticator secrets and hash recovery codes. */
  keys: SecondFactorKeys;
  /**
   * A new pending sign-in for `user` (a right password) and its cookie; any earlier one of this
   * browser ends. One pending sign-in per cookie. `passkey`: one of the person's passkeys can
   * do the step.
   */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    kind: PendingSignIn['kind'],
    passkey: boolean,
  ): Promise<SecondStep>;
  /** The browser's pending sign-in, still running; undefined when none, expired or forged. */
  resolve(request: FastifyRequest): Promise<PendingSignIn | undefined>;
  /** Ends the browser's pending sign-in (its row is deleted by the caller) and its cookie. */
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    pendingSignIns: PendingSignIns;
  }
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * Pending sign-ins (docs/security.md, "Second factor"): after a right password, a random
 * 32-byte token in a signed, HttpOnly, SameSite=Strict cookie of five minutes, whose SHA-256
 * names a row in the database (any node serves the second step). No session exists until the
 * second step is done.
 */
export const pendingSignIns = fp<{ secret: string }>(
  async (app: FastifyInstance, { secret }) => {
    const { repos } = app;
    const keys = secondFactorKeys(secret);
    const cookieName = (request: FastifyRequest) =>
      requestScheme(request) === 'https' ? PENDING_HOST_COOKIE_NAME : PENDING_COOKIE_NAME;
    const cookieOptions = (request: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: cookieName(request) === PENDING_HOST_COOKIE_NAME,
    });
    const tokenOf = (request: FastifyRequest): string | undefined => {
      const raw = request.cookies[cookieName(request)];
      if (!raw || raw.length > 300) return undefined;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value ? unsigned.value : undefined;
    };

    const pending: PendingSignIns = {
      keys,
      async start(request, reply, user, kind, passkey) {
        const now = app.now();
        const earlier = tokenOf(request);
        if (earlier) await repos.secondFactors.deletePending(sha256(earlier));
        await repos.secondFactors.deleteExpiredPending(now);
        const token = crypto.randomBytes(32).toString('base64url');
        const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS).toISOString();
        await repos.secondFactors.createPending({
          id: sha256(token),
          userId: user.id,
          kind,
          createdAt: now.toISOString(),
          expiresAt,
        });
        reply.setCookie(cookieName(request), token, {
          ...cookieOptions(request),
          signed: true,
          maxAge: PENDING_SIGN_IN_MS / 1000,
        });
        return { secondStep: kind, passkey, expiresOn: expiresAt };
      },
      async resolve(request) {
        const token = tokenOf(request);
        if (!token) return undefined;
        const found = await repos.secondFactors.findPending(sha256(token));
        if (!found) return undefined;
        if (Date.parse(found.expiresAt) <= app.now().getTime()) {
          await repos.secondFactors.deletePending(found.id);
          return undefined;
        }
        return found;
      },
      clear(request, reply) {
        reply.clearCookie(cookieName(request), cookieOptions(request));
      },
    };
    app.decorate('pendingSignIns', pending);
  },
  { name: 'pending-sign-ins', dependencies: ['@fastify/cookie', 'repositories'] },
);

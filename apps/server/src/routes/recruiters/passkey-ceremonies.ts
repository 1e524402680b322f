import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSKEY_CHALLENGE_SECONDS } from '@lumenfield/contract';
import { sha256, type RelyingParty } from '../../domains/accounts/passkeys';
import type { PasskeyPurpose } from '../../domains/accounts/passkeys-repository';
import { publicOrigin, requestScheme } from '../../plugins/public-origin';

/** The ceremony cookies: one per purpose, so adding a passkey and signing in never collide. */
const COOKIE: Record<PasskeyPurpose, string> = {
  register: 'lumenfield-passkey-register',
  'sign-in': 'lumenfield-passkey-sign-in',
};

/**
 * The relying party of a request: the site's public origin (PUBLIC_URL, else the request's own
 * scheme and host) and its host name as the RP ID, to which every passkey is bound
 * (docs/operations.md, "Passkeys"). A browser refuses an IP address as an RP ID: on a loopback
 * address, open the site as http://localhost:PORT.
 */
export function relyingPartyOf(
  request: FastifyRequest,
  publicUrl: string | undefined,
): RelyingParty {
  const origin = new URL(publicOrigin(request, publicUrl));
  return { id: origin.hostname, origin: origin.origin };
}

/**
 * A ceremony's challenge, kept between the options and the browser's answer: its hash in
 * `passkey_challenges` under a random name, the name in a signed, HttpOnly, SameSite=Strict
 * cookie of five minutes (`__Host-` over HTTPS). Taken once. Used by passkey sign-in, the
 * second step after a password, and adding a passkey.
 */
export function passkeyChallenges(app: FastifyInstance) {
  const { repos } = app;
  const cookieName = (request: FastifyRequest, purpose: PasskeyPurpose) =>
    requestScheme(request) === 'https' ? `__Host-${COOKIE[purpose]}` : COOKIE[purpose];
  const cookieOptions = (name: string) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: name.startsWith('__Host-'),
  });

  return {
    /** Keeps a new challenge for `userId` (null: whoever's passkey answers). */
    async keep(
      request: FastifyRequest,
      reply: FastifyReply,
      purpose: PasskeyPurpose,
      challenge: string,
      userId: number | null,
    ): Promise<void> {
      const token = crypto.randomBytes(32).toString('base64url');
      const now = app.now();
      await repos.passkeys.createChallenge(
        sha256(token),
        {
          purpose,
          challengeHash: sha256(challenge),
          userId,
          expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000).toISOString(),
        },
        now,
      );
      const name = cookieName(request, purpose);
      reply.setCookie(name, token, {
        ...cookieOptions(name),
        signed: true,
        maxAge: PASSKEY_CHALLENGE_SECONDS,
      });
    },

    /** The request's challenge, taken once (gone from the table and the browser), or undefined. */
    async take(request: FastifyRequest, reply: FastifyReply, purpose: PasskeyPurpose) {
      const name = cookieName(request, purpose);
      reply.clearCookie(name, cookieOptions(name));
      const raw = request.cookies[name];
      if (!raw || raw.length > 300) return undefined;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || !unsigned.value) return undefined;
      return repos.passkeys.takeChallenge(sha256(unsigned.value), purpose, app.now());
    },
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as oidc from 'openid-client';
import { API_BASE_PATH, consolePaths, safeReturnPath } from '@lumenfield/contract';
import { isLoopbackHost, type SingleSignOnSetting } from '../config';
import { requestScheme } from './public-origin';

/** The cookie that carries one sign-in's state, nonce and PKCE verifier to the callback. */
export const SSO_COOKIE_NAME = 'lumenfield-sso';
export const SSO_SECURE_COOKIE_NAME = '__Secure-lumenfield-sso';
/** How long a person may take at the provider before the sign-in must start again. */
export const SSO_ATTEMPT_MS = 10 * 60 * 1000;
const COOKIE_PATH = `${API_BASE_PATH}${consolePaths.ssoStart.replace(/\/start$/, '')}`;
/** What the console asks the provider for: who the person is, and their e-mail address. */
export const SSO_SCOPES = 'openid email profile';

/** What the provider said about the person, once the response and the ID token were checked. */
export interface ProviderIdentity {
  subject: string;
  email: string | undefined;
  /** The verified claim (OIDC_EMAIL_VERIFIED_CLAIM) was `true`: missing or `"true"` is not. */
  emailVerified: boolean;
  name: string | undefined;
  /** The ID token as the provider signed it: kept with the session, the sign-out's hint. */
  idToken: string | undefined;
  /** Where the console opens afterwards: the page the person was sent to sign in from. */
  returnTo: string;
}

/** One sign-in under way: what the callback must find again. */
interface Attempt {
  state: string;
  nonce: string;
  verifier: string;
  startedAt: number;
  /** A console path (safeReturnPath), carried through the provider in the signed cookie. */
  returnTo: string;
}

/** Why the provider's answer was refused; `detail` names the check, never the person. */
export class SsoResponseError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'SsoResponseError';
  }
}

export interface SingleSignOn {
  setting: SingleSignOnSetting;
  /**
   * The provider's authorization URL for a new attempt, its cookie set on `reply`; `next`, the
   * console page to come back to (judged by safeReturnPath).
   */
  start(request: FastifyRequest, reply: FastifyReply, next?: string): Promise<string>;
  /**
   * Checks the provider's answer on the callback against the attempt's cookie (state, PKCE,
   * nonce, ID token signature, issuer, audience, time) and clears the cookie.
   */
  finish(request: FastifyRequest, reply: FastifyReply): Promise<ProviderIdentity>;
  /**
   * Where to send the browser to end the provider's session too, naming the sign-in by its
   * `idToken` when the session kept one; undefined if the provider offers no sign-out.
   */
  signOutUrl(idToken?: string): Promise<string | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Single sign-on with the configured OpenID provider; undefined when not configured. */
    singleSignOn: SingleSignOn | undefined;
  }
}

/**
 * OpenID Connect sign-in (docs/security.md, "Single sign-on"): the authorization code flow with
 * PKCE (S256), state and nonce, through openid-client. The provider's metadata is discovered on
 * first use and kept; a failed discovery is tried again on the next sign-in.
 */
export const singleSignOn = fp<{ setting: SingleSignOnSetting | undefined }>(
  async (app: FastifyInstance, { setting }) => {
    if (!setting) {
      app.decorate('singleSignOn', undefined);
      return;
    }
    // Plain http only to a provider on this machine (tests, a local provider): config.ts.
    const issuer = new URL(setting.issuer);
    const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
    let discovered: Promise<oidc.Configuration> | undefined;
    const configuration = () => {
      discovered ??= oidc
        .discovery(
          issuer,
          setting.clientId,
          undefined,
          oidc.ClientSecretBasic(setting.clientSecret),
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
      return discovered;
    };

    const cookieName = (request: FastifyRequest) =>
      requestScheme(request) === 'https' ? SSO_SECURE_COOKIE_NAME : SSO_COOKIE_NAME;
    const cookieOptions = (request: FastifyRequest) => ({
      path: COOKIE_PATH,
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level GET from its site, which Strict drops.
      sameSite: 'lax' as const,
      secure: cookieName(request) === SSO_SECURE_COOKIE_NAME,
    });

    const readAttempt = (request: FastifyRequest): Attempt | undefined => {
      const raw = request.cookies[cookieName(request)];
      if (!raw || raw.length > 1000) return undefined;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || !unsigned.value) return undefined;
      try {
        const attempt = JSON.parse(unsigned.value) as Partial<Attempt>;
        if (
          typeof attempt.state !== 'string' ||
          typeof attempt.nonce !== 'string' ||
          typeof attempt.verifier !== 'string' ||
          typeof attempt.startedAt !== 'number' ||
          typeof attempt.returnTo !== 'string'
        ) {
          return undefined;
        }
        return attempt as Attempt;
      } catch {
        return undefined;
      }
    };

    const service: SingleSignOn = {
      setting,
      async start(request, reply, next) {
        const config = await configuration();
        const attempt: Attempt = {
          state: oidc.randomState(),
          nonce: oidc.randomNonce(),
          verifier: oidc.randomPKCECodeVerifier(),
          startedAt: app.now().getTime(),
          returnTo: safeReturnPath(next),
        };
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: setting.redirectUri,
          scope: SSO_SCOPES,
          code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
          code_challenge_method: 'S256',
          state: attempt.state,
          nonce: attempt.nonce,
        });
        reply.setCookie(cookieName(request), JSON.stringify(attempt), {
          ...cookieOptions(request),
          maxAge: SSO_ATTEMPT_MS / 1000,
          signed: true,
        });
        return url.href;
      },

      async finish(request, reply) {
        const attempt = readAttempt(request);
        // One attempt, one callback: a replayed or second callback finds no cookie.
        reply.clearCookie(cookieName(request), cookieOptions(request));
        if (!attempt) throw new SsoResponseError('no sign-in under way in this browser');
        if (app.now().getTime() - attempt.startedAt > SSO_ATTEMPT_MS) {
          throw new SsoResponseError('the sign-in took too long');
        }
        const config = await configuration();
        // The URL the provider sent the browser to, from the configured redirect URI (never the
        // request's Host) and the query the router parsed.
        const current = new URL(setting.redirectUri);
        const query = request.url.indexOf('?');
        current.search = query === -1 ? '' : request.url.slice(query);
        let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
        try {
          tokens = await oidc.authorizationCodeGrant(config, current, {
            pkceCodeVerifier: attempt.verifier,
            expectedState: attempt.state,
            expectedNonce: attempt.nonce,
            idTokenExpected: true,
          });
        } catch (error) {
          throw new SsoResponseError(describeFailure(error));
        }
        const claims = tokens.claims();
        if (!claims) throw new SsoResponseError('no ID token');
        const claim = setting.emailVerifiedClaim;
        let { email, [claim]: verified, name } = claims;
        // Some providers put the e-mail only in UserInfo (its subject is checked against the token's).
        if ((email === undefined || verified === undefined) && tokens.access_token) {
          try {
            const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
            email ??= info.email;
            verified ??= info[claim];
            name ??= info.name;
          } catch (error) {
            throw new SsoResponseError(`UserInfo refused: ${describeFailure(error)}`);
          }
        }
        return {
          subject: claims.sub,
          email: typeof email === 'string' ? email : undefined,
          emailVerified: verified === true,
          name: typeof name === 'string' ? name : undefined,
          idToken: tokens.id_token,
          returnTo: attempt.returnTo,
        };
      },

      async signOutUrl(idToken) {
        const config = await configuration();
        if (!config.serverMetadata().end_session_endpoint) return undefined;
        return oidc.buildEndSessionUrl(config, {
          client_id: setting.clientId,
          post_logout_redirect_uri: setting.signedOutUri,
          ...(idToken && { id_token_hint: idToken }),
        }).href;
      },
    };
    app.decorate('singleSignOn', service);
  },
  { name: 'single-sign-on', dependencies: ['@fastify/cookie'] },
);

/** A provider's or the client library's refusal in words that hold no personal data. */
function describeFailure(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) {
    // The provider's own `error` code (access_denied, login_required…), never its description.
    return `the provider answered ${error.error}`;
  }
  if (error instanceof oidc.ResponseBodyError) return `the provider answered ${error.error}`;
  // openid-client's own message is generic ("invalid response encountered"); the check that
  // failed is named by its cause's message (oauth4webapi), whose values stay in its own cause.
  const messages: string[] = [];
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 2; depth++) {
    messages.push(at.message);
    at = at.cause;
  }
  const words = messages.join(': ') || 'unknown error';
  return words.replace(/[^\x20-\x7e]/g, '').slice(0, 200);
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consolePagePaths,
  consolePaths,
  signInOptionsSchema,
  SIGN_IN_RETURN_PARAM,
  SSO_FAILURE_PARAM,
  ssoStartQuerySchema,
  type SsoFailure,
  type UserRole,
} from '@lumenfield/contract';
import { NO_PASSWORD } from '../../domains/accounts/passwords';
import { EmailInUseError, type User } from '../../domains/accounts/users-repository';
import {
  hasControlCharacters,
  stripControlCharacters as clean,
} from '../../lib/control-characters';
import { HttpProblem } from '../../lib/http-problem';
import { SsoResponseError } from '../../plugins/single-sign-on';
import { problemResponses } from '../problem-responses';

/**
 * Single sign-on (docs/recruiters.md, "Signing in"): the sign-in page's options, the way out to
 * the provider and the way back. The two navigations are `open` routes: a browser following a
 * link or the provider's redirect sends none of the page's headers; what guards them is the
 * attempt's signed cookie, state, PKCE and nonce (plugins/single-sign-on.ts).
 */
export const consoleSsoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.get(
    consolePaths.signInOptions,
    {
      config: { access: 'public' },
      schema: {
        summary: "The sign-in page's options: single sign-on's button, the password rule",
        tags: ['console'],
        response: { 200: signInOptionsSchema, ...problemResponses(400, 403) },
      },
    },
    async () => {
      const settings = await repos.accountSettings.read();
      const sso = app.singleSignOn;
      return {
        provider: sso ? { button: sso.setting.button } : null,
        // Without single sign-on nobody could sign in any other way: the rule does not apply.
        passwordSignIn: sso ? settings.passwordSignIn : 'everyone',
      };
    },
  );

  const back = (failure: SsoFailure) =>
    `${consolePagePaths.signIn}?${SSO_FAILURE_PARAM}=${failure}`;

  app.get(
    consolePaths.ssoStart,
    {
      config: { access: 'open' },
      schema: {
        summary: 'Off to the identity provider (a browser navigation)',
        tags: ['console'],
        querystring: ssoStartQuerySchema,
      },
    },
    async (request, reply) => {
      const sso = app.singleSignOn;
      if (!sso) throw new HttpProblem(404, 'Single sign-on is not configured.');
      try {
        const next = request.query[SIGN_IN_RETURN_PARAM];
        return reply.redirect(await sso.start(request, reply, next), 302);
      } catch (error) {
        // The provider cannot be reached (discovery failed): say so on the sign-in page.
        request.log.warn({ err: error }, 'single sign-on: the provider could not be reached');
        await repos.audit.record(
          {
            actor: { label: null },
            action: 'sign-in-failed',
            detail: 'single sign-on: the provider could not be reached',
          },
          app.now(),
        );
        return reply.redirect(back('failed'), 302);
      }
    },
  );

  app.get(
    consolePaths.ssoCallback,
    {
      config: { access: 'open' },
      schema: { summary: 'Back from the identity provider', tags: ['console'] },
    },
    async (request, reply) => {
      const sso = app.singleSignOn;
      if (!sso) throw new HttpProblem(404, 'Single sign-on is not configured.');
      const now = app.now();
      const refuse = async (failure: SsoFailure, reason: string, user?: User) => {
        await repos.audit.record(
          {
            actor: user ? { userId: user.id } : { label: null },
            action: 'sign-in-failed',
            detail: `single sign-on: ${reason}`,
          },
          now,
        );
        return reply.redirect(back(failure), 302);
      };

      let identity;
      try {
        identity = await sso.finish(request, reply);
      } catch (error) {
        if (error instanceof SsoResponseError) return refuse('failed', error.detail);
        request.log.warn({ err: error }, 'single sign-on: the provider could not be reached');
        return refuse('failed', 'the provider could not be reached');
      }
      // Only an address the provider vouches for names an account: anyone can type one.
      if (
        !identity.email ||
        !identity.emailVerified ||
        identity.email.length > 320 ||
        hasControlCharacters(identity.email)
      ) {
        return refuse('refused', 'the provider did not vouch for an e-mail address');
      }
      const { issuer } = sso.setting;
      // A subject seen before is its account, whatever e-mail the provider now gives it.
      const boundId = await repos.ssoIdentities.findUser(issuer, identity.subject);
      let user: User | undefined = boundId
        ? await repos.users.findById(boundId)
        : await repos.users.findForSignIn(identity.email);
      if (!user) {
        const role = sso.setting.createRole;
        if (!role) return refuse('refused', 'no account for this e-mail address');
        user = await createAccount(identity.email, identity.name, role, now);
        if (!user) return refuse('failed', 'the account could not be made');
      }
      // The provider's yes does not bring back an account an admin deactivated.
      if (!user.isActive) return refuse('refused', 'account deactivated', user);
      // An account bound to another subject: the address now belongs to someone else there.
      const bind = boundId === undefined;
      if (bind && (await repos.ssoIdentities.findSubject(user.id, issuer)) !== undefined) {
        return refuse('refused', 'the account is bound to another identity at the provider', user);
      }
      const signedIn = user;
      await app.consoleSessions.start(
        request,
        reply,
        signedIn,
        async (changes) => {
          if (bind) await changes.ssoIdentities.bind(issuer, identity.subject, signedIn.id, now);
          await changes.users.recordSignIn(signedIn.id, now);
          await changes.audit.record(
            { actor: { userId: signedIn.id }, action: 'sign-in', detail: 'single sign-on' },
            now,
          );
        },
        { method: 'sso', idToken: identity.idToken },
      );
      return reply.redirect(identity.returnTo, 302);
    },
  );

  /** An account for a person the provider vouched for, with OIDC_CREATE_ROLE; no password. */
  async function createAccount(
    email: string,
    name: string | undefined,
    role: UserRole,
    now: Date,
  ): Promise<User | undefined> {
    const shown =
      clean(name ?? '')
        .trim()
        .slice(0, 200) || email.split('@')[0]!.slice(0, 200);
    try {
      return await repos.changeAccounts(async (changes) => {
        const made = await changes.users.create(
          { email, name: shown, role, passwordHash: NO_PASSWORD },
          now,
        );
        await changes.audit.record(
          {
            actor: { userId: made.id },
            action: 'user-create',
            target: `user ${made.id}`,
            detail: `made at first single sign-on, role ${role}`,
          },
          now,
        );
        return made;
      });
    } catch (error) {
      // Made a moment ago by a second callback of the same person: use it.
      if (error instanceof EmailInUseError) return repos.users.findForSignIn(email);
      throw error;
    }
  }
};

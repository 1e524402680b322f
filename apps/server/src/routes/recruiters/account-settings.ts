import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSettingsAnswerSchema,
  accountSettingsPatchSchema,
  consolePaths,
  type AccountSettings,
} from '@lumenfield/contract';
import { ACCOUNT_SETTINGS_LOCK } from '../../domains/accounts/account-settings-repository';
import { PASSWORD_METHODS } from '../../domains/accounts/sessions-repository';
import { passkeyCount } from '../../domains/accounts/passkeys';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedInSession } from './console-user';

const answers = consoleProblems(409);

/** How an audit row names a rule as it became: the rule and its value, never a person. */
function ruleWords(rule: keyof AccountSettings, value: AccountSettings[typeof rule]): string {
  if (rule === 'breakGlassUserId') return `break-glass admin: ${value ? `user ${value}` : 'none'}`;
  return `${rule}: ${String(value)}`;
}

/**
 * The site-wide sign-in rules (docs/recruiters.md, "Sign-in rules"), for admins from a signed-in
 * browser only. Turning password sign-in off ends, in the same transaction, every session that
 * began with a password, but the break-glass admin's; requiring a second factor ends every
 * session signed in with a password alone (the admin must have a factor of their own).
 */
export const consoleAccountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const config = { access: 'session', sessionOnly: true, roles: ['admin'] } as const;

  app.get(
    consolePaths.accountSettings,
    {
      config,
      schema: {
        summary: 'The sign-in rules',
        tags: ['console'],
        response: { 200: accountSettingsAnswerSchema, ...answers },
      },
    },
    async () => ({
      ...(await repos.accountSettings.read()),
      singleSignOn: app.singleSignOn !== undefined,
    }),
  );

  app.patch(
    consolePaths.accountSettings,
    {
      config,
      schema: {
        summary: 'Change the sign-in rules named',
        tags: ['console'],
        body: accountSettingsPatchSchema,
        response: { 200: accountSettingsAnswerSchema, ...answers },
      },
    },
    async (request) => {
      const { user: admin, session } = signedInSession(request);
      const now = app.now();
      // Requiring a second factor signs out everyone on a password alone: the admin first.
      if (request.body.requireSecondFactor) {
        const own = await repos.secondFactors.secondFactorsOf(admin.id);
        if (!own.totp && (await passkeyCount(repos, admin.id)) === 0) {
          throw new HttpProblem(
            400,
            'Turn on two-step sign-in for your own account first, so you are not locked out.',
          );
        }
      }
      await repos.changeAccounts(
        async (changes) => {
          const before = await changes.accountSettings.read();
          const after: AccountSettings = { ...before, ...request.body };
          const passwordOff = after.passwordSignIn === 'break-glass';
          if (passwordOff) {
            if (!app.singleSignOn) {
              throw new HttpProblem(
                409,
                'Password sign-in can be turned off only while single sign-on is configured.',
              );
            }
            const keeper =
              after.breakGlassUserId === null
                ? undefined
                : await changes.users.findById(after.breakGlassUserId);
            if (!keeper || !keeper.isActive || keeper.role !== 'admin') {
              throw new HttpProblem(
                409,
                'Name an active admin as the break-glass account before turning password sign-in off.',
                [{ field: 'breakGlassUserId', message: 'must be an active admin' }],
              );
            }
            // This admin would be signed out by their own change: prove single sign-on works first.
            const kept =
              !PASSWORD_METHODS.includes(session.method ?? 'password') ||
              admin.id === after.breakGlassUserId;
            if (!kept) {
              throw new HttpProblem(
                409,
                'Sign in with single sign-on first: turning password sign-in off would end this ' +
                  'session, which began with a password.',
              );
            }
          }
          const changed = (Object.keys(request.body) as (keyof AccountSettings)[]).filter(
            (rule) => before[rule] !== after[rule],
          );
          if (changed.length === 0) return;
          await changes.accountSettings.write(request.body, admin.id, now);
          const ended =
            passwordOff &&
            (before.passwordSignIn !== 'break-glass' ||
              before.breakGlassUserId !== after.breakGlassUserId)
              ? await changes.sessions.deletePasswordSessions(after.breakGlassUserId)
              : 0;
          // Every password-only session ends with the second-factor rule, in its transaction.
          const requiring = after.requireSecondFactor && !before.requireSecondFactor;
          const endedPasswordOnly = requiring
            ? await changes.sessions.deleteByMethod('password')
            : 0;
          // And the API tokens such sessions made: a token must not outlive the access it came from.
          const revokedTokens = requiring
            ? await changes.apiTokens.deleteMadeWithPasswordOnly()
            : 0;
          await changes.audit.record(
            {
              actor: { userId: admin.id },
              action: 'account-settings-update',
              detail: [
                ...changed.map((rule) => ruleWords(rule, after[rule])),
                ...(passwordOff ? [`${ended} password sessions ended`] : []),
                ...(requiring
                  ? [
                      `second factor required; ${endedPasswordOnly} password-only sessions ended, ` +
                        `${revokedTokens} API tokens made with a password alone revoked`,
                    ]
                  : []),
              ].join(', '),
            },
            now,
          );
        },
        [ACCOUNT_SETTINGS_LOCK],
      );
      return {
        ...(await repos.accountSettings.read()),
        singleSignOn: app.singleSignOn !== undefined,
      };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobParamsSchema,
  consolePaths,
  consoleUserSchema,
  listedUserSchema,
  userCreateSchema,
  userPatchSchema,
} from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { hashPassword, passwordProblem } from '../../domains/accounts/passwords';
import { HttpProblem } from '../../lib/http-problem';
import { ACCOUNT_SETTINGS_LOCK } from '../../domains/accounts/account-settings-repository';
import { EmailInUseError } from '../../domains/accounts/users-repository';
import { consoleProblems, signedInSession, toConsoleUser } from './console-user';

const EMAIL = /^[^\s@,]+@[^\s@,.]+(\.[^\s@,.]+)*\.[^\s@,.]{2,}$/;

const answers = consoleProblems(404, 409);

/** A password that may not be used: 400 naming its field. */
export function checkPassword(
  password: string,
  person: { email: string; name: string },
  field = 'password',
): void {
  const problem = passwordProblem(password, person);
  if (problem) {
    throw new HttpProblem(400, `The password ${problem}.`, [{ field, message: problem }]);
  }
}

/**
 * Accounts, for admins (docs/recruiters.md), from a signed-in browser only: a personal API token
 * that could add an admin or set a password would hand its holder every account.
 */
export const consoleUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const config = { access: 'session', sessionOnly: true, roles: ['admin'] } as const;

  app.get(
    consolePaths.users,
    {
      config,
      schema: {
        summary: 'Every account, and whether its two-step sign-in is on',
        tags: ['console'],
        response: { 200: z.array(listedUserSchema), ...answers },
      },
    },
    async () => {
      const withTotp = await repos.secondFactors.withTotp();
      return (await repos.users.list()).map((user) => ({
        ...toConsoleUser(user),
        twoStep: withTotp.has(user.id),
      }));
    },
  );

  app.post(
    consolePaths.users,
    {
      config,
      schema: {
        summary: 'Add an account',
        tags: ['console'],
        body: userCreateSchema,
        response: { 201: consoleUserSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user: admin } = signedInSession(request);
      const email = clean(request.body.email).toLowerCase();
      const name = clean(request.body.name);
      if (!EMAIL.test(email)) {
        throw new HttpProblem(400, 'The account is invalid.', [
          { field: 'email', message: 'must be an e-mail address' },
        ]);
      }
      checkPassword(request.body.password, { email, name });
      // Hashed before the transaction: scrypt's work holds no lock.
      const passwordHash = await hashPassword(request.body.password);
      const now = app.now();
      try {
        const user = await repos.changeAccounts(async (tx) => {
          const made = await tx.users.create(
            { email, name, role: request.body.role, passwordHash },
            now,
          );
          await tx.audit.record(
            {
              actor: { userId: admin.id },
              action: 'user-create',
              target: `user ${made.id}`,
              detail: `role ${made.role}`,
            },
            now,
          );
          return made;
        });
        return reply.code(201).send(toConsoleUser(user));
      } catch (error) {
        if (error instanceof EmailInUseError) {
          throw new HttpProblem(409, 'This e-mail address already has an account.', [
            { field: 'email', message: 'already has an account' },
          ]);
        }
        throw error;
      }
    },
  );

  app.patch(
    consolePaths.user,
    {
      config,
      schema: {
        summary: 'Change an account: name, role, active, password',
        tags: ['console'],
        params: adminJobParamsSchema,
        body: userPatchSchema,
        response: { 200: consoleUserSchema, ...answers },
      },
    },
    async (request) => {
      const { user: admin } = signedInSession(request);
      const { id } = request.params;
      const current = await repos.users.findById(id);
      if (!current) throw new HttpProblem(404, `There is no account with id ${id}.`);
      const { role, isActive, password } = request.body;
      // One's own password changes only with the current one (PUT session/password): a session
      // left open must not be enough to take the account.
      if (id === admin.id && password !== undefined) {
        throw new HttpProblem(
          400,
          'Change your own password under “Your account”, with your current password.',
          [{ field: 'password', message: 'not for your own account' }],
        );
      }
      if (id === admin.id && (isActive === false || (role !== undefined && role !== 'admin'))) {
        throw new HttpProblem(
          400,
          'You cannot deactivate your own account or take away your own admin role.',
          [
            {
              field: isActive === false ? 'isActive' : 'role',
              message: 'not for your own account',
            },
          ],
        );
      }
      const name = request.body.name === undefined ? undefined : clean(request.body.name);
      if (password !== undefined) {
        checkPassword(password, { email: current.email, name: name ?? current.name });
      }
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      const changes = [
        name !== undefined && name !== current.name ? 'name' : undefined,
        role !== undefined && role !== current.role ? `role ${current.role} -> ${role}` : undefined,
        isActive !== undefined && isActive !== current.isActive
          ? isActive
            ? 'activated'
            : 'deactivated'
          : undefined,
        password !== undefined ? 'password reset' : undefined,
      ].filter((change) => change !== undefined);
      // The change, the sessions and tokens it ends and its audit row: one transaction.
      const updated = await repos.changeAccounts(
        async (tx) => {
          // The break-glass admin stays an active admin while everyone else needs single sign-on.
          const rules = await tx.accountSettings.read();
          if (
            rules.passwordSignIn === 'break-glass' &&
            rules.breakGlassUserId === id &&
            (isActive === false || (role !== undefined && role !== 'admin'))
          ) {
            throw new HttpProblem(
              409,
              'This is the break-glass admin. Turn password sign-in back on for everyone, or name ' +
                'another break-glass admin, before deactivating this account or changing its role.',
            );
          }
          const changed = await tx.users.update(id, {
            ...(name !== undefined && { name }),
            ...(role !== undefined && { role }),
            ...(isActive !== undefined && { isActive }),
            ...(passwordHash !== undefined && { passwordHash }),
          });
          if (!changed) throw new HttpProblem(404, `There is no account with id ${id}.`);
          // Deactivated, or a password set by an admin: every session of the account ends now.
          if (isActive === false || password !== undefined) await tx.sessions.deleteForUser(id);
          // Deactivated: their API tokens go too (a password reset leaves them: docs/recruiters.md).
          if (isActive === false) await tx.apiTokens.deleteForUser(id);
          // And its single sign-on bindings: whoever the account is given to next binds anew.
          if (isActive === false) await tx.ssoIdentities.deleteForUser(id);
          await tx.audit.record(
            {
              actor: { userId: admin.id },
              action: 'user-update',
              target: `user ${id}`,
              detail: changes.join(', ') || 'no change',
            },
            app.now(),
          );
          return changed;
        },
        [ACCOUNT_SETTINGS_LOCK],
      );
      return toConsoleUser(updated);
    },
  );
};

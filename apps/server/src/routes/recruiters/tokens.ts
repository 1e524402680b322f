import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_ROLES,
  adminJobParamsSchema,
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenSchema,
  consolePaths,
  MAX_API_TOKENS,
  type ApiToken,
} from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { HttpProblem } from '../../lib/http-problem';
import {
  apiTokensLock,
  mintApiToken,
  TooManyTokensError,
  type StoredApiToken,
} from '../../domains/accounts/api-tokens-repository';
import { consoleProblems, signedIn, signedInSession } from './console-user';

const answers = consoleProblems(404, 409);

const toApiToken = ({ id, name, createdAt, lastUsedAt }: StoredApiToken): ApiToken => ({
  id,
  name,
  createdOn: createdAt,
  lastUsedOn: lastUsedAt,
});

/**
 * A person's own API tokens, in "Your account" (docs/recruiters.md). Made, listed and revoked
 * from a signed-in browser only: a token that could mint tokens would outlive its own revocation.
 */
export const consoleTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const config = { access: 'session', sessionOnly: true, roles: ALL_ROLES } as const;

  app.get(
    consolePaths.tokens,
    {
      config,
      schema: {
        summary: 'Your personal API tokens (never their secrets)',
        tags: ['console'],
        response: { 200: z.array(apiTokenSchema), ...answers },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return (await repos.apiTokens.listForUser(user.id)).map(toApiToken);
    },
  );

  app.post(
    consolePaths.tokens,
    {
      config,
      schema: {
        summary: 'Make a personal API token: its secret is in this answer only',
        tags: ['console'],
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user, session } = signedInSession(request);
      const name = clean(request.body.name).trim();
      if (!name) {
        throw new HttpProblem(400, 'The token needs a name.', [
          { field: 'name', message: 'is required' },
        ]);
      }
      const now = app.now();
      const { secret, hash } = mintApiToken();
      try {
        const token = await repos.changeAccounts(
          async (tx) => {
            const created = await tx.apiTokens.create(
              user.id,
              name,
              hash,
              now,
              session.method ?? 'password',
            );
            await tx.audit.record(
              {
                actor: { userId: user.id },
                action: 'token-create',
                target: `token ${created.id}`,
                detail: `"${name}"`,
              },
              now,
            );
            return created;
          },
          [apiTokensLock(user.id)],
        );
        return reply.code(201).send({ token: toApiToken(token), secret });
      } catch (error) {
        if (error instanceof TooManyTokensError) {
          throw new HttpProblem(
            409,
            `You already have ${MAX_API_TOKENS} tokens: revoke one you no longer use first.`,
          );
        }
        throw error;
      }
    },
  );

  app.delete(
    consolePaths.token,
    {
      config,
      schema: {
        summary: 'Revoke one of your personal API tokens: it stops working at once',
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      await repos.changeAccounts(async (tx) => {
        // Another person's token is as unknown as a token that never was.
        const revoked = await tx.apiTokens.revoke(user.id, id);
        if (!revoked) throw new HttpProblem(404, `You have no token with id ${id}.`);
        await tx.audit.record(
          {
            actor: { userId: user.id },
            action: 'token-revoke',
            target: `token ${id}`,
            detail: `"${revoked.name}"`,
          },
          app.now(),
        );
      });
      return reply.code(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consolePaths, erasureRequestSchema, erasureResultSchema } from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedIn } from './console-user';

/**
 * Erasure at a person's request (docs/recruiters.md), for admins: everything about one e-mail address
 * goes, in one transaction; the audit log keeps who did it and the counts, never the address.
 */
export const consoleErasureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  app.post(
    consolePaths.erasures,
    {
      config: { access: 'session', roles: ['admin'] },
      schema: {
        summary: "Erase everything about one person's e-mail address",
        tags: ['console'],
        body: erasureRequestSchema,
        response: {
          200: erasureResultSchema,
          ...consoleProblems(),
        },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const email = clean(request.body.email);
      if (!email.includes('@')) {
        throw new HttpProblem(400, 'The request is invalid.', [
          { field: 'email', message: 'must be an e-mail address' },
        ]);
      }
      return repos.applicants.eraseByEmail(email, { userId: user.id }, app.now());
    },
  );
};

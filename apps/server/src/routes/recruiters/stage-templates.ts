import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobParamsSchema,
  stageTemplatePaths,
  stageTemplatesSchema,
} from '@lumenfield/contract';
import { sendProblem } from '../../plugins/problem-details';
import { consoleProblems, signedIn } from './console-user';

// Admins and recruiters, as an opening's other settings.
const staff = { access: 'session' } as const;
const tags = ['console'];

/**
 * An opening's automatic messages on a stage move (docs/recruiters.md): per stage, the message
 * template a move into it sends to the candidate. Each replacement is audited in its
 * transaction (stages and template ids only).
 */
export const consoleStageTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.get(
    stageTemplatePaths.stageTemplates,
    {
      config: staff,
      schema: {
        summary: "An opening's automatic messages: the template each stage sends on a move",
        tags,
        params: adminJobParamsSchema,
        response: { 200: stageTemplatesSchema, ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const stageTemplates = await repos.stageTemplates.list(request.params.id);
      if (!stageTemplates) {
        return sendProblem(reply, 404, `There is no opening with id ${request.params.id}.`);
      }
      return { stageTemplates };
    },
  );

  app.put(
    stageTemplatePaths.stageTemplates,
    {
      config: staff,
      schema: {
        summary: "Replace an opening's automatic messages (an empty list: none)",
        tags,
        params: adminJobParamsSchema,
        body: stageTemplatesSchema,
        response: { 204: z.null(), ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      await repos.stageTemplates.replace(
        request.params.id,
        request.body.stageTemplates,
        user.id,
        app.now(),
      );
      return reply.code(204).send(null);
    },
  );
};

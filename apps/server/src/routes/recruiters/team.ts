import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  openingParamsSchema,
  PIPELINE_ROLES,
  teamInputSchema,
  teamPaths,
  teamPersonSchema,
  teamSchema,
} from '@lumenfield/contract';
import { z } from 'zod';
import { reachOf, type Reach } from '../../domains/team/reach';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedIn } from './console-user';

const answers = consoleProblems(404);

/**
 * An opening's hiring team (docs/recruiters.md, "Hiring team"): admins and recruiters read and
 * replace it; a hiring manager reads the team of their own openings. Another opening answers
 * 404, as a missing one does.
 */
export const consoleTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const openingOr404 = async (reach: Reach, jobId: number) => {
    if (!(await repos.team.reachesJob(reach, jobId))) {
      throw new HttpProblem(404, `There is no opening with id ${jobId}.`);
    }
  };

  app.get(
    teamPaths.team,
    {
      config: { access: 'session', roles: PIPELINE_ROLES },
      schema: {
        summary: "An opening's hiring team: each person's name, e-mail, role and part",
        tags: ['console'],
        params: openingParamsSchema,
        response: { 200: teamSchema, ...answers },
      },
    },
    async (request) => {
      const jobId = request.params.id;
      await openingOr404(reachOf(signedIn(request).user), jobId);
      return { jobId, members: await repos.team.members(jobId) };
    },
  );

  app.put(
    teamPaths.team,
    {
      config: { access: 'session' },
      schema: {
        summary: "Replace an opening's hiring team (400 names a person whose role does not fit)",
        tags: ['console'],
        params: openingParamsSchema,
        body: teamInputSchema,
        response: { 200: teamSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const jobId = request.params.id;
      await openingOr404(reachOf(user), jobId);
      const members = await repos.team.replace(jobId, request.body.members, user.id, app.now());
      return { jobId, members };
    },
  );

  app.get(
    teamPaths.people,
    {
      config: { access: 'session' },
      schema: {
        summary: 'The active accounts a hiring team may name (every role but compliance)',
        tags: ['console'],
        response: { 200: z.array(teamPersonSchema), ...consoleProblems() },
      },
    },
    async () => repos.team.people(),
  );
};

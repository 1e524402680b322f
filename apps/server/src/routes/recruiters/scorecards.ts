import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobParamsSchema,
  APPLICANT_READER_ROLES,
  applicantScorecardsSchema,
  feedbackDueQuerySchema,
  feedbackDueSchema,
  scorecardInputSchema,
  scorecardPageSchema,
  scorecardPaths,
} from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { HttpProblem } from '../../lib/http-problem';
import { reachOf } from '../../domains/team/reach';
import { consoleProblems, signedIn } from './console-user';

// Everyone who works with applicants; within a route, each reaches only their own share.
const readers = { access: 'session', roles: APPLICANT_READER_ROLES } as const;
const tags = ['console'];

/**
 * Scorecards (docs/recruiters.md, "Scorecards"): an interviewer's card for an interview, the
 * applicant's summary and the feedback still due. What each reader sees of the cards is the
 * repository's rule (domains/scorecards/scorecards-repository.ts).
 */
export const consoleScorecardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  /** The interview, when its applicant is within the asker's reach (a missing one alike: 404). */
  const reachedInterview = async (request: Parameters<typeof signedIn>[0], id: number) => {
    const { user } = signedIn(request);
    const applicantId = await repos.scorecards.applicantOf(id);
    if (
      applicantId === undefined ||
      !(await repos.team.reachesApplicant(reachOf(user), applicantId))
    ) {
      throw new HttpProblem(404, `There is no interview ${id}.`);
    }
    return user;
  };

  app.get(
    scorecardPaths.scorecard,
    {
      config: readers,
      schema: {
        summary: 'An interview’s kit, your scorecard, and the others’ once yours is submitted',
        tags,
        params: adminJobParamsSchema,
        response: { 200: scorecardPageSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const user = await reachedInterview(request, request.params.id);
      const page = await repos.scorecards.page(request.params.id, user.id);
      if (!page) throw new HttpProblem(404, `There is no interview ${request.params.id}.`);
      return page;
    },
  );

  app.put(
    scorecardPaths.scorecard,
    {
      config: readers,
      schema: {
        summary: 'Save your scorecard as typed; `submit: true` submits it',
        tags,
        params: adminJobParamsSchema,
        body: scorecardInputSchema,
        response: {
          200: z.object({ submittedAt: z.string().nullable() }),
          ...consoleProblems(404, 409),
        },
      },
    },
    async (request) => {
      const user = await reachedInterview(request, request.params.id);
      const { body } = request;
      return repos.scorecards.save(
        request.params.id,
        user.id,
        {
          ...body,
          notes: clean(body.notes),
          ratings: body.ratings.map((rating) => ({ ...rating, notes: clean(rating.notes) })),
        },
        app.now(),
      );
    },
  );

  app.get(
    scorecardPaths.applicantScorecards,
    {
      config: readers,
      schema: {
        summary: 'The applicant’s interviews and the scorecards you may see, summed up',
        tags,
        params: adminJobParamsSchema,
        response: { 200: applicantScorecardsSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      if (!(await repos.team.reachesApplicant(reachOf(user), id))) {
        throw new HttpProblem(404, `There is no applicant ${id}.`);
      }
      return repos.scorecards.applicantSummary(id, user.id);
    },
  );

  app.get(
    scorecardPaths.feedbackDue,
    {
      config: readers,
      schema: {
        summary: 'Interviews that ended without a submitted scorecard: yours, or everyone’s',
        tags,
        querystring: feedbackDueQuerySchema,
        response: { 200: feedbackDueSchema, ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const everyone = request.query.who === 'everyone';
      if (everyone && user.role !== 'admin' && user.role !== 'recruiter') {
        throw new HttpProblem(403, 'Your account may not do this.');
      }
      return repos.scorecards.feedbackDue(everyone ? undefined : user.id, app.now());
    },
  );
};

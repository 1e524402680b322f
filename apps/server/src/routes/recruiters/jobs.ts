import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consolePaths,
  countryChoiceSchema,
  DEFAULT_OPENING_SORT,
  openingChoiceSchema,
  openingInputSchema,
  openingParamsSchema,
  openingPatchSchema,
  openingsQuerySchema,
  PAGE_SIZE,
  PIPELINE_ROLES,
  recruiterOpeningPageSchema,
  recruiterOpeningSchema,
  type OpeningPatch,
} from '@lumenfield/contract';
import {
  createJob,
  jobOr404,
  recruiterOpening,
  recruiterOpeningsPage,
  updateJob,
} from '../../domains/openings/openings';
import { countryChoices } from '../../domains/openings/place';
import { jobInReach, reachOf } from '../../domains/team/reach';
import { HttpProblem } from '../../lib/http-problem';
import { consoleProblems, signedIn } from './console-user';

const answers = consoleProblems(404, 409);

/**
 * What a change did, in words without personal data ("closed; description, title"): only the
 * fields whose value changed (updateJob compares them with the stored opening).
 */
function describeChange(changed: readonly string[], body: OpeningPatch): string {
  const fields = changed.filter((key) => key !== 'isOpen');
  const state = changed.includes('isOpen') ? [body.isOpen ? 'opened' : 'closed'] : [];
  return [...state, ...(fields.length > 0 ? [fields.join(', ')] : [])].join('; ') || 'no change';
}

/**
 * Openings in the console (docs/recruiters.md): the same rules as the bearer API, by person. A
 * hiring manager reads the openings whose team names them hiring manager (another answers 404,
 * as a missing one); only admins and recruiters post and edit.
 */
export const consoleJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const config = { access: 'session' } as const;
  const readers = { access: 'session', roles: PIPELINE_ROLES } as const;

  app.get(
    consolePaths.jobs,
    {
      config: readers,
      schema: {
        summary: 'A page of the openings within reach, with their state and applicants',
        tags: ['console'],
        querystring: openingsQuerySchema,
        response: { 200: recruiterOpeningPageSchema, ...answers },
      },
    },
    async (request) => {
      const { page = 1, q, state, sort = DEFAULT_OPENING_SORT } = request.query;
      const reach = reachOf(signedIn(request).user);
      const current = Math.max(1, page);
      const { items, total } = await recruiterOpeningsPage(
        repos,
        { q, state, sort, inReach: (eb) => jobInReach(eb, reach) },
        current,
        PAGE_SIZE,
        app.now(),
      );
      return { items, total, page: current, pageSize: PAGE_SIZE };
    },
  );

  /**
   * The openings as a choice of one, for the filters of the applicants list, the reports and
   * the sources' links: every opening within reach (a select offers them all), but only id, code
   * and title, and no applicant counted; the list's pages would bring every row's counts and
   * description to fill a drop-down.
   */
  app.get(
    consolePaths.jobChoices,
    {
      config: readers,
      schema: {
        summary: 'Every opening within reach as a choice: id, code and title, newest first',
        tags: ['console'],
        response: { 200: z.array(openingChoiceSchema), ...answers },
      },
    },
    async (request) => {
      const reach = reachOf(signedIn(request).user);
      return repos.jobs.choices((eb) => jobInReach(eb, reach));
    },
  );

  app.get(
    consolePaths.countries,
    {
      config: readers,
      schema: {
        summary: "The countries an opening's places may name",
        tags: ['console'],
        response: { 200: z.array(countryChoiceSchema), ...answers },
      },
    },
    async () => countryChoices(),
  );

  app.get(
    consolePaths.job,
    {
      config: readers,
      schema: {
        summary: 'One opening',
        tags: ['console'],
        params: openingParamsSchema,
        response: { 200: recruiterOpeningSchema, ...answers },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await repos.team.reachesJob(reachOf(signedIn(request).user), id))) {
        throw new HttpProblem(404, `There is no opening with id ${id}.`);
      }
      return recruiterOpening(repos, id, app.now());
    },
  );

  app.post(
    consolePaths.jobs,
    {
      config,
      schema: {
        summary: 'Post or schedule an opening (effectiveFrom in the future schedules it)',
        tags: ['console'],
        body: openingInputSchema,
        response: { 201: recruiterOpeningSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const id = await repos.changeOpenings(async (tx) => {
        const created = await createJob(tx, request.body, app.now());
        await tx.audit.record(
          { actor: { userId: user.id }, action: 'opening-create', target: `opening ${created}` },
          app.now(),
        );
        return created;
      });
      return reply.code(201).send(await recruiterOpening(repos, id, app.now()));
    },
  );

  app.patch(
    consolePaths.job,
    {
      config,
      schema: {
        summary: 'Edit, schedule, close or reopen an opening',
        tags: ['console'],
        params: openingParamsSchema,
        body: openingPatchSchema,
        response: { 200: recruiterOpeningSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      await repos.changeOpenings(async (tx) => {
        const changed = await updateJob(tx, await jobOr404(tx, id), request.body);
        await tx.audit.record(
          {
            actor: { userId: user.id },
            action: 'opening-update',
            target: `opening ${id}`,
            detail: describeChange(changed, request.body),
          },
          app.now(),
        );
      });
      return recruiterOpening(repos, id, app.now());
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobCreateSchema,
  adminJobParamsSchema,
  adminJobPatchSchema,
  consoleJobSchema,
  consolePaths,
  type AdminJobPatch,
  type ConsoleJob,
} from '@lumenfield/contract';
import type { JobWithApplicants } from '../../domains/openings/jobs-repository';
import { createJob, jobOr404, toAdminJobDetail, updateJob } from '../../domains/openings/openings';
import { consoleProblems, signedIn } from './console-user';

const answers = consoleProblems(404, 409);

/** The bearer API's detail, plus the state and the applicants still in stage New. */
export function toConsoleJob(job: JobWithApplicants, newApplicants: number, now: Date): ConsoleJob {
  const state = !job.isOpen
    ? 'closed'
    : Date.parse(job.effectiveFrom) > now.getTime()
      ? 'scheduled'
      : 'open';
  return { ...toAdminJobDetail(job), NewApplicants: newApplicants, State: state };
}

/** What a change did, in words without personal data ("closed; JobTitle, Job_Description"). */
function describeChange(body: AdminJobPatch): string {
  const fields = Object.keys(body)
    .filter((key) => key !== 'IsOpen')
    .sort();
  const state = body.IsOpen === undefined ? [] : [body.IsOpen ? 'opened' : 'closed'];
  return [...state, ...(fields.length > 0 ? [fields.join(', ')] : [])].join('; ') || 'no change';
}

/** Openings in the console (docs/recruiters.md): the same rules as the bearer API, by person. */
export const consoleJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const config = { access: 'session' } as const;

  const consoleJob = async (id: number) => {
    const job = await jobOr404(repos, id);
    const counts = await repos.pipeline.newCounts();
    return toConsoleJob(job, counts.get(id) ?? 0, app.now());
  };

  app.get(
    consolePaths.jobs,
    {
      config,
      schema: {
        summary: 'Every opening with its state and applicants',
        tags: ['console'],
        response: { 200: z.array(consoleJobSchema), ...answers },
      },
    },
    async () => {
      const [jobs, counts] = await Promise.all([repos.jobs.listAll(), repos.pipeline.newCounts()]);
      const now = app.now();
      return jobs.map((job) => toConsoleJob(job, counts.get(job.id) ?? 0, now));
    },
  );

  app.get(
    consolePaths.job,
    {
      config,
      schema: {
        summary: 'One opening',
        tags: ['console'],
        params: adminJobParamsSchema,
        response: { 200: consoleJobSchema, ...answers },
      },
    },
    async (request) => {
      return consoleJob(request.params.id);
    },
  );

  app.post(
    consolePaths.jobs,
    {
      config,
      schema: {
        summary: 'Post or schedule an opening (EffectiveFrom in the future schedules it)',
        tags: ['console'],
        body: adminJobCreateSchema,
        response: { 201: consoleJobSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const id = await createJob(repos, request.body, app.now());
      await repos.audit.record(
        { actor: { userId: user.id }, action: 'opening-create', target: `opening ${id}` },
        app.now(),
      );
      return reply.code(201).send(await consoleJob(id));
    },
  );

  app.patch(
    consolePaths.job,
    {
      config,
      schema: {
        summary: 'Edit, schedule, close or reopen an opening',
        tags: ['console'],
        params: adminJobParamsSchema,
        body: adminJobPatchSchema,
        response: { 200: consoleJobSchema, ...answers },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      await updateJob(repos, await jobOr404(repos, id), request.body);
      await repos.audit.record(
        {
          actor: { userId: user.id },
          action: 'opening-update',
          target: `opening ${id}`,
          detail: describeChange(request.body),
        },
        app.now(),
      );
      return consoleJob(id);
    },
  );
};

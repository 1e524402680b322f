import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminApplicantColumns,
  adminApplicantSchema,
  adminFieldErrors,
  adminJobCreatedSchema,
  adminJobCreateSchema,
  adminJobDetailSchema,
  adminJobParamsSchema,
  adminJobPatchSchema,
  adminJobSchema,
  adminJobDetailOf,
  adminJobOf,
  apiPaths,
  openingInputOf,
  openingPatchOf,
  toAdminApplicant,
} from '@lumenfield/contract';
import { HttpProblem } from '../../../lib/http-problem';
import type { Repositories } from '../../../domains';
import {
  answerColumns,
  applicantsCsv,
  doesNotMeetColumn,
  listingAudit,
} from '../../../domains/applications/recruiter-reads';
import {
  createJob,
  jobOr404 as findJob,
  recruiterOpening,
  recruiterOpenings,
  updateJob,
} from '../../../domains/openings/openings';
import { problemResponses } from '../../problem-responses';
import { EVERYTHING } from '../../../domains/team/reach';

const auth = problemResponses(400, 401, 404);

/** A refusal of the opening's rules, in the published field names. */
async function publishedNames<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (!(error instanceof HttpProblem) || !error.errors) throw error;
    throw new HttpProblem(error.status, error.detail, adminFieldErrors(error.errors));
  }
}

/** docs/recruiters.md: the recruiters' API, bearer-authenticated, off when ADMIN_TOKEN is unset. */
export const adminJobsRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  const base = apiPaths.adminJobs;
  const routeConfig = { access: 'bearer' } as const;

  const jobOr404 = (id: number) => findJob(repos, id);

  app.get(
    base,
    {
      config: routeConfig,
      schema: {
        summary: 'Every opening, open or closed',
        tags: ['recruiters'],
        response: { 200: z.array(adminJobSchema), ...auth },
      },
    },
    async () => (await recruiterOpenings(repos, app.now())).map(adminJobOf),
  );

  app.post(
    base,
    {
      config: routeConfig,
      schema: {
        summary: 'Post an opening',
        tags: ['recruiters'],
        body: adminJobCreateSchema,
        response: { 201: adminJobCreatedSchema, ...problemResponses(409), ...auth },
      },
    },
    async (request, reply) => {
      // The call itself is audited by the guard (plugins/api-guard.ts), as the token's.
      const id = await publishedNames(
        repos.changeOpenings((tx) => createJob(tx, openingInputOf(request.body), new Date())),
      );
      return reply.code(201).send({ Job_id: id });
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: routeConfig,
      schema: {
        summary: 'One opening with its description',
        tags: ['recruiters'],
        params: adminJobParamsSchema,
        response: { 200: adminJobDetailSchema, ...auth },
      },
    },
    async (request) =>
      adminJobDetailOf(await recruiterOpening(repos, request.params.id, app.now())),
  );

  app.patch(
    `${base}/:id`,
    {
      config: routeConfig,
      schema: {
        summary: 'Edit, open or close an opening (IsOpen: false closes it)',
        tags: ['recruiters'],
        params: adminJobParamsSchema,
        body: adminJobPatchSchema,
        response: { 200: adminJobDetailSchema, ...problemResponses(409), ...auth },
      },
    },
    async (request) => {
      const { id } = request.params;
      await publishedNames(
        repos.changeOpenings(async (tx) =>
          updateJob(tx, await findJob(tx, id), openingPatchOf(request.body)),
        ),
      );
      return adminJobDetailOf(await recruiterOpening(repos, id, app.now()));
    },
  );

  app.get(
    `${base}/:id/applicants`,
    {
      config: routeConfig,
      schema: {
        summary: 'Applicants of an opening',
        tags: ['recruiters'],
        params: adminJobParamsSchema,
        response: { 200: z.array(adminApplicantSchema), ...auth },
      },
    },
    async (request) => {
      const { id } = request.params;
      await jobOr404(id);
      // The console's own query (oldest first), renamed to the published shape.
      const applicants = await repos.pipeline.all({ jobId: id, reach: EVERYTHING });
      // Reading personal data is audited: who, when, how many (docs/security.md).
      if (applicants.length > 0) {
        const entry = listingAudit(
          { label: app.tokenActor },
          'applicants-list',
          applicants.length,
          {
            jobId: id,
          },
        );
        await repos.audit.record(entry, app.now());
      }
      // Each applicant's other applications (docs/recruiters.md, "Duplicates"): ids only.
      const others = await repos.duplicates.othersOf(applicants.map((a) => a.applicantId));
      return applicants.map((a) => toAdminApplicant(a, others.get(a.applicantId)));
    },
  );

  app.get(
    `${base}/:id/applicants.csv`,
    {
      config: routeConfig,
      schema: {
        summary: 'Applicants of an opening as CSV',
        tags: ['recruiters'],
        params: adminJobParamsSchema,
        response: { 200: z.unknown().describe('text/csv, one row per applicant'), ...auth },
      },
    },
    async (request, reply) => {
      const job = await jobOr404(request.params.id);
      const filter = { jobId: job.id, reach: EVERYTHING };
      // Audited before the first byte goes: no export without its row.
      const range = await repos.pipeline.exportRange(filter);
      await repos.audit.record(
        listingAudit({ label: app.tokenActor }, 'applicants-export', range.count, {
          jobId: job.id,
        }),
        app.now(),
      );
      // The console's CSV builder, with the published columns (docs/recruiters.md).
      // Then one column per question (its label as asked now) and the "Does not meet" flags.
      const csv = applicantsCsv(repos.pipeline.pages(filter, range), [
        ...adminApplicantColumns,
        ...answerColumns(job.questions),
        doesNotMeetColumn('DoesNotMeet'),
      ]);
      const fileName = `applicants-${job.code.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(Readable.from(csv));
    },
  );
};

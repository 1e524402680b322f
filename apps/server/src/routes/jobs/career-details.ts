import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLOSED_OPENING_MESSAGE,
  apiPaths,
  careerDetailsQuerySchema,
  careerDetailsResponseSchema,
  problemDetailsSchema,
  type JobDetail,
  type JobOpening,
} from '@lumenfield/contract';
import { HttpProblem } from '../../plugins/problem-details';
import { jobTermsOf } from '../../lib/job-terms';
import { sanitizeDescription } from '../../lib/sanitize-description';
import type { Repositories } from '../../repositories';
import type { Job, JobSummary } from '../../repositories/jobs-repository';

const MINUTE_MS = 60_000;

/** Whole days, hours and minutes since `from` (docs/api.md); never negative. */
export function elapsed(from: string, now: Date) {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / MINUTE_MS));
  return {
    DateCount: Math.floor(minutes / (24 * 60)),
    HourCount: Math.floor(minutes / 60),
    MinuteCount: minutes,
  };
}

/** The fields that name an opening, as every answer about one spells them. */
export const jobNamesOf = (job: Pick<JobSummary, 'id' | 'code' | 'title' | 'location'>) => ({
  Job_id: job.id,
  JobCode: job.code,
  JobTitle: job.title,
  JobLocation: job.location,
});

/** GET /Jobs/CareerDetailsRetrival: the openings list and one opening's detail. */
/** The openings list as the API answers it (and the careers page is rendered with). */
export function openingsOf(jobs: JobSummary[], now: Date): JobOpening[] {
  return jobs.map((job) => ({
    ...jobNamesOf(job),
    ...elapsed(job.effectiveFrom, now),
    CurerntOpening: jobs.length,
  }));
}

/**
 * One opening's detail as the API answers it (and its page is rendered with). The description
 * is sanitised again on the way out: one stored under an older allow-list or sanitiser meets
 * today's (the output of today's is a fixed point, so this changes nothing else).
 */
export function jobDetailOf(job: Job): JobDetail {
  return {
    ...jobNamesOf(job),
    EffectiveFrom: job.effectiveFrom,
    Recruitment_Manager: job.recruitmentManagers,
    ContactPerson: job.contactPersons,
    ContactPersonMail: job.contactEmails,
    Job_Description: sanitizeDescription(job.descriptionHtml),
    ...jobTermsOf(job),
  };
}

export const careerDetailsRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  app.get(
    apiPaths.careerDetails,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Open openings (JobOpenings) or one opening (JobOpeningsDetail)',
        tags: ['careers'],
        querystring: careerDetailsQuerySchema,
        response: {
          200: careerDetailsResponseSchema,
          400: problemDetailsSchema,
          404: problemDetailsSchema,
        },
      },
    },
    async (request, reply) => {
      const { ActionFlag, jobID } = request.query;
      const now = new Date();
      // Ages change by the minute: let caches revalidate every time.
      reply.header('Cache-Control', 'no-cache');

      if (ActionFlag === 'JobOpenings') {
        return openingsOf(await repos.jobs.listVisible(now), now);
      }

      const job = await repos.jobs.findVisible(jobID, now);
      if (!job) throw new HttpProblem(404, CLOSED_OPENING_MESSAGE);
      return [jobDetailOf(job)];
    },
  );
};

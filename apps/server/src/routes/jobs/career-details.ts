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
import type { Repositories } from '../../repositories';

const MINUTE_MS = 60_000;

/** Whole days, hours and minutes since `from` (CONTRACT §3); never negative. */
export function elapsed(from: string, now: Date) {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / MINUTE_MS));
  return {
    DateCount: Math.floor(minutes / (24 * 60)),
    HourCount: Math.floor(minutes / 60),
    MinuteCount: minutes,
  };
}

/** GET /Jobs/CareerDetailsRetrival: the openings list and one opening's detail. */
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
        const jobs = await repos.jobs.listVisible(now);
        return jobs.map((job): JobOpening => ({
          Job_id: job.id,
          JobCode: job.code,
          JobTitle: job.title,
          JobLocation: job.location,
          ...elapsed(job.effectiveFrom, now),
          CurerntOpening: jobs.length,
        }));
      }

      const job = await repos.jobs.findVisible(jobID, now);
      if (!job) throw new HttpProblem(404, CLOSED_OPENING_MESSAGE);
      const detail: JobDetail = {
        Job_id: job.id,
        JobCode: job.code,
        JobTitle: job.title,
        JobLocation: job.location,
        EffectiveFrom: job.effectiveFrom,
        Recruitment_Manager: job.recruitmentManagers,
        ContactPerson: job.contactPersons,
        ContactPersonMail: job.contactEmails,
        Job_Description: job.descriptionHtml,
      };
      return [detail];
    },
  );
};

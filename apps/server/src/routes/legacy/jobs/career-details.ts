import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLOSED_OPENING_MESSAGE,
  apiPaths,
  careerDetailsQuerySchema,
  careerDetailsResponseSchema,
  jobDetailOf,
  jobOpeningsOf,
  problemDetailsSchema,
} from '@lumenfield/contract';
import { HttpProblem } from '../../../plugins/problem-details';
import type { Repositories } from '../../../domains';
import { publicOpeningOf, visibleOpenings } from '../../../domains/openings/openings';

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
        return jobOpeningsOf(await visibleOpenings(repos, now));
      }

      const job = await repos.jobs.findVisible(jobID, now);
      if (!job) throw new HttpProblem(404, CLOSED_OPENING_MESSAGE);
      return [jobDetailOf(publicOpeningOf(job))];
    },
  );
};

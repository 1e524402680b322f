import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLOSED_OPENING_MESSAGE,
  apiPaths,
  careerDetailsQuerySchema,
  careerDetailsResponseSchema,
  jobDetailOf,
  jobOpeningsOf,
} from '@lumenfield/contract';
import { HttpProblem } from '../../../lib/http-problem';
import type { Repositories } from '../../../domains';
import { publicOpeningOf, visibleOpenings } from '../../../domains/openings/openings';
import { minuteOf } from '../../../plugins/live-answers';
import { problemResponses } from '../../problem-responses';

/** GET /Jobs/CareerDetailsRetrival: the openings list and one opening's detail. */
export const careerDetailsRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  app.get(
    apiPaths.careerDetails,
    {
      config: { access: 'public' },
      // A stored answer carries its own encodings (lib/stored-answer.ts), and a GET has no
      // body to decompress: with no hook of its own, a repeat is answered at the door
      // (plugins/repeat-reads.ts).
      compress: false,
      decompress: false,
      schema: {
        summary: 'Open openings (JobOpenings) or one opening (JobOpeningsDetail)',
        tags: ['careers'],
        querystring: careerDetailsQuerySchema,
        response: {
          200: careerDetailsResponseSchema,
          ...problemResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { ActionFlag, jobID } = request.query;
      // Cached until the openings change (plugins/live-answers.ts); ages are as of the minute's
      // start, so the list changes once a minute at most without a write (docs/api.md).
      const key =
        ActionFlag === 'JobOpenings' ? 'api\nJobOpenings' : `api\nJobOpeningsDetail\n${jobID}`;
      return app.sendLive(request, reply, key, async (now) => {
        const body =
          ActionFlag === 'JobOpenings'
            ? jobOpeningsOf(await visibleOpenings(repos, now, minuteOf(now)))
            : await detailOf(jobID, now);
        // Revalidated on every use (its ETag): it changes when the openings do.
        return { body: serialize(body), headers: JSON_HEADERS };
      });
    },
  );

  async function detailOf(jobID: number, now: Date) {
    const job = await repos.jobs.findVisible(jobID, now);
    if (!job) throw new HttpProblem(404, CLOSED_OPENING_MESSAGE);
    return [jobDetailOf(publicOpeningOf(job))];
  }
};

/** The answer's bytes, made as Fastify would from the route's response schema. */
const serialize = serializerCompiler({
  schema: careerDetailsResponseSchema,
  method: 'GET',
  url: apiPaths.careerDetails,
  httpStatus: '200',
}) as (data: unknown) => string;

const JSON_HEADERS = {
  'Cache-Control': 'no-cache',
  'Content-Type': 'application/json; charset=utf-8',
};

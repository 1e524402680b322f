import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLOSED_OPENING_MESSAGE,
  OPENINGS_API_PATH,
  OPENING_API_PATH,
  careerListingListSchema,
  openingParamsSchema,
  publicOpeningSchema,
} from '@lumenfield/contract';
import type { Repositories } from '../domains';
import { careerListings, publicOpeningOf } from '../domains/openings/openings';
import { HttpProblem } from '../lib/http-problem';
import { minuteOf } from '../plugins/live-answers';
import { problemResponses } from './problem-responses';

/**
 * The site's own reads of its open openings, in the openings' names (docs/api.md): the careers
 * list's rows (`GET /openings`, filtered in the browser: docs/careers.md) and one opening's page
 * (`GET /openings/:id`). Each answer is cached until the openings change, ages as of the
 * minute's start (plugins/live-answers.ts), and revalidated on every use (its ETag).
 */
export const openingsApiRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  app.get(
    OPENINGS_API_PATH,
    {
      config: { access: 'public' },
      // A stored answer carries its own encodings (lib/stored-answer.ts), and a GET has no
      // body to decompress: with no hook of its own, a repeat is answered at the door
      // (plugins/repeat-reads.ts).
      compress: false,
      decompress: false,
      schema: {
        summary: 'Open openings with their terms and search words (the careers page)',
        tags: ['careers'],
        response: { 200: careerListingListSchema },
      },
    },
    async (request, reply) => {
      await app.sendLive(request, reply, 'api\nopenings', async (now) => ({
        body: serializeList(await careerListings(repos, now, minuteOf(now))),
        headers: JSON_HEADERS,
      }));
    },
  );

  app.get(
    OPENING_API_PATH,
    {
      config: { access: 'public' },
      compress: false,
      decompress: false,
      schema: {
        summary: "One open opening's page",
        tags: ['careers'],
        params: openingParamsSchema,
        response: {
          200: publicOpeningSchema,
          ...problemResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await app.sendLive(request, reply, `api\nopening\n${id}`, async (now) => {
        const job = await repos.jobs.findVisible(id, now);
        // Closed, scheduled and unknown look alike to a visitor: no such open position.
        if (!job) throw new HttpProblem(404, CLOSED_OPENING_MESSAGE);
        return { body: serializeOpening(publicOpeningOf(job)), headers: JSON_HEADERS };
      });
    },
  );
};

/** The answers' bytes, made as Fastify would from the routes' response schemas. */
const serializeList = serializerCompiler({
  schema: careerListingListSchema,
  method: 'GET',
  url: OPENINGS_API_PATH,
  httpStatus: '200',
}) as (data: unknown) => string;
const serializeOpening = serializerCompiler({
  schema: publicOpeningSchema,
  method: 'GET',
  url: OPENING_API_PATH,
  httpStatus: '200',
}) as (data: unknown) => string;

const JSON_HEADERS = {
  'Cache-Control': 'no-cache',
  'Content-Type': 'application/json; charset=utf-8',
};

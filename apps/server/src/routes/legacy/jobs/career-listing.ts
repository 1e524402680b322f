import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, careerListingListSchema, careerListingRowsOf } from '@lumenfield/contract';
import type { Repositories } from '../../../domains';
import { careerListings } from '../../../domains/openings/openings';
import { minuteOf } from '../../../plugins/live-answers';

/** GET /Jobs/CareerListing: what the careers page filters in the browser (docs/careers.md). */
export const careerListingRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  app.get(
    apiPaths.careerListing,
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        summary: 'Open openings with their terms and search words (the careers page)',
        tags: ['careers'],
        response: { 200: careerListingListSchema },
      },
    },
    async (request, reply) => {
      // Cached until the openings change, ages as of the minute's start (plugins/live-answers.ts).
      await app.sendLive(request, reply, 'api\nCareerListing', async (now) => ({
        body: serialize(careerListingRowsOf(await careerListings(repos, now, minuteOf(now)))),
        headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=utf-8' },
      }));
    },
  );
};

/** The answer's bytes, made as Fastify would from the route's response schema. */
const serialize = serializerCompiler({
  schema: careerListingListSchema,
  method: 'GET',
  url: apiPaths.careerListing,
  httpStatus: '200',
}) as (data: unknown) => string;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, careerListingListSchema, careerListingRowsOf } from '@lumenfield/contract';
import type { Repositories } from '../../../domains';
import { careerListings } from '../../../domains/openings/openings';

/** GET /Jobs/CareerListing: what the careers page filters in the browser (docs/careers.md). */
export const careerListingRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  app.get(
    apiPaths.careerListing,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Open openings with their terms and search words (the careers page)',
        tags: ['careers'],
        response: { 200: careerListingListSchema },
      },
    },
    async (_request, reply) => {
      const now = new Date();
      reply.header('Cache-Control', 'no-cache');
      return careerListingRowsOf(await careerListings(repos, now));
    },
  );
};

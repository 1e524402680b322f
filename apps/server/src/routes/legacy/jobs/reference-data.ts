import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  dropDownOptionListSchema,
  dropDownQuerySchema,
  statesQuerySchema,
} from '@lumenfield/contract';
import { HttpProblem } from '../../../lib/http-problem';
import type { Repositories } from '../../../domains';
import { problemResponses } from '../../problem-responses';

/** Reference data changes only with a deployment; browsers may keep it for an hour. */
const CACHE = 'public, max-age=3600';

/** The apply form's option lists: countries, states, shifts, experience bands. */
export const referenceDataRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  const statesOrNotFound = async (countryId: number) => {
    const states = await repos.reference.statesOf(countryId);
    if (!states) throw new HttpProblem(404, `There is no country with id ${countryId}.`);
    return states;
  };

  app.get(
    apiPaths.dropDownValues,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Options of the Country, State, Shift or Experience select',
        tags: ['careers'],
        querystring: dropDownQuerySchema,
        response: {
          200: dropDownOptionListSchema,
          ...problemResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { ControlName, CountryID } = request.query;
      reply.header('Cache-Control', CACHE);
      switch (ControlName) {
        case 'Country':
          return repos.reference.countries();
        case 'Shift':
          return repos.reference.shifts();
        case 'Experience':
          return repos.reference.experienceBands();
        case 'State':
          if (CountryID === undefined) {
            throw new HttpProblem(400, 'The State list needs a CountryID.', [
              { field: 'CountryID', message: 'is required when ControlName is State' },
            ]);
          }
          return statesOrNotFound(CountryID);
      }
    },
  );

  app.get(
    apiPaths.statesByCountry,
    {
      config: { access: 'public' },
      schema: {
        summary: 'States of a country',
        tags: ['careers'],
        querystring: statesQuerySchema,
        response: {
          200: dropDownOptionListSchema,
          ...problemResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', CACHE);
      return statesOrNotFound(request.query.CountryID);
    },
  );
};

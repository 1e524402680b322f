import {
  consolePaths,
  countryChoiceSchema,
  recruiterOpeningSchema,
  type OpeningInput,
  type OpeningPatch,
} from '@lumenfield/contract';
import { z } from 'zod';
import { call, withId } from '../shared/api/request';

export const jobListSchema = z.array(recruiterOpeningSchema);

export const openingsApi = {
  jobs: (signal?: AbortSignal) => call('GET', consolePaths.jobs, { schema: jobListSchema, signal }),
  job: (id: number, signal?: AbortSignal) =>
    call('GET', withId(consolePaths.job, id), { schema: recruiterOpeningSchema, signal }),
  countries: (signal?: AbortSignal) =>
    call('GET', consolePaths.countries, { schema: z.array(countryChoiceSchema), signal }),
  createJob: (body: OpeningInput) =>
    call('POST', consolePaths.jobs, { body, schema: z.object({ id: z.number().int() }) }),
  /** Answers the opening as saved: the page shows its new title and state without a reload. */
  updateJob: (id: number, body: OpeningPatch) =>
    call('PATCH', withId(consolePaths.job, id), { body, schema: recruiterOpeningSchema }),
};

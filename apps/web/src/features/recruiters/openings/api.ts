import {
  consolePaths,
  countryChoiceSchema,
  recruiterOpeningSchema,
  type OpeningInput,
  type OpeningPatch,
} from '@lumenfield/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';

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

export const openingsKeys = {
  /** Every opening's data, the counts of its applicants included. */
  all: ['openings'] as const,
  list: ['openings', 'list'] as const,
  job: (id: number) => ['openings', 'job', id] as const,
  countries: ['openings', 'countries'] as const,
};

/** Every opening: the openings list, and each filter that offers a choice of one. */
export const jobsQuery = queryOptions({
  queryKey: openingsKeys.list,
  queryFn: ({ signal }) => openingsApi.jobs(signal),
});

export const jobQuery = (id: number) =>
  queryOptions({
    queryKey: openingsKeys.job(id),
    queryFn: ({ signal }) => openingsApi.job(id, signal),
  });

/** The console's country choices: they change with a release, not while the page is open. */
export const countriesQuery = queryOptions({
  queryKey: openingsKeys.countries,
  queryFn: ({ signal }) => openingsApi.countries(signal),
  staleTime: Infinity,
});

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openingsApi.createJob,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: openingsKeys.list }),
  });
}

/** A save, a close or a reopen: the opening as saved is the page's from then on. */
export function useUpdateJob(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpeningPatch) => openingsApi.updateJob(id, body),
    onSuccess: (saved) => queryClient.setQueryData(jobQuery(id).queryKey, saved),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: openingsKeys.list }),
  });
}

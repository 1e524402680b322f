import {
  consolePaths,
  countryChoiceSchema,
  openingChoiceSchema,
  recruiterOpeningPageSchema,
  recruiterOpeningSchema,
  type OpeningInput,
  type OpeningPatch,
  type OpeningsQuery,
} from '@lumenfield/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';

export const openingsApi = {
  /** A page of the openings list: the server filters, sorts and pages it. */
  jobs: (query: OpeningsQuery, signal?: AbortSignal) =>
    call('GET', consolePaths.jobs, {
      query: { ...query },
      schema: recruiterOpeningPageSchema,
      signal,
    }),
  /** Every opening within reach as a choice of one (id, code, title): the pages' filters. */
  jobChoices: (signal?: AbortSignal) =>
    call('GET', consolePaths.jobChoices, { schema: z.array(openingChoiceSchema), signal }),
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
  /** Every page of the list, whatever its filters. */
  lists: ['openings', 'list'] as const,
  list: (query: OpeningsQuery) => ['openings', 'list', query] as const,
  choices: ['openings', 'choices'] as const,
  job: (id: number) => ['openings', 'job', id] as const,
  countries: ['openings', 'countries'] as const,
};

/** A page of the openings list; a new filter or page keeps the rows shown until its answer. */
export const jobsQuery = (query: OpeningsQuery) =>
  queryOptions({
    queryKey: openingsKeys.list(query),
    queryFn: ({ signal }) => openingsApi.jobs(query, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The openings as choices of one: the filters of the applicants list and the reports, and the
 * sources' links. A short answer of its own rather than the list's pages: a drop-down offers
 * every opening, and needs neither their descriptions nor their applicant counts.
 */
export const jobChoicesQuery = queryOptions({
  queryKey: openingsKeys.choices,
  queryFn: ({ signal }) => openingsApi.jobChoices(signal),
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

/** After a change: the list's pages and the choices load afresh (a title, a state). */
function invalidateLists(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: openingsKeys.lists });
  void queryClient.invalidateQueries({ queryKey: openingsKeys.choices });
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openingsApi.createJob,
    onSettled: () => invalidateLists(queryClient),
  });
}

/** A save, a close or a reopen: the opening as saved is the page's from then on. */
export function useUpdateJob(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpeningPatch) => openingsApi.updateJob(id, body),
    onSuccess: (saved) => queryClient.setQueryData(jobQuery(id).queryKey, saved),
    onSettled: () => invalidateLists(queryClient),
  });
}

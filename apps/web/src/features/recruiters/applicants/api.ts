import {
  API_BASE_PATH,
  JOB_APPLICANTS_PATH,
  apiPaths,
  applicantIdsSchema,
  candidateAddedSchema,
  dropDownOptionListSchema,
  applicantNeighboursSchema,
  bulkResultSchema,
  bulkUndoResultSchema,
  consoleApplicantPageSchema,
  consoleApplicantSchema,
  consolePaths,
  erasureResultSchema,
  stageMoveSchema,
  type ApplicantStage,
  type ApplicantsQuery,
  type BulkAction,
} from '@lumenfield/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { call, pathWithQuery, withId } from '../common/api/request';

export const applicantsApi = {
  applicants: (query: ApplicantsQuery, signal?: AbortSignal) =>
    call('GET', consolePaths.applicants, {
      query: { ...query },
      schema: consoleApplicantPageSchema,
      signal,
    }),
  /** The applicants before and after one in the list `query` names (its filters and sort). */
  neighbours: (id: number, query: ApplicantsQuery, signal?: AbortSignal) =>
    call('GET', withId(consolePaths.applicantNeighbours, id), {
      query: { ...query, page: undefined },
      schema: applicantNeighboursSchema,
      signal,
    }),
  applicant: (id: number, signal?: AbortSignal) =>
    call('GET', withId(consolePaths.applicant, id), { schema: consoleApplicantSchema, signal }),
  /** Answers the stage and its history: the page puts them in place, with no second request. */
  setStage: (id: number, stage: ApplicantStage) =>
    call('PUT', withId(consolePaths.applicantStage, id), {
      body: { stage },
      schema: stageMoveSchema,
    }),
  addNote: (id: number, text: string) =>
    call<unknown>('POST', withId(consolePaths.applicantNotes, id), { body: { text } }),
  /** Duplicates: each decision answers the applicant's page as it is now. */
  merge: (id: number, otherId: number) =>
    call('POST', withId(consolePaths.applicantMerge, id), {
      body: { otherId },
      schema: consoleApplicantSchema,
    }),
  undoMerge: (id: number, otherId: number) =>
    call('POST', withId(consolePaths.applicantMergeUndo, id), {
      body: { otherId },
      schema: consoleApplicantSchema,
    }),
  notDuplicate: (id: number, otherId: number) =>
    call('POST', withId(consolePaths.applicantNotDuplicate, id), {
      body: { otherId },
      schema: consoleApplicantSchema,
    }),
  /** The ids and stages of every applicant the list's filters match (the first BULK_LIMIT). */
  applicantIds: (query: ApplicantsQuery) =>
    call('GET', consolePaths.applicantIds, {
      query: { ...query, page: undefined },
      schema: applicantIdsSchema,
    }),
  bulk: (body: BulkAction) =>
    call('POST', consolePaths.applicantsBulk, { body, schema: bulkResultSchema }),
  undoBulk: (batchId: number) =>
    call('POST', withId(consolePaths.applicantsBulkUndo, batchId), {
      schema: bulkUndoResultSchema,
    }),
  erase: (email: string) =>
    call('POST', consolePaths.erasures, { body: { email }, schema: erasureResultSchema }),
  /**
   * A candidate added by hand: the form as multipart/form-data, in the apply form's names
   * (docs/recruiters.md); 201 with the new applicant, 200 with the one stored already.
   */
  addCandidate: (jobId: number, form: FormData) =>
    apiUpload('POST', withId(JOB_APPLICANTS_PATH, jobId), {
      body: form,
      schema: candidateAddedSchema,
    }),
  /** The reference lists an application's country and state are chosen from (their ids). */
  countryOptions: (signal?: AbortSignal) =>
    call('GET', apiPaths.dropDownValues, {
      query: { ControlName: 'Country' },
      schema: dropDownOptionListSchema,
      signal,
    }),
  stateOptions: (countryId: number, signal?: AbortSignal) =>
    call('GET', apiPaths.statesByCountry, {
      query: { CountryID: countryId },
      schema: dropDownOptionListSchema,
      signal,
    }),
};

export const applicantsKeys = {
  all: ['applicants'] as const,
  lists: ['applicants', 'list'] as const,
  list: (query: ApplicantsQuery) => ['applicants', 'list', query] as const,
  applicant: (id: number) => ['applicants', 'detail', id] as const,
  neighbours: (id: number, query: ApplicantsQuery) =>
    ['applicants', 'neighbours', id, query] as const,
  countryOptions: ['applicants', 'reference', 'countries'] as const,
  stateOptions: (countryId: number) => ['applicants', 'reference', 'states', countryId] as const,
};

/** The countries and a country's states an application names by id: fixed while open. */
export const countryOptionsQuery = queryOptions({
  queryKey: applicantsKeys.countryOptions,
  queryFn: ({ signal }) => applicantsApi.countryOptions(signal),
  staleTime: Infinity,
});
export const stateOptionsQuery = (countryId: number) =>
  queryOptions({
    queryKey: applicantsKeys.stateOptions(countryId),
    queryFn: ({ signal }) => applicantsApi.stateOptions(countryId, signal),
    staleTime: Infinity,
  });

/** Adding a candidate: the lists (and the opening's counts) load afresh afterwards. */
export function useAddCandidate(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => applicantsApi.addCandidate(jobId, form),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: applicantsKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['openings'] });
    },
  });
}

/** A page of the list; a new filter or page keeps the rows shown until its answer comes. */
export const applicantsQuery = (query: ApplicantsQuery) =>
  queryOptions({
    queryKey: applicantsKeys.list(query),
    queryFn: ({ signal }) => applicantsApi.applicants(query, signal),
    placeholderData: keepPreviousData,
  });

export const applicantQuery = (id: number) =>
  queryOptions({
    queryKey: applicantsKeys.applicant(id),
    queryFn: ({ signal }) => applicantsApi.applicant(id, signal),
  });

export const neighboursQuery = (id: number, query: ApplicantsQuery) =>
  queryOptions({
    queryKey: applicantsKeys.neighbours(id, query),
    queryFn: ({ signal }) => applicantsApi.neighbours(id, query, signal),
  });

/**
 * A stage change answers the stage and its history: they go into the cached page, which needs
 * no second request unless the move queued the stage's automatic message or took a held one
 * back (`messagesChanged`): then the page is read again for its timeline.
 */
export function useSetStage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stage: ApplicantStage) => applicantsApi.setStage(id, stage),
    onSuccess: ({ messagesChanged, ...move }) => {
      queryClient.setQueryData(applicantQuery(id).queryKey, (page) =>
        page ? { ...page, ...move } : page,
      );
      if (messagesChanged)
        void queryClient.invalidateQueries({ queryKey: applicantsKeys.applicant(id) });
    },
  });
}

export function useAddNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => applicantsApi.addNote(id, text),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: applicantsKeys.applicant(id) }),
  });
}

export type DuplicateDecision = 'merge' | 'undoMerge' | 'notDuplicate';

/** Each decision on a duplicate answers the applicant's page as it is now: it is the cache's. */
export function useDuplicateDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, otherId }: { change: DuplicateDecision; otherId: number }) =>
      applicantsApi[change](id, otherId),
    onSuccess: (page) => queryClient.setQueryData(applicantQuery(id).queryKey, page),
  });
}

/** Erasing: the page then leaves for the list, which loads afresh. */
export function useErase() {
  return useMutation({ mutationFn: applicantsApi.erase });
}

/** "Select all matching": a read on demand, so asked as a mutation (nothing to cache). */
export function useSelectAllMatching() {
  return useMutation({ mutationFn: applicantsApi.applicantIds });
}

/** A bulk action and its undo: the list is loaded again, failed or not. */
function useListChange<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: applicantsKeys.lists }),
  });
}

export const useBulk = () => useListChange(applicantsApi.bulk);
export const useUndoBulk = () => useListChange(applicantsApi.undoBulk);

/** The CSV export's URL: a plain link the browser downloads with the session cookie. */
export function applicantsCsvHref(query: ApplicantsQuery): string {
  return `${API_BASE_PATH}${pathWithQuery(consolePaths.applicantsCsv, query)}`;
}

/** The resume's URL as the server gave it, as a path under the API when it is relative to it. */
export function resumeHref(resumeUrl: string, inline = false): string {
  const base =
    resumeUrl.startsWith(API_BASE_PATH + '/') || /^https?:/.test(resumeUrl)
      ? resumeUrl
      : `${API_BASE_PATH}${resumeUrl}`;
  if (!inline) return base;
  return `${base}${base.includes('?') ? '&' : '?'}disposition=inline`;
}

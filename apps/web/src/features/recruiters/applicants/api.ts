import {
  API_BASE_PATH,
  applicantIdsSchema,
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
import { call, pathWithQuery, withId } from '../shared/api/request';

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
};

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

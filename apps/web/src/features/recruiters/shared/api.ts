import {
  API_BASE_PATH,
  SIGN_IN_RETURN_PARAM,
  apiTokenCreatedSchema,
  applicantIdsSchema,
  bulkResultSchema,
  bulkUndoResultSchema,
  type BulkAction,
  apiTokenSchema,
  applicantNeighboursSchema,
  boardSchema,
  auditPageSchema,
  consoleApplicantPageSchema,
  consoleApplicantSchema,
  consolePagePaths,
  consolePaths,
  consoleUserSchema,
  countryChoiceSchema,
  erasureResultSchema,
  recruiterOpeningSchema,
  sessionSchema,
  stageMoveSchema,
  type ApplicantStage,
  type ApplicantsQuery,
  type BoardQuery,
  type AuditQuery,
  type OpeningInput,
  type OpeningPatch,
  type PasswordChange,
  type SignIn,
  type UserCreate,
  type UserPatch,
  SELF_ID_REPORT_PATH,
  selfIdReportSchema,
  messagePaths,
  messagePreviewSchema,
  messageTemplateSchema,
  reasonRemovalSchema,
  rejectionReasonSchema,
  type MessageDraft,
  type MessageTemplateInput,
  type Rejection,
  type RejectionReasonPatch,
  createdLinkSchema,
  sourcePaths,
  sourcesOverviewSchema,
  type NewSource,
  type ReportQuery,
} from '@lumenfield/contract';
import { z } from 'zod';
import { ApiError, apiRequest, type RequestOptions } from '@/lib/api-client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where the browser goes to sign in, coming back to `returnTo` (a console path) after it. */
export function signInHref(returnTo: string): string {
  return `${consolePagePaths.signIn}?${SIGN_IN_RETURN_PARAM}=${encodeURIComponent(returnTo)}`;
}

/** Only a path inside the console is a place to come back to (no open redirect). */
export function safeReturnPath(next: string | null): string {
  if (
    next &&
    /^\/recruiters(\/|$|\?)/.test(next) &&
    !next.startsWith('//') &&
    !next.startsWith(consolePagePaths.signIn)
  )
    return next;
  return consolePagePaths.openings;
}

/**
 * Called on a 401 from any call but the sign-in itself: the session has ended. It answers
 * whether the person signed in again (the console asks in place, in a dialog, so a form being
 * filled stays as typed); the call is then sent once more. Until the console sets its handler
 * (and in tests), the browser goes to the sign-in page.
 */
type SignedOutHandler = () => Promise<boolean>;
let onSignedOut: SignedOutHandler = () => {
  const { pathname, search } = window.location;
  window.location.assign(signInHref(pathname + search));
  return Promise.resolve(false);
};
export function setSignedOutHandler(handler: SignedOutHandler) {
  onSignedOut = handler;
}

/** One question at a time: calls that meet the ended session together wait for one answer. */
let signingInAgain: Promise<boolean> | undefined;
function signInAgain(): Promise<boolean> {
  signingInAgain ??= onSignedOut().finally(() => {
    signingInAgain = undefined;
  });
  return signingInAgain;
}

async function call<T>(method: Method, path: string, options?: RequestOptions<T>): Promise<T> {
  try {
    return await apiRequest(method, path, options);
  } catch (error) {
    const sessionEnded =
      error instanceof ApiError && error.status === 401 && path !== consolePaths.session;
    if (sessionEnded && (await signInAgain())) return apiRequest(method, path, options);
    throw error;
  }
}

const withId = (template: string, id: number | string) =>
  template.replace(/:id|:guid/, encodeURIComponent(String(id)));

export const jobListSchema = z.array(recruiterOpeningSchema);
export const userListSchema = z.array(consoleUserSchema);
export const tokenListSchema = z.array(apiTokenSchema);
export const templateListSchema = z.array(messageTemplateSchema);
export const reasonListSchema = z.array(rejectionReasonSchema);

export const consoleApi = {
  session: (signal?: AbortSignal) =>
    apiRequest('GET', consolePaths.session, { schema: sessionSchema, signal }),
  signIn: (body: SignIn) =>
    apiRequest('POST', consolePaths.session, { body, schema: sessionSchema }),
  signOut: () => apiRequest<void>('DELETE', consolePaths.session),
  changePassword: (body: PasswordChange) =>
    call('PUT', consolePaths.password, { body, schema: sessionSchema }),

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
  /** An opening's board; `stage` and `page` ask for one column's next cards. */
  board: (jobId: number, query: BoardQuery = {}, signal?: AbortSignal) =>
    call('GET', withId(consolePaths.board, jobId), {
      query: { ...query },
      schema: boardSchema,
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

  users: (signal?: AbortSignal) =>
    call('GET', consolePaths.users, { schema: userListSchema, signal }),
  createUser: (body: UserCreate) => call<unknown>('POST', consolePaths.users, { body }),
  updateUser: (id: number, body: UserPatch) =>
    call<unknown>('PATCH', withId(consolePaths.user, id), { body }),

  tokens: (signal?: AbortSignal) =>
    call('GET', consolePaths.tokens, { schema: tokenListSchema, signal }),
  createToken: (name: string) =>
    call('POST', consolePaths.tokens, { body: { name }, schema: apiTokenCreatedSchema }),
  revokeToken: (id: number) => call<void>('DELETE', withId(consolePaths.token, id)),

  audit: (query: AuditQuery, signal?: AbortSignal) =>
    call('GET', consolePaths.audit, { query: { ...query }, schema: auditPageSchema, signal }),

  /** Messages to candidates (docs/recruiters.md): templates and reasons, admins change them. */
  templates: (signal?: AbortSignal) =>
    call('GET', messagePaths.templates, { schema: templateListSchema, signal }),
  createTemplate: (body: MessageTemplateInput) =>
    call('POST', messagePaths.templates, { body, schema: messageTemplateSchema }),
  updateTemplate: (id: number, body: MessageTemplateInput) =>
    call('PUT', withId(messagePaths.template, id), { body, schema: messageTemplateSchema }),
  deleteTemplate: (id: number) => call<void>('DELETE', withId(messagePaths.template, id)),
  reasons: (signal?: AbortSignal) =>
    call('GET', messagePaths.reasons, { schema: reasonListSchema, signal }),
  createReason: (label: string) =>
    call('POST', messagePaths.reasons, { body: { label }, schema: rejectionReasonSchema }),
  updateReason: (id: number, body: RejectionReasonPatch) =>
    call('PATCH', withId(messagePaths.reason, id), { body, schema: rejectionReasonSchema }),
  /** Deleted, or retired when applicants were rejected with it. */
  removeReason: (id: number) =>
    call('DELETE', withId(messagePaths.reason, id), { schema: reasonRemovalSchema }),
  previewMessage: (applicantId: number, body: MessageDraft) =>
    call('POST', withId(messagePaths.preview, applicantId), {
      body,
      schema: messagePreviewSchema,
    }),
  sendMessage: (applicantId: number, body: MessageDraft) =>
    call<unknown>('POST', withId(messagePaths.messages, applicantId), { body }),
  reject: (applicantId: number, body: Rejection) =>
    call<void>('POST', withId(messagePaths.rejection, applicantId), { body }),

  /** Sources and tracking links (docs/recruiters.md, "Sources"). */
  sources: (signal?: AbortSignal) =>
    call('GET', sourcePaths.sources, { schema: sourcesOverviewSchema, signal }),
  createSource: (body: NewSource) =>
    call('POST', sourcePaths.sources, { body, schema: z.object({ id: z.number().int() }) }),
  deleteSource: (id: number) => call<void>('DELETE', withId(sourcePaths.source, id)),
  createLink: (sourceId: number, jobId: number | null) =>
    call('POST', withId(sourcePaths.links, sourceId), {
      body: { jobId },
      schema: createdLinkSchema,
    }),
  setLinkActive: (id: number, active: boolean) =>
    call<void>('PATCH', withId(sourcePaths.link, id), { body: { active } }),

  /**
   * A report (docs/recruiters.md, "Reports"); the page passes its schema, so the reports'
   * schemas load with the Reports page only.
   */
  report: <T>(path: string, query: ReportQuery, schema: z.ZodType<T>, signal?: AbortSignal) =>
    call('GET', withQuery(path, query), { schema, signal }),

  /** The compliance role's counts (docs/recruiters.md, "Self-identification report"). */
  selfIdReport: (signal?: AbortSignal) =>
    call('GET', SELF_ID_REPORT_PATH, { schema: selfIdReportSchema, signal }),
};

/** `path` with the query's values that are set. */
function withQuery(path: string, query: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

/** The CSV export's URL: a plain link the browser downloads with the session cookie. */
export function applicantsCsvHref(query: ApplicantsQuery): string {
  return `${API_BASE_PATH}${withQuery(consolePaths.applicantsCsv, query)}`;
}

/** A report's CSV: the same path with `.csv`, downloaded with the session cookie. */
export function reportCsvHref(path: string, query: ReportQuery): string {
  return `${API_BASE_PATH}${withQuery(`${path}.csv`, query)}`;
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

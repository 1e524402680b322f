// The recruiters' console: its API paths, its pages and the paging its lists share.
import { z } from './zod-setup';

/**
 * The recruiters' console API (docs/recruiters.md), under /api/recruiters.
 * Every call is made by the console's own pages with a session cookie: the fixed header, and on
 * writes the XSRF echo, as every public call (docs/api.md). Without a session: 401; with a role
 * that may not: 403.
 */
export const consolePaths = {
  /** POST sign in, GET who am I, DELETE sign out. */
  session: '/recruiters/session',
  /** PUT: the signed-in person changes their own password. */
  password: '/recruiters/session/password',
  /** GET whether you have a calendar feed, POST a new link (shown once), DELETE revoke it. */
  calendarFeed: '/recruiters/session/calendar-feed',
  /**
   * POST `{ code }`, `{ recoveryCode }` or `{ credential }` (a passkey's answer): the second
   * step of a sign-in (the pending sign-in's cookie names it); answers the session.
   */
  secondFactor: '/recruiters/session/second-factor',
  /** POST: options for doing the second step with one of the pending person's passkeys. */
  secondFactorPasskeyOptions: '/recruiters/session/second-factor/passkey',
  /** POST: a new authenticator secret for a pending sign-in that must enrol (the rule). */
  secondFactorSetup: '/recruiters/session/second-factor/setup',
  /** GET your second factors; POST a new authenticator secret; PUT confirm it; DELETE turn off. */
  totp: '/recruiters/session/totp',
  /** POST `{ code }`: ten new recovery codes (shown once); the old ones stop working. */
  recoveryCodes: '/recruiters/session/recovery-codes',
  /** Admins: GET the site-wide sign-in rules, PATCH the ones named. */
  accountSettings: '/recruiters/account-settings',
  /** Admins: DELETE a person's second factor (and their sessions). */
  userSecondFactor: '/recruiters/users/:id/second-factor',
  /** GET (anyone): the sign-in page's options, single sign-on's button and the password rule. */
  signInOptions: '/recruiters/sso',
  /** A browser navigation (no page headers): off to the identity provider (OpenID Connect). */
  ssoStart: '/recruiters/sso/start',
  /** Where the identity provider sends the browser back with its code. */
  ssoCallback: '/recruiters/sso/callback',
  /** GET your sessions still running (device, place, last seen). */
  sessions: '/recruiters/session/sessions',
  /** DELETE: end one of your sessions by its handle (this one signs you out). */
  sessionEnd: '/recruiters/session/sessions/:handle',
  /** POST: a sign-in's passkey options (no session needed; docs/recruiters.md, "Passkeys"). */
  passkeySignInOptions: '/recruiters/session/passkey/options',
  /** POST: sign in with a passkey (the browser's answer to those options). */
  passkeySignIn: '/recruiters/session/passkey',
  /** GET your passkeys, POST a new one (the browser's answer to the options below). */
  passkeys: '/recruiters/session/passkeys',
  /** POST: the options for adding a passkey to your account. */
  passkeyOptions: '/recruiters/session/passkeys/options',
  /** DELETE: remove one of your passkeys. */
  passkey: '/recruiters/session/passkeys/:id',
  /**
   * GET a page of the openings within reach (openingsQuerySchema: words, state, sort, page);
   * POST a new opening.
   */
  jobs: '/recruiters/jobs',
  /** GET every opening within reach as a choice of one: id, code and title, newest first. */
  jobChoices: '/recruiters/job-choices',
  job: '/recruiters/jobs/:id',
  /** GET the countries an opening's places may name (alpha-2 code and English name). */
  countries: '/recruiters/countries',
  applicants: '/recruiters/applicants',
  applicantsCsv: '/recruiters/applicants.csv',
  applicant: '/recruiters/applicants/:id',
  applicantStage: '/recruiters/applicants/:id/stage',
  applicantNotes: '/recruiters/applicants/:id/notes',
  /** GET the applicants before and after this one in a list (the list's filters and sort). */
  applicantNeighbours: '/recruiters/applicants/:id/neighbours',
  /** GET an opening's board: its applicants by stage, with counts (docs/recruiters.md). */
  board: '/recruiters/jobs/:id/board',
  /** GET the ids and stages of every applicant a filter matches (up to BULK_LIMIT). */
  applicantIds: '/recruiters/applicant-ids',
  /** POST a bulk move or rejection (bulkActionSchema); answers a BulkResult. */
  applicantsBulk: '/recruiters/applicants/bulk',
  /** POST: undo a bulk action of your own within BULK_UNDO_SECONDS. */
  applicantsBulkUndo: '/recruiters/applicants/bulk/:id/undo',
  /** POST `{ otherId }`: the two are the same person (docs/recruiters.md, "Duplicates"). */
  applicantMerge: '/recruiters/applicants/:id/merge',
  /** POST `{ otherId }`: undo their merge, within DUPLICATE_UNDO_DAYS of it. */
  applicantMergeUndo: '/recruiters/applicants/:id/merge/undo',
  /** POST `{ otherId }`: not the same person; the suggestion goes. */
  applicantNotDuplicate: '/recruiters/applicants/:id/not-duplicate',
  /** A link the browser follows (viewer, download): the session cookie and a signature. */
  resume: '/recruiters/resumes/:guid',
  /** A file that came with a candidate's reply: a link as the resume's (session + signature). */
  replyAttachment: '/recruiters/reply-attachments/:guid',
  /** GET the replies no conversation claimed (admins; docs/recruiters.md, "Conversations"). */
  unmatchedReplies: '/recruiters/unmatched-replies',
  /** GET one to read, DELETE to discard it. */
  unmatchedReply: '/recruiters/unmatched-replies/:id',
  /** POST `{ applicantId }`: put it on that applicant's timeline. */
  unmatchedReplyAssign: '/recruiters/unmatched-replies/:id/assign',
  erasures: '/recruiters/erasures',
  users: '/recruiters/users',
  user: '/recruiters/users/:id',
  /** Admins: GET a person's sessions, DELETE all of them. */
  userSessions: '/recruiters/users/:id/sessions',
  /** Admins: DELETE one of a person's sessions. */
  userSession: '/recruiters/users/:id/sessions/:handle',
  /** Admins: GET a person's passkeys. */
  userPasskeys: '/recruiters/users/:id/passkeys',
  /** Admins: DELETE one of a person's passkeys. */
  userPasskey: '/recruiters/users/:id/passkeys/:passkeyId',
  audit: '/recruiters/audit',
  /** GET your personal API tokens, POST a new one (a signed-in browser only, not a token). */
  tokens: '/recruiters/tokens',
  /** DELETE: revoke one of yours. */
  token: '/recruiters/tokens/:id',
} as const;

/** The console's pages (client-side routes of its own entry; never indexed). */
export const consolePagePaths = {
  signIn: '/recruiters/sign-in',
  home: '/recruiters',
  openings: '/recruiters/openings',
  newOpening: '/recruiters/openings/new',
  /** A recruiter adds a candidate to the opening by hand (add-candidate.ts). */
  addCandidate: '/recruiters/openings/:id/add-candidate',
  opening: '/recruiters/openings/:id',
  /** The opening's board: a column per stage (docs/recruiters.md, "The board"). */
  board: '/recruiters/openings/:id/board',
  applicants: '/recruiters/applicants',
  applicant: '/recruiters/applicants/:id',
  users: '/recruiters/users',
  audit: '/recruiters/audit',
  account: '/recruiters/account',
  /** Message templates and rejection reasons (messages.ts). */
  messages: '/recruiters/messages',
  /** Sources and their tracking links (sources.ts). */
  sources: '/recruiters/sources',
  /** An interviewer's scorecard for one interview, with its kit (scorecards.ts). */
  scorecard: '/recruiters/interviews/:id/scorecard',
  /** The interviews still waiting for a scorecard: yours, or everyone's. */
  feedbackDue: '/recruiters/feedback',
  /** Replies no conversation claimed, for admins (conversations.ts). */
  unmatchedReplies: '/recruiters/unmatched-replies',
  /** Your notifications: mentions, replies, feedback due, bulk results, applications. */
  notifications: '/recruiters/notifications',
  /** The site's content: every page and shared block, and one's editor (docs/content.md). */
  content: '/recruiters/content',
  contentEntry: '/recruiters/content/:id',
} as const;

/** The query parameter that brings the browser back after signing in. */
export const SIGN_IN_RETURN_PARAM = 'next';

/**
 * Where to go after signing in, from a `next` parameter: only a path inside the console on this
 * site (no open redirect), never the sign-in page itself; else the openings list. The page and
 * single sign-on's way back (which carries it through the provider) both judge it here.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (
    next &&
    /^\/recruiters(\/|$|\?)/.test(next) &&
    !next.startsWith('//') &&
    !next.startsWith(consolePagePaths.signIn)
  )
    return next;
  return consolePagePaths.openings;
}

export const pagedQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .optional(),
});

export const PAGE_SIZE = 50;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

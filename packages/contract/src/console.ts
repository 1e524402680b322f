import { isoDaySchema } from './dates';
import { counted } from './plural';
import { applicantSchema } from './application';
import { applicantMessageSchema } from './messages';
import { applicantStageSchema } from './pipeline';
import { arrivalSchema, sourceCreditSchema } from './sources';
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
  jobs: '/recruiters/jobs',
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
  erasures: '/recruiters/erasures',
  users: '/recruiters/users',
  user: '/recruiters/users/:id',
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
} as const;

/** The query parameter that brings the browser back after signing in. */
export const SIGN_IN_RETURN_PARAM = 'next';

export const SESSION_IDLE_MINUTES = 30;
export const SESSION_MAX_HOURS = 12;
export const MIN_PASSWORD_LENGTH = 12;

/**
 * `compliance` sees the self-identification counts and nothing else (docs/recruiters.md); admins
 * and recruiters never see them.
 */
export const userRoleSchema = z.enum(['admin', 'recruiter', 'compliance']);
export type UserRole = z.infer<typeof userRoleSchema>;
/** The roles that work with openings and applicants: a console route's roles when it names none. */
export const STAFF_ROLES: readonly UserRole[] = ['admin', 'recruiter'];
/** Every role: a person's own session, password and tokens. */
export const ALL_ROLES: readonly UserRole[] = userRoleSchema.options;

/** The one message for a wrong e-mail and a wrong password alike. */
export const SIGN_IN_FAILED_MESSAGE = 'The e-mail address or password is not right.';

export const signInSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type SignIn = z.infer<typeof signInSchema>;

export const consoleUserSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  isActive: z.boolean(),
  createdOn: z.string(),
  lastSignInOn: z.string().nullable(),
});
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

/** GET/POST /recruiters/session: the signed-in person. */
export const sessionSchema = z.object({
  user: consoleUserSchema,
  /** ISO 8601: when the session ends if nothing happens (idle), and at the latest. */
  idleExpiresOn: z.string(),
  expiresOn: z.string(),
});
export type ConsoleSession = z.infer<typeof sessionSchema>;

const password = z.string().max(1024);

export const userCreateSchema = z.object({
  email: z.string().trim().min(3).max(320),
  name: z.string().trim().min(1).max(200),
  role: userRoleSchema,
  /** At least MIN_PASSWORD_LENGTH characters and not a common password (400 names the field). */
  password,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userPatchSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  role: userRoleSchema.optional(),
  /** false deactivates the account and ends its sessions at once. */
  isActive: z.boolean().optional(),
  /** A new password set by an admin; ends the account's sessions. */
  password: password.optional(),
});
export type UserPatch = z.infer<typeof userPatchSchema>;

/**
 * PUT /recruiters/session/password: the current password and a new one (the same rules as
 * every password, 400 naming newPassword). Every session of the person ends; this browser gets
 * a new one.
 */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: password,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const pagedQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .optional(),
});

/**
 * How the applicants list is ordered: by applied date, name, stage (in the stage model's order)
 * or opening; a leading `-` reverses it. Without one: newest first (`-applied`).
 */
export const applicantSortSchema = z.enum([
  '-applied',
  'applied',
  'name',
  '-name',
  'stage',
  '-stage',
  'opening',
  '-opening',
]);
export type ApplicantSort = z.infer<typeof applicantSortSchema>;
export const DEFAULT_APPLICANT_SORT: ApplicantSort = '-applied';

export const applicantsQuerySchema = pagedQuerySchema.extend({
  /** Only this opening's applicants. */
  jobId: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .optional(),
  stage: applicantStageSchema.optional(),
  /** Words matched against name, e-mail, city and the opening's title. */
  q: z.string().max(200).optional(),
  /** Only applicants credited to this source name (sources.ts). */
  source: z.string().max(100).optional(),
  /**
   * `true`: only applicants flagged "Does not meet" (a knock-out answer to one of the opening's
   * questions); `false`: only those without a flag. A filter for a person: nothing is rejected.
   */
  doesNotMeet: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: applicantSortSchema.optional(),
});
export type ApplicantsQuery = z.input<typeof applicantsQuerySchema>;

/** The opening an applicant applied to, as the console's applicant lists and page name it. */
const appliedToSchema = z.object({
  jobId: z.number().int(),
  jobCode: z.string(),
  jobTitle: z.string(),
});

export const consoleApplicantRowSchema = applicantSchema
  .pick({
    applicantId: true,
    firstName: true,
    lastName: true,
    email: true,
    city: true,
    appliedOn: true,
    doesNotMeet: true,
  })
  .extend({
    ...appliedToSchema.shape,
    stage: applicantStageSchema,
    /** Another application looks like the same person's and no one has decided yet. */
    possibleDuplicate: z.boolean(),
  });
export type ConsoleApplicantRow = z.infer<typeof consoleApplicantRowSchema>;

export const PAGE_SIZE = 50;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const consoleApplicantPageSchema = pagedSchema(consoleApplicantRowSchema);

/** Cards per column on an opening's board; "Show more" asks for the column's next page. */
export const BOARD_PAGE_SIZE = 50;

/** GET board: `?stage=&page=` asks for one column's page (the "Show more" of that column). */
export const boardQuerySchema = pagedQuerySchema.extend({
  stage: applicantStageSchema.optional(),
  /**
   * With `stage`: the column's cards after this applicant in the board's order (its "Show more").
   * A page number would skip a card once a move has taken one out of the column.
   */
  after: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .optional(),
});
export type BoardQuery = z.input<typeof boardQuerySchema>;

/** One stage's column: how many applicants are in it and a page of them, newest first. */
export const boardColumnSchema = z.object({
  stage: applicantStageSchema,
  count: z.number().int(),
  page: z.number().int(),
  items: z.array(consoleApplicantRowSchema),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** Every stage's column in the stage model's order (Withdrawn only when someone withdrew). */
export const boardSchema = z.object({
  jobId: z.number().int(),
  pageSize: z.number().int(),
  columns: z.array(boardColumnSchema),
});
export type Board = z.infer<typeof boardSchema>;

/** The applicants either side of one in a list as filtered and sorted; null at either end. */
export const applicantNeighboursSchema = z.object({
  previous: z.number().int().nullable(),
  next: z.number().int().nullable(),
  /** 1-based place in the list, and the list's length (0: the applicant is not in it). */
  position: z.number().int(),
  total: z.number().int(),
});
export type ApplicantNeighbours = z.infer<typeof applicantNeighboursSchema>;
export type ConsoleApplicantPage = z.infer<typeof consoleApplicantPageSchema>;

export const stageChangeSchema = z.object({
  stage: applicantStageSchema,
  changedBy: z.string(),
  changedOn: z.string(),
});
export type StageChange = z.infer<typeof stageChangeSchema>;

export const applicantNoteSchema = z.object({
  noteId: z.number().int(),
  author: z.string(),
  createdOn: z.string(),
  text: z.string(),
});
export type ApplicantNote = z.infer<typeof applicantNoteSchema>;

export const noteCreateSchema = z.object({ text: z.string().trim().min(1).max(10_000) });
export const stageUpdateSchema = z.object({ stage: applicantStageSchema });

/** How long a merge of two applications can be undone (docs/recruiters.md, "Duplicates"). */
export const DUPLICATE_UNDO_DAYS = 30;

/**
 * What two applications have in common: the e-mail address (trimmed, lower case, no +tag), the
 * mobile number (in E.164, read with the applicant's country) or the resume (the same bytes).
 */
export const duplicateMatchSchema = z.enum(['email', 'phone', 'resume']);
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;

/** Another application, as an applicant's page lists it beside theirs. */
const otherApplicationSchema = applicantSchema
  .pick({ applicantId: true, firstName: true, lastName: true, appliedOn: true })
  .extend({ ...appliedToSchema.shape, stage: applicantStageSchema });

/** An application that looks like the same person's, with what it matched by. */
export const possibleDuplicateSchema = otherApplicationSchema.extend({
  matchedBy: z.array(duplicateMatchSchema).min(1),
});
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;

/**
 * An application of the same person (merged): directly with this one (`mergedOn`, `mergedBy`,
 * and `undoUntil` while the merge can still be undone), or through another merged one (all
 * three null).
 */
export const samePersonApplicationSchema = otherApplicationSchema.extend({
  mergedOn: z.string().nullable(),
  mergedBy: z.string().nullable(),
  undoUntil: z.string().nullable(),
});
export type SamePersonApplication = z.infer<typeof samePersonApplicationSchema>;

/** The other application of a merge, an undo or a dismissal. */
export const duplicateDecisionSchema = z.object({
  otherId: z.number().int().positive().max(999_999_999),
});
export type DuplicateDecision = z.infer<typeof duplicateDecisionSchema>;

/** One applicant's page: what they sent, the opening, the stage and its history, the notes. */
export const consoleApplicantSchema = applicantSchema.extend({
  ...appliedToSchema.shape,
  /** 'pdf' | 'doc' | 'docx', detected from the bytes. */
  attachmentKind: z.enum(['pdf', 'doc', 'docx']),
  /**
   * The resume's URL for this session only (consolePaths.resume with a signature bound to the
   * session): add `?disposition=inline` for the viewer (PDF only), anything else downloads.
   */
  resumeUrl: z.string(),
  stage: applicantStageSchema,
  /**
   * Newest first; the first entry is the current stage, the last the arrival (INITIAL_STAGE by
   * 'applicant').
   */
  stageHistory: z.array(stageChangeSchema),
  /** Oldest first. */
  notes: z.array(applicantNoteSchema),
  /** Every message sent to them, oldest first (messages.ts). */
  messages: z.array(applicantMessageSchema),
  /** The reason given when they were rejected, while Rejected is their stage. */
  rejectionReason: z.string().nullable(),
  /** The source credited at applying, and the raw values the visit carried (sources.ts). */
  source: sourceCreditSchema.nullable(),
  arrival: arrivalSchema,
  /** Other applications that look like the same person's, newest first, undecided. */
  possibleDuplicates: z.array(possibleDuplicateSchema),
  /** The same person's other applications (merged), newest first. */
  alsoApplied: z.array(samePersonApplicationSchema),
});
export type ConsoleApplicant = z.infer<typeof consoleApplicantSchema>;

/**
 * PUT /recruiters/applicants/:id/stage answers what changed: the stage now and its history, the
 * new entry (stage, who, when) first. The applicant's page puts it in place of its own.
 */
export const stageMoveSchema = consoleApplicantSchema.pick({ stage: true, stageHistory: true });
export type StageMove = z.infer<typeof stageMoveSchema>;

/** What the audit log records. */
export const auditActionSchema = z.enum([
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'resume-view',
  'resume-download',
  'applicant-view',
  'applicants-list',
  'applicants-export',
  'applicant-stage',
  'applicant-note',
  'applicant-erase',
  'opening-create',
  'opening-update',
  'user-create',
  'user-update',
  'token-call',
  'token-create',
  'token-revoke',
  'self-id-report-view',
  'message-template-create',
  'message-template-update',
  'message-template-delete',
  'rejection-reason-create',
  'rejection-reason-update',
  'rejection-reason-delete',
  'applicant-message',
  'applicant-reject',
  // A bulk action's undo, one row per applicant put back (docs/recruiters.md, "Bulk actions").
  'applicant-bulk-undo',
  'alert-subscribe',
  'alert-confirm',
  'alert-unsubscribe',
  'alert-expire',
  'alert-send',
  // The applicant's own page (docs/careers.md): actor 'applicant', never a name or address.
  'applicant-withdraw',
  'applicant-data-download',
  'applicant-erase-request',
  'applicant-resume-replace',
  'applicant-links-mail',
  // Sources (docs/recruiters.md): who named a source or made a link, never an applicant.
  'source-create',
  'source-delete',
  'tracking-link-create',
  'tracking-link-update',
  // Duplicates (docs/recruiters.md): ids only, never what matched.
  'applicant-merge',
  'applicant-merge-undo',
  'applicant-duplicate-dismiss',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditQuerySchema = pagedQuerySchema.extend({
  action: auditActionSchema.optional(),
  /** Words matched against the actor's name or e-mail. */
  actor: z.string().max(200).optional(),
  /** ISO dates (YYYY-MM-DD), inclusive, UTC. */
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  auditId: z.number().int(),
  at: z.string(),
  /** The person's display name, 'token' for the bearer API, 'cli' for the command line. */
  actor: z.string(),
  actorEmail: z.string().nullable(),
  action: auditActionSchema,
  /** What it was done to, e.g. "applicant 12", "opening 3", "user 4"; never personal data. */
  target: z.string().nullable(),
  /** A short description without personal data ("Screening -> Interview"). */
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** POST /recruiters/erasures (admins): everything about one person, at their request. */
export const erasureRequestSchema = z.object({ email: z.string().trim().min(3).max(320) });
export const erasureResultSchema = z.object({
  applicants: z.number().int(),
  resumes: z.number().int(),
  mails: z.number().int(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

/** "2 applicants, 2 resumes and 1 queued mail": the CLI, the console and the audit log say it so. */
export function describeErasure(result: ErasureResult): string {
  return (
    `${counted(result.applicants, ['applicant', 'applicants'])}, ` +
    `${counted(result.resumes, ['resume', 'resumes'])} and ` +
    `${counted(result.mails, ['queued mail', 'queued mails'])}`
  );
}

/** Every personal API token starts so: a secret scanner (or a person) knows one when it sees one. */
export const API_TOKEN_PREFIX = 'lft_';
/** Live personal API tokens one person may hold (docs/recruiters.md). */
export const MAX_API_TOKENS = 20;

/** A personal API token as its owner sees it listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdOn: z.string(),
  /** null until first used; updated at most once a minute. */
  lastUsedOn: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenCreateSchema = z.object({ name: z.string().trim().min(1).max(100) });
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** POST /recruiters/tokens: the new token and, this once only, its secret. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** The most applicants one bulk action takes (docs/recruiters.md, "Bulk actions"). */
export const BULK_LIMIT = 500;
/** How long after a bulk action its person may undo it. */
export const BULK_UNDO_SECONDS = 10;

/** GET /recruiters/applicant-ids: every match of the list's filter, newest first. */
export const applicantIdsSchema = z.object({
  items: z.array(z.object({ applicantId: z.number().int(), stage: applicantStageSchema })),
  /** How many match in all; only the first BULK_LIMIT are listed. */
  total: z.number().int(),
});
export type ApplicantIds = z.infer<typeof applicantIdsSchema>;

/**
 * A bulk action: for each applicant, the stage the recruiter saw, so one that someone else
 * changed meanwhile is skipped and reported rather than changed blind.
 */
export const bulkActionSchema = z.object({
  applicants: z
    .array(z.object({ applicantId: z.number().int(), stage: applicantStageSchema }))
    .min(1, 'Select at least one applicant.')
    .max(BULK_LIMIT, `Select at most ${BULK_LIMIT} applicants at a time.`),
  action: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('move'), stage: applicantStageSchema }),
    z.object({
      kind: z.literal('reject'),
      reasonId: z.number().int(),
      /** A rejection mail from this template; null: rejected without a mail. */
      templateId: z.number().int().nullable(),
    }),
  ]),
});
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** An applicant a bulk action or its undo left as it was, and why, as a sentence. */
export const bulkSkipSchema = z.object({
  applicantId: z.number().int(),
  /** Their name, or '' when they are gone. */
  name: z.string(),
  reason: z.string(),
});

/** What a bulk action did: who changed, who was skipped and why; the undo's deadline. */
export const bulkResultSchema = z.object({
  batchId: z.number().int(),
  done: z.array(z.number().int()),
  skipped: z.array(bulkSkipSchema),
  /** ISO instant after which the undo is refused. */
  undoUntil: z.string(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** What an undo put back, and who it left (changed again since). */
export const bulkUndoResultSchema = z.object({
  undone: z.array(z.number().int()),
  skipped: z.array(bulkSkipSchema),
});
export type BulkUndoResult = z.infer<typeof bulkUndoResultSchema>;

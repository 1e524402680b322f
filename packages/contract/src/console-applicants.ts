// The console's applicants: the list, the board, an applicant's page and their duplicates.
import { applicantSchema } from './application';
import { pagedQuerySchema, pagedSchema } from './console';
import { applicantReplySchema } from './conversations';
import { applicantMessageSchema } from './messages';
import { applicantStageSchema } from './pipeline';
import { arrivalSchema, sourceCreditSchema } from './sources';
import { z } from './zod-setup';

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

const applicantIdSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole number')
  .transform(Number);

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
  /**
   * The page after this applicant, or before it, in the list's order (the pager's links): read
   * from that row through the order's index, however deep, where `page` alone skips every row
   * before it. `page` then only names the page. An applicant no longer there falls back to
   * `page`.
   */
  after: applicantIdSchema.optional(),
  before: applicantIdSchema.optional(),
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

/**
 * Above this many matches, a filter the kept counts cannot answer (words, "Does not meet", a
 * source with a stage) is counted no further: the list says "More than 10,000".
 */
export const COUNT_CAP = 10_000;

export const consoleApplicantPageSchema = pagedSchema(consoleApplicantRowSchema).extend({
  /** true: the count stopped at COUNT_CAP; more than `total` match. */
  totalAtLeast: z.boolean().default(false),
});

/** Cards per column on an opening's board; "Show more" asks for the column's next page. */
export const BOARD_PAGE_SIZE = 50;

/** GET board: `?stage=&page=` asks for one column's page (the "Show more" of that column). */
export const boardQuerySchema = pagedQuerySchema.extend({
  stage: applicantStageSchema.optional(),
  /**
   * With `stage`: the column's cards after this applicant in the board's order (its "Show more").
   * A page number would skip a card once a move has taken one out of the column.
   */
  after: applicantIdSchema.optional(),
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
  /** What they answered, by mail or on their status page, oldest first (conversations.ts). */
  replies: z.array(applicantReplySchema),
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
export const stageMoveSchema = consoleApplicantSchema
  .pick({ stage: true, stageHistory: true })
  .extend({
    /**
     * The move queued the stage's automatic message or took a held one back (docs/recruiters.md,
     * "Automatic messages on a stage move"): the page's messages are to be read again.
     */
    messagesChanged: z.boolean().optional(),
  });
export type StageMove = z.infer<typeof stageMoveSchema>;

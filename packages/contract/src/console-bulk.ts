// The console's bulk actions: the selection, the action, its result and its undo.
import { applicantStageSchema } from './pipeline';
import { z } from './zod-setup';

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

// The console's audit log (actions, query, entries) and erasures at a person's request.
import { pagedQuerySchema, pagedSchema } from './console';
import { isoDaySchema } from './dates';
import { counted } from './plural';
import { z } from './zod-setup';

/** What the audit log records. */
export const auditActionSchema = z.enum([
  'sign-in',
  'sign-in-failed',
  'sign-out',
  // A session ended from a list (docs/security.md, "Sessions"): by its owner or an admin.
  'session-end',
  // A passkey added or removed (by its owner or an admin): its id and name, never its key.
  'passkey-add',
  'passkey-remove',
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
  // The site-wide sign-in rules (docs/security.md, "Single sign-on"): which rule, as it became.
  'account-settings-update',
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
  // A candidate a recruiter added by hand: the opening and source by id, never the person.
  'applicant-add',
  // Interviews reaching calendars (docs/recruiters.md): actor 'calendar', the applicant by id.
  'interview-invitation',
  'interview-cancellation',
  'interview-reminder',
  // A person's private calendar feed: its token made (or replaced) and revoked.
  'calendar-feed-create',
  'calendar-feed-revoke',
  // Scorecards (docs/recruiters.md): the interview and applicant by id, and the recommendation.
  'scorecard-submit',
  'scorecard-update',
  // An opening's hiring team replaced (docs/recruiters.md, "Hiring team"): user ids and parts.
  'opening-team',
  // Interview plans, working hours and scheduling (docs/recruiters.md): ids and counts only.
  'interview-plan-update',
  'working-hours-update',
  'interview-schedule',
  'interview-reschedule',
  'interview-cancel',
  // Self-scheduling (docs/careers.md, "Booking an interview"): times offered by a recruiter,
  // booked or cancelled by the applicant (actor 'applicant'); ids and counts only.
  'interview-offer',
  'applicant-interview-book',
  'applicant-interview-cancel',
  // Conversations (docs/recruiters.md): a reply on the status page (actor 'applicant'), a
  // reply's file downloaded, and admins' handling of the replies no conversation claimed.
  'applicant-reply',
  'reply-attachment-download',
  'unmatched-reply-list',
  'unmatched-reply-view',
  'unmatched-reply-assign',
  'unmatched-reply-discard',
  // The local outbox (docs/operations.md): an admin listed its mails, or opened one (by id).
  'outbox-list',
  'outbox-mail-view',
  // An opening's automatic messages on a stage move (docs/recruiters.md): stages and template ids.
  'opening-stage-templates',
  // Two-step sign-in (docs/security.md, "Second factor"): user ids only, never a code.
  'second-factor-enrol',
  'second-factor-disable',
  'second-factor-failed',
  'second-factor-reset',
  'recovery-code-use',
  'recovery-codes-regenerate',
  // The site's content (docs/content.md): which page or block, and its revision.
  'content-publish',
  'content-schedule',
  'content-restore',
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
  /**
   * Whether the target names an applicant, opening or user that still exists, so the log can
   * link it; an erased applicant is not linked.
   */
  linked: z.boolean().default(false),
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

import { z } from './zod-setup';

/**
 * The local outbox (docs/operations.md, "Mail without a mail server: the local outbox"): while
 * no SMTP_URL is set on a loopback host, mail is kept for an admin to read in the console
 * instead of sent. Admins only; each read is audited.
 */
export const outboxPaths = {
  /** GET whether the outbox is on, and its mails, newest first. */
  outbox: '/recruiters/outbox',
  /** GET one mail whole: headers, text, HTML, calendar part. */
  outboxMail: '/recruiters/outbox/:id',
} as const;

/** The console's page of the outbox; `?mail=<id>` opens one mail. */
export const OUTBOX_PAGE = '/recruiters/outbox';
export const OUTBOX_MAIL_PARAM = 'mail';

export const outboxSummarySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  createdAt: z.string(),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

export const outboxListSchema = z.object({
  /** True while mail is kept here (no SMTP_URL, a loopback host); false: nothing is kept. */
  kept: z.boolean(),
  /** How many mails are kept at most; older ones are dropped. */
  keeps: z.number().int(),
  mails: z.array(outboxSummarySchema),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const outboxMailSchema = outboxSummarySchema.extend({
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
  calendar: z.object({ method: z.string(), content: z.string() }).nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

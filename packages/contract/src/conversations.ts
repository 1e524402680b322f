// Conversations (docs/recruiters.md, "Conversations"): a candidate's replies on the timeline,
// their answer from the status page, and the replies no conversation claimed, for admins.
import { z } from './zod-setup';

/** The longest answer the status page's form takes, in characters. */
export const REPLY_MAX_LENGTH = 5_000;

/** How long a reply no conversation claimed waits for an admin before the retention run. */
export const UNMATCHED_REPLY_DAYS = 30;

/** How a candidate answered: by mail to the conversation's address, or on the status page. */
export const replyChannelSchema = z.enum(['mail', 'status-page']);
export type ReplyChannel = z.infer<typeof replyChannelSchema>;

/** A file that came with a reply, and the URL that downloads it for this session only. */
export const replyAttachmentSchema = z.object({
  name: z.string(),
  kind: z.string(),
  bytes: z.number().int(),
  url: z.string(),
});
export type ReplyAttachment = z.infer<typeof replyAttachmentSchema>;

/** A candidate's reply as the applicant's page in the console shows it (text, never HTML). */
export const applicantReplySchema = z.object({
  replyId: z.number().int(),
  channel: replyChannelSchema,
  /** The mail's subject; null for an answer on the status page. */
  subject: z.string().nullable(),
  body: z.string(),
  receivedOn: z.string(),
  attachments: z.array(replyAttachmentSchema),
});
export type ApplicantReply = z.infer<typeof applicantReplySchema>;

/** A mail that came back to the conversations' address and matched no conversation. */
export const unmatchedReplyRowSchema = z.object({
  id: z.number().int(),
  /** Why: its token was unknown, or its conversation's address had expired. */
  reason: z.string(),
  fromAddress: z.string(),
  subject: z.string(),
  receivedOn: z.string(),
});
export type UnmatchedReplyRow = z.infer<typeof unmatchedReplyRowSchema>;

export const unmatchedReplyListSchema = z.object({
  items: z.array(unmatchedReplyRowSchema),
  /** How many days one is kept before the retention run deletes it. */
  keptDays: z.number().int(),
});
export type UnmatchedReplyList = z.infer<typeof unmatchedReplyListSchema>;

/** One unmatched reply, read: its text as well. */
export const unmatchedReplySchema = unmatchedReplyRowSchema.extend({ body: z.string() });
export type UnmatchedReply = z.infer<typeof unmatchedReplySchema>;

/** POST …/assign: the applicant whose timeline the reply belongs on. */
export const unmatchedReplyAssignSchema = z.object({
  applicantId: z.number().int().positive().max(999_999_999),
});
export type UnmatchedReplyAssign = z.infer<typeof unmatchedReplyAssignSchema>;

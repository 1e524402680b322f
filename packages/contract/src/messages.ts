import { z } from './zod-setup';

/**
 * Messages to candidates (docs/recruiters.md, "Messages to candidates"): the admins' templates and
 * rejection reasons, and what a recruiter sends from an applicant's page. The placeholders are
 * listed here once: the server checks and fills them, the console offers them.
 */
export const MESSAGE_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'jobTitle',
  'jobCode',
  'statusLink',
  'companyName',
] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];
export type MessageFacts = Record<MessagePlaceholder, string>;

/** What each placeholder becomes, in the console's words. */
export const PLACEHOLDER_HINTS: Record<MessagePlaceholder, string> = {
  firstName: 'the applicant’s first name',
  lastName: 'the applicant’s last name',
  jobTitle: 'the title of the opening they applied for',
  jobCode: 'the opening’s job code',
  statusLink: 'a new link to their application’s own page',
  companyName: 'our company’s name',
};

const placeholderList = MESSAGE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');
const TOKEN = /\{\{([^{}]*)\}\}/g;

/**
 * Why a subject or body cannot be saved as it is, naming the first placeholder that is not one
 * of ours, or an opening `{{` that is not closed; undefined when every placeholder is known.
 */
export function placeholderProblem(text: string): string | undefined {
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1]!.trim();
    if (!(MESSAGE_PLACEHOLDERS as readonly string[]).includes(name)) {
      return `{{${match[1]}}} is not a placeholder we know: use one of ${placeholderList}.`;
    }
  }
  // What is left once every well-formed placeholder is gone must hold no half of one.
  const rest = text.replace(TOKEN, '');
  const open = rest.indexOf('{{');
  if (open >= 0) {
    const start = rest.slice(open, open + 20).split(/\s/)[0];
    return `“${start}” starts a placeholder that is not closed with }}: write it as {{firstName}}, using one of ${placeholderList}.`;
  }
  if (rest.includes('}}')) {
    return `“}}” closes a placeholder that was never opened: write it as {{firstName}}, using one of ${placeholderList}.`;
  }
  return undefined;
}

/** The text with every placeholder filled from `facts` (checked first with placeholderProblem). */
export function fillPlaceholders(text: string, facts: MessageFacts): string {
  return text.replace(TOKEN, (whole, name: string) => {
    const key = name.trim() as MessagePlaceholder;
    return Object.hasOwn(facts, key) ? facts[key] : whole;
  });
}

/** Whether a subject or body asks for a status link (one is made only then). */
export const usesStatusLink = (...texts: string[]) =>
  texts.some((text) => /\{\{\s*statusLink\s*\}\}/.test(text));

export const messagePaths = {
  /** GET every template (admins and recruiters), POST a new one (admins). */
  templates: '/recruiters/message-templates',
  /** PUT a template's name, subject and body; DELETE it (admins). */
  template: '/recruiters/message-templates/:id',
  /** GET every reason, retired ones too (admins and recruiters), POST a new one (admins). */
  reasons: '/recruiters/rejection-reasons',
  /** PATCH a reason's label or retire/reinstate it; DELETE: removed, or retired when in use. */
  reason: '/recruiters/rejection-reasons/:id',
  /** POST: what a template or a written message would say to this applicant, not sent. */
  preview: '/recruiters/applicants/:id/messages/preview',
  /** POST: a template or a written message, queued to the applicant. */
  messages: '/recruiters/applicants/:id/messages',
  /** POST: the applicant rejected with a reason and, if chosen, a rejection mail. */
  rejection: '/recruiters/applicants/:id/rejection',
} as const;

const subject = z.string().trim().min(1).max(200);
const body = z.string().trim().min(1).max(10_000);

export const messageTemplateInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  subject,
  body,
});
export type MessageTemplateInput = z.infer<typeof messageTemplateInputSchema>;

export const messageTemplateSchema = messageTemplateInputSchema.extend({
  templateId: z.number().int(),
  updatedOn: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const rejectionReasonInputSchema = z.object({ label: z.string().trim().min(1).max(100) });
export const rejectionReasonPatchSchema = z.object({
  label: z.string().trim().min(1).max(100).optional(),
  /** true retires it (no longer offered; kept on the applicants it was given to). */
  retired: z.boolean().optional(),
});
export type RejectionReasonPatch = z.infer<typeof rejectionReasonPatchSchema>;

export const rejectionReasonSchema = z.object({
  reasonId: z.number().int(),
  label: z.string(),
  retired: z.boolean(),
  /**
   * How many applicants stand rejected with it: a rejection undone or moved back from does not
   * count. A reason in use is retired, not deleted.
   */
  uses: z.number().int(),
});
export type RejectionReason = z.infer<typeof rejectionReasonSchema>;

/** DELETE of a reason: gone, or retired because applicants were rejected with it. */
export const reasonRemovalSchema = z.object({ outcome: z.enum(['deleted', 'retired']) });

/** A template by its id, or a message written for this applicant (placeholders allowed). */
export const messageDraftSchema = z.union([
  z.object({ templateId: z.number().int() }),
  z.object({ subject, body }),
]);
export type MessageDraft = z.infer<typeof messageDraftSchema>;

export const messagePreviewSchema = z.object({ subject: z.string(), body: z.string() });
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

/** In a preview, where the fresh status link will be: it is made only when the mail is sent. */
export const STATUS_LINK_PREVIEW = '[their own status link, made when sent]';

export const rejectionSchema = z.object({
  reasonId: z.number().int(),
  /** A rejection mail from this template; null: rejected without a mail. */
  templateId: z.number().int().nullable(),
});
export type Rejection = z.infer<typeof rejectionSchema>;

export const applicantMessageKindSchema = z.enum(['template', 'written', 'rejection']);
export type ApplicantMessageKind = z.infer<typeof applicantMessageKindSchema>;

/** A message as sent (placeholders filled), on the applicant's timeline. */
export const applicantMessageSchema = z.object({
  messageId: z.number().int(),
  kind: applicantMessageKindSchema,
  /** The sender's name. */
  sentBy: z.string(),
  sentOn: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type ApplicantMessage = z.infer<typeof applicantMessageSchema>;

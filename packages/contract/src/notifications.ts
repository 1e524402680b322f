// Notifications (docs/recruiters.md, "Notifications and mentions"): what tells a console person
// that something needs them, mentions in notes, and how they hear of new applications.
import { z } from './zod-setup';

export const notificationPaths = {
  /** GET your own notifications, newest first (keyset: `before` an id), and the unread count. */
  notifications: '/recruiters/notifications',
  /** POST `{ notificationIds }`: those of yours read; without ids, all of yours. */
  notificationsRead: '/recruiters/notifications/read',
  /** GET the colleagues a note about this applicant may mention: those who reach it. */
  mentionable: '/recruiters/applicants/:id/mentionable',
  /** GET and PUT how you hear of new applications to openings naming your address. */
  applicationNotices: '/recruiters/session/application-notices',
} as const;

export const notificationKindSchema = z.enum([
  'mention',
  'reply',
  'feedback-due',
  'bulk-result',
  'new-application',
]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** The kinds mailed in the digest (at most one per NOTIFICATION_DIGEST_MINUTES per person). */
export const DIGEST_KINDS = ['mention', 'reply'] as const satisfies readonly NotificationKind[];
export const NOTIFICATION_DIGEST_MINUTES = 15;
/** The local hour (the person's time zone, else UTC) of the daily new-applications digest. */
export const DAILY_DIGEST_HOUR = 8;
export const NOTIFICATIONS_PAGE_SIZE = 25;

export const notificationSchema = z.object({
  notificationId: z.number().int(),
  kind: notificationKindSchema,
  /** The applicant it is about (within your reach), or null (a bulk result). */
  applicantId: z.number().int().nullable(),
  detail: z.string(),
  createdOn: z.string(),
  readOn: z.string().nullable(),
});
export type ConsoleNotification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  /** The id of the last one shown: the page after it. */
  before: z.coerce.number().int().positive().optional(),
});

export const notificationsReadSchema = z.strictObject({
  notificationIds: z.array(z.number().int().positive()).max(100).optional(),
});
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;

export const notificationsPageSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
  /** The `before` of the next page, or null at the end. */
  next: z.number().int().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const mentionableSchema = z.object({
  people: z.array(z.object({ userId: z.number().int(), name: z.string() })),
});
export type Mentionable = z.infer<typeof mentionableSchema>;

export const applicationNoticesSchema = z.object({
  notices: z.enum(['instant', 'daily']),
});
export type ApplicationNotices = z.infer<typeof applicationNoticesSchema>['notices'];

/**
 * A mention as a note holds it: `@[` the colleague's name `]`, so a name with spaces or of any
 * script is one mention (the note box's suggestion list inserts it).
 */
export const MENTION_PATTERN = /@\[([^[\]\n]{1,100})\]/gu;

/** The names a note mentions, each once, as written. */
export function mentionedNames(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION_PATTERN)].map((match) => match[1]!.trim()))].filter(
    (name) => name.length > 0,
  );
}

/** A note's text cut into plain runs and mentions, for showing the mentions highlighted. */
export function noteParts(text: string): { text: string; mention: boolean }[] {
  const parts: { text: string; mention: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index), mention: false });
    parts.push({ text: `@${match[1]!}`, mention: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mention: false });
  return parts;
}

import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database';
import { toIso } from '../../db/database';
import { checkpointWal } from '../../db/wal-checkpoint';
import { withTitle } from '../../lib/html-text';
import { issueReplyToken } from './reply-addresses';
import {
  pruneMailCapSlots,
  recipientLimit,
  takeSlots,
  type SlotLimit,
  type StrangerMailKind,
} from './mail-caps';

export type MailKind =
  | StrangerMailKind
  | 'recruiter-notice'
  | 'applicant-message'
  | 'job-alert'
  | 'interview-invitation'
  | 'interview-cancellation'
  | 'interview-reminder'
  | 'interview-offer'
  | 'feedback-reminder'
  | 'notification-digest'
  | 'applications-digest';
/** Mail a recruiter sends, or that its owner asked for (a confirmed alert): never capped. */
export type OwnMailKind = Exclude<MailKind, StrangerMailKind>;

/** A mail to send, as the templates write it (domains/mail/mail-templates.ts). */
export interface OutgoingMail<Kind extends MailKind = MailKind> {
  kind: Kind;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (a job alert's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** The job alert the mail is about: it goes when the alert goes (unsubscribe, erasure). */
  alertId?: number;
  /** An iCalendar part: sent as a `text/calendar` alternative and as `invite.ics`. */
  calendar?: CalendarPart;
  /**
   * The mail goes to the applicant it is queued about, so their answer comes back: it is
   * given a conversation token, and its `Reply-To` names it (docs/operations.md, "Replies by
   * mail"). Never on mail to staff.
   */
  toApplicant?: boolean;
}

/** A calendar object to send with a mail (an interview's invitation or cancellation). */
export interface CalendarPart {
  method: 'REQUEST' | 'CANCEL';
  /** The VCALENDAR text, as ical-generator writes it. */
  content: string;
}

const isCalendarMethod = (method: string | null): method is CalendarPart['method'] =>
  method === 'REQUEST' || method === 'CANCEL';

export interface QueuedMail extends OutgoingMail {
  id: number;
  attempts: number;
  /** The conversation token its Reply-To names (a mail to the applicant); null for others. */
  replyToken: string | null;
  /** The applicant the mail is about, if any (a mail kept in the local outbox goes with them). */
  applicantId?: number | null;
}

async function insertMail(
  trx: Db,
  mails: readonly OutgoingMail[],
  applicantId: number | null,
  now: Date,
  notBefore: Date,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const tokens: (string | null)[] = [];
  for (const mail of mails) {
    if (!mail.toApplicant) tokens.push(null);
    else if (applicantId === null) throw new Error('a mail to an applicant must name them');
    // A fresh token per mail, in the mail's own transaction: both are kept or neither.
    else tokens.push(await issueReplyToken(trx, applicantId, now));
  }
  const rows = await trx
    .insertInto('mailQueue')
    .values(
      mails.map((mail, index) => ({
        kind: mail.kind,
        applicantId,
        toAddress: mail.to.join(', '),
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: withTitle(mail.html, mail.subject),
        headers: mail.headers ? JSON.stringify(mail.headers) : null,
        alertId: mail.alertId ?? null,
        icalMethod: mail.calendar?.method ?? null,
        icalBody: mail.calendar?.content ?? null,
        replyToken: tokens[index] ?? null,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: notBefore.toISOString(),
        createdAt: now.toISOString(),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Puts mail about an applicant in the queue, inside the caller's transaction; answers the queued
 * rows' ids. `notBefore` holds it back until then (a bulk rejection's mail, so an undo can still
 * take it back: `cancelPendingMail`). Mail a stranger can cause goes by `queueCappedMail`.
 */
export function enqueueMail(
  trx: Db,
  mails: readonly OutgoingMail<OwnMailKind>[],
  applicantId: number | null,
  now: Date,
  notBefore: Date = now,
): Promise<number[]> {
  return insertMail(trx, mails, applicantId, now, notBefore);
}

export interface CappedMail {
  /** The one recipient, as the mail will name it. */
  to: string;
  /** MAIL_CAP_PER_ADDRESS: stranger-caused mails this address may get in a day. */
  capPerAddress: number;
  /** Limits of the action's own that the mail counts against too (an application's erase links). */
  limits?: readonly SlotLimit[];
  applicantId: number | null;
  now: Date;
}

/**
 * Queues a mail a stranger can cause (docs/careers.md, "Mail a stranger can cause") inside the
 * caller's write transaction, only when its recipient is under the cap and every other limit
 * has room; answers whether it was queued. `write` makes the mail only then, so the link it
 * carries is issued only for a mail that goes. The caller answers the same either way.
 */
export async function queueCappedMail(
  trx: Db,
  { to, capPerAddress, limits = [], applicantId, now }: CappedMail,
  write: () => Promise<OutgoingMail<StrangerMailKind>>,
): Promise<boolean> {
  if (!(await takeSlots(trx, [recipientLimit(to, capPerAddress), ...limits], now))) return false;
  const mail = await write();
  if (mail.to.length !== 1 || mail.to[0] !== to) {
    throw new Error('a capped mail must go to the one address it was counted for');
  }
  await insertMail(trx, [mail], applicantId, now, now);
  return true;
}

/**
 * Takes queued mail back, inside the caller's transaction, unless a sender holds it now (it may
 * be on its way); answers how many were taken back.
 */
export async function cancelPendingMail(
  trx: Db,
  ids: readonly number[],
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const at = now.toISOString();
  const result = await trx
    .deleteFrom('mailQueue')
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', at)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The mail queue. The only code that touches its table, with enqueueMail. */
export function mailRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` due mails for `lockMs`: no other sender (another node) takes them
     * meanwhile. The claim re-checks the lock in the UPDATE itself, so two senders racing for
     * the same row cannot both win it.
     */
    async claimDue(now: Date, limit: number, lockMs: number): Promise<QueuedMail[]> {
      const at = now.toISOString();
      const free = (eb: ExpressionBuilder<Database, 'mailQueue'>) =>
        eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', at)]);
      const due = db
        .selectFrom('mailQueue')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', at)
        .where(free)
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('mailQueue')
        .set({ lockedUntil: new Date(now.getTime() + lockMs).toISOString() })
        .where('id', 'in', due)
        .where('status', '=', 'pending')
        .where(free)
        .returning([
          'id',
          'kind',
          'applicantId',
          'toAddress',
          'subject',
          'textBody as text',
          'htmlBody as html',
          'headers',
          'attempts',
          'icalMethod',
          'icalBody',
          'replyToken',
        ])
        .execute();
      return rows.map(({ kind, toAddress, headers, icalMethod, icalBody, ...row }) => ({
        ...row,
        kind: kind as OutgoingMail['kind'],
        to: toAddress.split(', '),
        ...(headers ? { headers: JSON.parse(headers) as Record<string, string> } : {}),
        ...(isCalendarMethod(icalMethod) && icalBody !== null
          ? { calendar: { method: icalMethod, content: icalBody } }
          : {}),
      }));
    },

    /** Gives claimed mail back unsent: any sender may take it now. */
    async release(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('mailQueue')
        .set({ lockedUntil: null })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .execute();
    },

    /** The SMTP server took it: nothing of it is kept (once `scrubDelivered` has run). */
    async delivered(id: number): Promise<void> {
      await db.deleteFrom('mailQueue').where('id', '=', id).execute();
    },

    /**
     * Delivered mails' text (status links, addresses) lives on in SQLite's WAL until a
     * checkpoint; answers whether it is gone (false: a reader held it up, try again later).
     */
    scrubDelivered: (): Promise<boolean> => checkpointWal(db),

    /** Another try at `retryAt`, or none (`retryAt` undefined): the mail stays as failed. */
    async attemptFailed(id: number, error: string, retryAt: Date | undefined): Promise<void> {
      await db
        .updateTable('mailQueue')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          lastError: error.slice(0, 200),
          lockedUntil: null,
          ...(retryAt ? { nextAttemptAt: retryAt.toISOString() } : { status: 'failed' }),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Drops every mail still waiting (after a restore: they may have gone before it). */
    async dropPending(): Promise<number> {
      const result = await db
        .deleteFrom('mailQueue')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Mails waiting to be sent, and mails given up on. */
    async depth(): Promise<{ pending: number; failed: number }> {
      const rows = await db
        .selectFrom('mailQueue')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
      return { pending: count('pending'), failed: count('failed') };
    },

    /** Drops the mail caps' counters that no window looks back at any more; answers how many. */
    pruneCapSlots: (now: Date): Promise<number> => pruneMailCapSlots(db, now),

    /** When the oldest pending mail was queued (for alerting on a stuck queue). */
    async oldestPending(): Promise<string | undefined> {
      const row = await db
        .selectFrom('mailQueue')
        .select('createdAt')
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? toIso(row.createdAt) : undefined;
    },
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;

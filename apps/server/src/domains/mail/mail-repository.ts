import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database';
import { toIso } from '../../db/database';

/** A mail to send, as the templates write it (domains/mail/mail-templates.ts). */
export interface OutgoingMail {
  kind: 'applicant-confirmation' | 'recruiter-notice';
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface QueuedMail extends OutgoingMail {
  id: number;
  attempts: number;
}

/** Puts mail about an applicant in the queue, inside the caller's transaction. */
export async function enqueueMail(
  trx: Db,
  mails: readonly OutgoingMail[],
  applicantId: number | null,
  now: Date,
): Promise<void> {
  if (mails.length === 0) return;
  await trx
    .insertInto('mail_queue')
    .values(
      mails.map((mail) => ({
        kind: mail.kind,
        applicant_id: applicantId,
        to_address: mail.to.join(', '),
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
      })),
    )
    .execute();
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
      const free = (eb: ExpressionBuilder<Database, 'mail_queue'>) =>
        eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]);
      const due = db
        .selectFrom('mail_queue')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where(free)
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('mail_queue')
        .set({ locked_until: new Date(now.getTime() + lockMs).toISOString() })
        .where('id', 'in', due)
        .where('status', '=', 'pending')
        .where(free)
        .returning(['id', 'kind', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
        .execute();
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind as OutgoingMail['kind'],
        to: row.to_address.split(', '),
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        attempts: row.attempts,
      }));
    },

    /** Gives claimed mail back unsent: any sender may take it now. */
    async release(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('mail_queue')
        .set({ locked_until: null })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .execute();
    },

    /** The SMTP server took it: nothing of it is kept. */
    async delivered(id: number): Promise<void> {
      await db.deleteFrom('mail_queue').where('id', '=', id).execute();
    },

    /** Another try at `retryAt`, or none (`retryAt` undefined): the mail stays as failed. */
    async attemptFailed(id: number, error: string, retryAt: Date | undefined): Promise<void> {
      await db
        .updateTable('mail_queue')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error.slice(0, 200),
          locked_until: null,
          ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : { status: 'failed' }),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Drops every mail still waiting (after a restore: they may have gone before it). */
    async dropPending(): Promise<number> {
      const result = await db
        .deleteFrom('mail_queue')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Mails waiting to be sent, and mails given up on. */
    async depth(): Promise<{ pending: number; failed: number }> {
      const rows = await db
        .selectFrom('mail_queue')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
      return { pending: count('pending'), failed: count('failed') };
    },

    /** When the oldest pending mail was queued (for alerting on a stuck queue). */
    async oldestPending(): Promise<string | undefined> {
      const row = await db
        .selectFrom('mail_queue')
        .select('created_at')
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? toIso(row.created_at) : undefined;
    },
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;

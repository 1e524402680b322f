import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import type { QueuedMail } from './mail-repository';

/** Mails the local outbox keeps: the newest, older ones dropped as new ones arrive. */
export const OUTBOX_KEEPS = 200;

export interface OutboxSummary {
  id: number;
  kind: string;
  to: string[];
  subject: string;
  createdAt: string;
}

export interface OutboxMail extends OutboxSummary {
  text: string;
  html: string;
  headers: Record<string, string>;
  calendar: { method: string; content: string } | null;
}

const toList = (address: string) => address.split(', ');

/**
 * The local outbox (docs/operations.md, "Mail without a mail server: the local outbox"): mail
 * kept instead of sent while no mail server is set on a loopback host, for an admin to read in
 * the console. The only code that touches its table.
 */
export function outboxRepository(db: Db) {
  return {
    /** Keeps one mail as it would have gone, and drops what is past the newest OUTBOX_KEEPS. */
    async keep(mail: QueuedMail, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('localOutbox')
          .values({
            applicantId: mail.applicantId ?? null,
            kind: mail.kind,
            toAddress: mail.to.join(', '),
            subject: mail.subject,
            textBody: mail.text,
            htmlBody: mail.html,
            headers: mail.headers ? JSON.stringify(mail.headers) : null,
            icalMethod: mail.calendar?.method ?? null,
            icalBody: mail.calendar?.content ?? null,
            createdAt: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .deleteFrom('localOutbox')
          .where('id', '<=', id - OUTBOX_KEEPS)
          .execute();
      });
    },

    /** Drops every kept mail (the outbox is off: a mail server is set, or the host is public). */
    async clear(): Promise<void> {
      await db.deleteFrom('localOutbox').execute();
    },

    /** The kept mails, newest first. */
    async list(): Promise<OutboxSummary[]> {
      const rows = await db
        .selectFrom('localOutbox')
        .select(['id', 'kind', 'toAddress', 'subject', 'createdAt'])
        .orderBy('id', 'desc')
        .limit(OUTBOX_KEEPS)
        .execute();
      return rows.map(({ toAddress, createdAt, ...row }) => ({
        ...row,
        to: toList(toAddress),
        createdAt: toIso(createdAt),
      }));
    },

    /** One kept mail, whole; undefined when it is not (or no longer) kept. */
    async get(id: number): Promise<OutboxMail | undefined> {
      const row = await db
        .selectFrom('localOutbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        kind: row.kind,
        to: toList(row.toAddress),
        subject: row.subject,
        createdAt: toIso(row.createdAt),
        text: row.textBody,
        html: row.htmlBody,
        headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {},
        calendar:
          row.icalMethod && row.icalBody ? { method: row.icalMethod, content: row.icalBody } : null,
      };
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;

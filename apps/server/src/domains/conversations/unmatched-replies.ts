import { UNMATCHED_REPLY_DAYS, type UnmatchedReply } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { changeApplicants, writeTransaction } from '../../db/write-transaction';
import { auditRepository, type AuditActor } from '../audit/audit-repository';
import { recordReply } from './replies';

/** The most an admin's list shows at once: the oldest are the ones the retention run takes. */
const LIST_LIMIT = 200;

/** What assigning came to: on the timeline as reply `replyId`, or why not. */
export type AssignOutcome = { replyId: number } | 'no-reply' | 'no-applicant';

/**
 * The replies no conversation claimed (docs/recruiters.md, "Conversations"), kept whole for an
 * admin: listed, read, put on an applicant's timeline or discarded, each audited (ids only,
 * never the sender or the text), and kept UNMATCHED_REPLY_DAYS at most.
 */
export function unmatchedRepliesRepository(db: Db) {
  const row = (reader: Db, id: number) =>
    reader
      .selectFrom('unmatchedReplies')
      .select(['id', 'reason', 'fromAddress', 'subject', 'body', 'receivedAt'])
      .where('id', '=', id)
      .executeTakeFirst();
  const toReply = (found: NonNullable<Awaited<ReturnType<typeof row>>>): UnmatchedReply => ({
    id: found.id,
    reason: found.reason,
    fromAddress: found.fromAddress,
    subject: found.subject,
    body: found.body,
    receivedOn: toIso(found.receivedAt),
  });

  return {
    /** Newest first, without their text; the list's reading audited with its count. */
    async list(actor: AuditActor, now: Date) {
      const rows = await db
        .selectFrom('unmatchedReplies')
        .select(['id', 'reason', 'fromAddress', 'subject', 'receivedAt'])
        .orderBy('receivedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      if (rows.length > 0) {
        await auditRepository(db).record(
          {
            actor,
            action: 'unmatched-reply-list',
            target: 'unmatched replies',
            detail: `${rows.length}`,
          },
          now,
        );
      }
      return rows.map(({ receivedAt, ...rest }) => ({ ...rest, receivedOn: toIso(receivedAt) }));
    },

    /** One, to read, audited; undefined when there is none (assigned, discarded, expired). */
    async read(id: number, actor: AuditActor, now: Date): Promise<UnmatchedReply | undefined> {
      return writeTransaction(db, async (trx) => {
        const found = await row(trx, id);
        if (!found) return undefined;
        await auditRepository(trx).record(
          { actor, action: 'unmatched-reply-view', target: `unmatched reply ${id}` },
          now,
        );
        return toReply(found);
      });
    },

    /**
     * Puts it on an applicant's timeline as a mail reply (recordReply: the recruiters are told)
     * and deletes it, in one transaction under the applicant's lock, audited.
     */
    assign(id: number, applicantId: number, actor: AuditActor, now: Date): Promise<AssignOutcome> {
      return changeApplicants(db, [applicantId], async (trx) => {
        const applicant = await trx
          .selectFrom('applicants')
          .select('id')
          .where('id', '=', applicantId)
          .executeTakeFirst();
        if (!applicant) return 'no-applicant';
        const taken = await trx
          .deleteFrom('unmatchedReplies')
          .where('id', '=', id)
          .returning(['subject', 'body', 'sourceKey', 'receivedAt'])
          .executeTakeFirst();
        if (!taken) return 'no-reply';
        const replyId = await recordReply(trx, {
          applicantId,
          channel: 'mail',
          subject: taken.subject,
          body: taken.body,
          sourceKey: taken.sourceKey,
          receivedAt: new Date(toIso(taken.receivedAt)),
        });
        // The same mail already on a timeline (read again after a fix): the copy simply goes.
        const stored =
          replyId ??
          (
            await trx
              .selectFrom('applicantReplies')
              .select('id')
              .where('sourceKey', '=', taken.sourceKey)
              .executeTakeFirstOrThrow()
          ).id;
        await auditRepository(trx).record(
          {
            actor,
            action: 'unmatched-reply-assign',
            target: `applicant ${applicantId}`,
            detail: `unmatched reply ${id} -> reply ${stored}`,
          },
          now,
        );
        return { replyId: stored };
      });
    },

    /** Deletes it for good, audited; false when there was none. */
    discard(id: number, actor: AuditActor, now: Date): Promise<boolean> {
      return writeTransaction(db, async (trx) => {
        const gone = await trx
          .deleteFrom('unmatchedReplies')
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) return false;
        await auditRepository(trx).record(
          { actor, action: 'unmatched-reply-discard', target: `unmatched reply ${id}` },
          now,
        );
        return true;
      });
    },

    /** The retention run's part: those older than UNMATCHED_REPLY_DAYS go; how many. */
    async prune(now: Date, days = UNMATCHED_REPLY_DAYS): Promise<number> {
      const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
      const gone = await db
        .deleteFrom('unmatchedReplies')
        .where('receivedAt', '<', cutoff)
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
  };
}

export type UnmatchedRepliesRepository = ReturnType<typeof unmatchedRepliesRepository>;

import { sql } from 'kysely';
import type {
  ApplicantMessage,
  ApplicantMessageKind,
  MessageTemplate,
  MessageTemplateInput,
  RejectionReason,
  RejectionReasonPatch,
} from '@lumenfield/contract';
import { applicantMessageKindSchema } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import {
  changeFoundApplicants,
  rejectionReasonLock,
  writeTransaction,
} from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { auditRepository } from '../audit/audit-repository';
import { startingReasons, startingTemplates } from './starting-content';

/** A message as stored: what the applicant read, with the status link itself left out. */
export interface StoredMessage {
  applicantId: number;
  kind: ApplicantMessageKind;
  templateId: number | null;
  subject: string;
  body: string;
  sentByUserId: number;
}

const noTemplate = (id: number) => new HttpProblem(404, `There is no message template ${id}.`);
const noReason = (id: number) => new HttpProblem(404, `There is no rejection reason ${id}.`);

/** The names of the fields whose values differ: what an update's audit row says changed. */
function changedFields<T extends object>(before: T, after: Partial<T>): string[] {
  return Object.entries(after)
    .filter(([key, value]) => value !== undefined && before[key as keyof T] !== value)
    .map(([key]) => key);
}

/**
 * An applicant's messages, oldest first: the console's timeline, and what the applicant's own
 * "download my data" holds. Exported on its own for that.
 */
export async function messagesOf(db: Db, applicantId: number): Promise<ApplicantMessage[]> {
  const rows = await db
    .selectFrom('applicantMessages')
    .innerJoin('users', 'users.id', 'applicantMessages.sentByUserId')
    .select([
      'applicantMessages.id',
      'applicantMessages.kind',
      'applicantMessages.subject',
      'applicantMessages.body',
      'applicantMessages.sentAt',
      'users.name as sentBy',
    ])
    .where('applicantMessages.applicantId', '=', applicantId)
    .orderBy('applicantMessages.id', 'asc')
    .execute();
  return rows.map((row) => ({
    messageId: row.id,
    kind: applicantMessageKindSchema.catch('written').parse(row.kind),
    sentBy: row.sentBy,
    sentOn: toIso(row.sentAt),
    subject: row.subject,
    body: row.body,
  }));
}

/**
 * Message templates, rejection reasons and the messages sent to applicants: the only code that
 * touches their tables (erasure deletes an applicant's messages by table; the pipeline reads a
 * rejection's label). Every change to templates and reasons is one transaction with its audit
 * row, which names the fields that changed, never their text.
 */
export function messagesRepository(db: Db) {
  const changing = <T>(work: (trx: Db, audit: ReturnType<typeof auditRepository>) => Promise<T>) =>
    writeTransaction(db, (trx) => work(trx, auditRepository(trx)));

  const toTemplate = (row: {
    id: number;
    name: string;
    subject: string;
    body: string;
    updatedAt: string | Date;
  }): MessageTemplate => ({
    templateId: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    updatedOn: toIso(row.updatedAt),
  });

  const findTemplate = async (trx: Db, id: number) => {
    const row = await trx
      .selectFrom('messageTemplates')
      .select(['id', 'name', 'subject', 'body', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toTemplate(row);
  };

  const reasons = (trx: Db) =>
    trx.selectFrom('rejectionReasons').select((eb) => [
      'rejectionReasons.id',
      'rejectionReasons.label',
      'rejectionReasons.retiredAt',
      // The rejections that stand: an applicant's latest stage row gives it. One undone or
      // moved back from is history, and leaves the reason free to remove.
      eb
        .selectFrom('applicantStages')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('applicantStages.rejectionReasonId', '=', 'rejectionReasons.id')
        .where('applicantStages.id', '=', (inner) =>
          inner
            .selectFrom('applicantStages as latest')
            .select((max) => max.fn.max('latest.id').as('id'))
            .whereRef('latest.applicantId', '=', 'applicantStages.applicantId'),
        )
        .as('uses'),
    ]);
  type ReasonRow = Awaited<ReturnType<ReturnType<typeof reasons>['execute']>>[number];
  const toReason = (row: ReasonRow): RejectionReason => ({
    reasonId: row.id,
    label: row.label,
    retired: row.retiredAt !== null,
    uses: Number(row.uses ?? 0),
  });
  const findReason = async (trx: Db, id: number) => {
    const row = await reasons(trx).where('rejectionReasons.id', '=', id).executeTakeFirst();
    return row && toReason(row);
  };

  return {
    /** By name. */
    async templates(): Promise<MessageTemplate[]> {
      const rows = await db
        .selectFrom('messageTemplates')
        .select(['id', 'name', 'subject', 'body', 'updatedAt'])
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map(toTemplate);
    },

    findTemplate: (id: number) => findTemplate(db, id),

    createTemplate: (input: MessageTemplateInput, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        const at = now.toISOString();
        const { id } = await trx
          .insertInto('messageTemplates')
          .values({ ...input, createdAt: at, updatedAt: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit.record(
          { actor: { userId }, action: 'message-template-create', target: `template ${id}` },
          now,
        );
        return (await findTemplate(trx, id))!;
      }),

    /** 404 without the template; an edit that changes nothing writes nothing. */
    updateTemplate: (id: number, input: MessageTemplateInput, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        const before = await findTemplate(trx, id);
        if (!before) throw noTemplate(id);
        const changed = changedFields(before, input);
        if (changed.length === 0) return before;
        await trx
          .updateTable('messageTemplates')
          .set({ ...input, updatedAt: now.toISOString() })
          .where('id', '=', id)
          .execute();
        await audit.record(
          {
            actor: { userId },
            action: 'message-template-update',
            target: `template ${id}`,
            detail: `changed ${changed.join(', ')}`,
          },
          now,
        );
        return (await findTemplate(trx, id))!;
      }),

    /** 404 without the template. Messages sent from it keep their text. */
    deleteTemplate: (id: number, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        const result = await trx
          .deleteFrom('messageTemplates')
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw noTemplate(id);
        await audit.record(
          { actor: { userId }, action: 'message-template-delete', target: `template ${id}` },
          now,
        );
      }),

    /** Every reason, the ones in use first by label, retired ones too. */
    async reasons(): Promise<RejectionReason[]> {
      const rows = await reasons(db).orderBy('rejectionReasons.label').execute();
      return rows.map(toReason);
    },

    findReason: (id: number) => findReason(db, id),

    createReason: (label: string, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        const { id } = await trx
          .insertInto('rejectionReasons')
          .values({ label, createdAt: now.toISOString(), retiredAt: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit.record(
          { actor: { userId }, action: 'rejection-reason-create', target: `reason ${id}` },
          now,
        );
        return (await findReason(trx, id))!;
      }),

    /** A new label, or retired (or back in use). 404 without the reason. */
    updateReason: (id: number, patch: RejectionReasonPatch, userId: number, now: Date) =>
      changing(async (trx, audit) => {
        const before = await findReason(trx, id);
        if (!before) throw noReason(id);
        const changed = changedFields(before, patch);
        if (changed.length === 0) return before;
        await trx
          .updateTable('rejectionReasons')
          .set({
            ...(patch.label !== undefined ? { label: patch.label } : {}),
            ...(patch.retired !== undefined
              ? { retiredAt: patch.retired ? now.toISOString() : null }
              : {}),
          })
          .where('id', '=', id)
          .execute();
        await audit.record(
          {
            actor: { userId },
            action: 'rejection-reason-update',
            target: `reason ${id}`,
            detail: `changed ${changed.join(', ')}`,
          },
          now,
        );
        return (await findReason(trx, id))!;
      }),

    /**
     * Gone when no rejection with it stands: the rows of rejections since undone or moved back
     * from forget it (their applicants' locks held). Otherwise retired, so the applicants, their
     * page and the CSV keep the reason they were given. 404 without the reason.
     */
    removeReason: (id: number, userId: number, now: Date) =>
      changeFoundApplicants(
        db,
        async (reader) =>
          (
            await reader
              .selectFrom('applicantStages')
              .select('applicantId')
              .distinct()
              .where('rejectionReasonId', '=', id)
              .execute()
          ).map((row) => row.applicantId),
        async (trx) => {
          const before = await findReason(trx, id);
          if (!before) throw noReason(id);
          const outcome = before.uses > 0 ? ('retired' as const) : ('deleted' as const);
          if (outcome === 'retired') {
            if (!before.retired) {
              await trx
                .updateTable('rejectionReasons')
                .set({ retiredAt: now.toISOString() })
                .where('id', '=', id)
                .execute();
            }
          } else {
            await trx
              .updateTable('applicantStages')
              .set({ rejectionReasonId: null })
              .where('rejectionReasonId', '=', id)
              .execute();
            await trx.deleteFrom('rejectionReasons').where('id', '=', id).execute();
          }
          await auditRepository(trx).record(
            {
              actor: { userId },
              action: outcome === 'retired' ? 'rejection-reason-update' : 'rejection-reason-delete',
              target: `reason ${id}`,
              detail: outcome === 'retired' ? 'changed retired (in use)' : null,
            },
            now,
          );
          return outcome;
        },
        [rejectionReasonLock(id)],
      ),

    messagesOf: (applicantId: number) => messagesOf(db, applicantId),

    /**
     * A new installation's reasons and templates (starting-content.ts), in one transaction;
     * nothing when either kind already exists. Not audited: no person did it (the audit log
     * records people's changes, and every later edit of these is one).
     */
    seedStartingContent: (now: Date) =>
      writeTransaction(db, async (trx) => {
        const some = async (table: 'rejectionReasons' | 'messageTemplates') =>
          (await trx.selectFrom(table).select('id').limit(1).execute()).length > 0;
        if ((await some('rejectionReasons')) || (await some('messageTemplates'))) return false;
        const at = now.toISOString();
        await trx
          .insertInto('rejectionReasons')
          .values(startingReasons.map((label) => ({ label, createdAt: at, retiredAt: null })))
          .execute();
        await trx
          .insertInto('messageTemplates')
          .values(
            startingTemplates.map((template) => ({ ...template, createdAt: at, updatedAt: at })),
          )
          .execute();
        return true;
      }),
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;

/** Stores a sent message inside the caller's transaction (the one that queues its mail). */
export async function recordMessage(trx: Db, message: StoredMessage, now: Date): Promise<number> {
  const row = await trx
    .insertInto('applicantMessages')
    .values({ ...message, sentAt: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The template and the reason a write names, read inside its transaction. */
export const messageLookups = (trx: Db) => {
  const repo = messagesRepository(trx);
  return { findTemplate: repo.findTemplate, findReason: repo.findReason };
};

/** A message whose mail was taken back before it went (a bulk rejection undone). */
export async function forgetMessage(trx: Db, messageId: number): Promise<void> {
  await trx.deleteFrom('applicantMessages').where('id', '=', messageId).execute();
}

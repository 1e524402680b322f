import { applicantStageSchema, type ApplicantStage } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';

/** A bulk action's part in one applicant's change, written in that change's transaction. */
export interface BulkStep {
  batchId: number;
  /** The stage the recruiter saw: anything else means someone changed the applicant meanwhile. */
  seen: ApplicantStage;
  /** A rejection mail waits until then, so the undo can still take it back. */
  mailNotBefore: Date;
}

export interface BulkItem {
  itemId: number;
  applicantId: number;
  fromStage: ApplicantStage;
  toStage: ApplicantStage;
  messageId: number | null;
  mailId: number | null;
}

/** How long a finished batch is kept for the record of its undo, then deleted. */
const KEPT_MS = 24 * 60 * 60 * 1000;

const asStage = (value: string) => applicantStageSchema.parse(value);

/** Bulk actions and what each changed, for their undo. The only code that touches their tables. */
export function bulkRepository(db: Db) {
  return {
    /** A new batch of `userId`'s; batches long past their undo go (their items with them). */
    async create(userId: number, action: 'move' | 'reject', now: Date): Promise<number> {
      await db
        .deleteFrom('bulkBatches')
        .where('undoUntil', '<', new Date(now.getTime() - KEPT_MS).toISOString())
        .execute();
      const row = await db
        .insertInto('bulkBatches')
        .values({ userId, action, createdAt: now.toISOString(), undoUntil: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The batch is done: its undo is open until `undoUntil`. */
    async finish(batchId: number, undoUntil: Date): Promise<void> {
      await db
        .updateTable('bulkBatches')
        .set({ undoUntil: undoUntil.toISOString() })
        .where('id', '=', batchId)
        .execute();
    },

    async find(batchId: number): Promise<{ userId: number; undoUntil: string | null } | undefined> {
      const row = await db
        .selectFrom('bulkBatches')
        .select(['userId', 'undoUntil'])
        .where('id', '=', batchId)
        .executeTakeFirst();
      return row && { userId: row.userId, undoUntil: row.undoUntil && toIso(row.undoUntil) };
    },

    async addItem(item: Omit<BulkItem, 'itemId'> & { batchId: number }): Promise<void> {
      await db.insertInto('bulkBatchItems').values(item).execute();
    },

    /** The applicants the batch changed and that no undo has put back yet. */
    async pending(batchId: number): Promise<BulkItem[]> {
      const rows = await db
        .selectFrom('bulkBatchItems')
        .select(['id', 'applicantId', 'fromStage', 'toStage', 'messageId', 'mailId'])
        .where('batchId', '=', batchId)
        .where('undoneAt', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(({ id, fromStage, toStage, ...row }) => ({
        ...row,
        itemId: id,
        fromStage: asStage(fromStage),
        toStage: asStage(toStage),
      }));
    },

    /** Marks one item undone, unless another undo did first; answers whether this one did. */
    async markUndone(itemId: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('bulkBatchItems')
        .set({ undoneAt: now.toISOString() })
        .where('id', '=', itemId)
        .where('undoneAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

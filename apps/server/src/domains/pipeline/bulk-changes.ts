import { BULK_UNDO_SECONDS, type BulkAction, type BulkResult } from '@lumenfield/contract';
import type { BulkUndoResult } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { changeApplicants, writeTransaction } from '../../db/write-transaction';
import { notify } from '../notifications/notify';
import { HttpProblem } from '../../lib/http-problem';
import { auditRepository } from '../audit/audit-repository';
import { cancelPendingMail } from '../mail/mail-repository';
import { forgetMessage } from '../messages/messages-repository';
import { bulkRepository } from './bulk-repository';
import { messageChanges } from './message-changes';
import { pipelineChanges } from './pipeline-changes';
import { pipelineRepository } from './pipeline-repository';
import { EVERYTHING } from '../team/reach';

const UNDO_MS = BULK_UNDO_SECONDS * 1000;
/** A bulk rejection's mail waits a little past the undo's window, so no sender races an undo. */
const MAIL_HOLD_MS = UNDO_MS + 5000;
const GONE = 'This applicant is no longer there.';

type Skip = BulkResult['skipped'][number];

/**
 * Bulk actions (docs/recruiters.md, "Bulk actions"): each applicant's change is the single
 * change's own (moveStage, reject), under that applicant's lock and in its own transaction with
 * its audit row and its batch item; one that cannot be made is skipped with the sentence why.
 * The batch's person may undo it for BULK_UNDO_SECONDS after it finished.
 */
export function bulkChanges(db: Db) {
  const { moveStage } = pipelineChanges(db);
  const { reject } = messageChanges(db);

  const nameOf = async (applicantId: number) => {
    const found = await pipelineRepository(db).find(applicantId, EVERYTHING);
    return found ? `${found.firstName} ${found.lastName}` : '';
  };
  /** The problem's sentence for a change refused (404, 409, 400); anything else is a fault. */
  const skipOf = async (applicantId: number, error: unknown): Promise<Skip> => {
    if (!(error instanceof HttpProblem) || error.status >= 500) throw error;
    const name = await nameOf(applicantId);
    return { applicantId, name, reason: name ? error.detail : GONE };
  };

  return {
    async bulk(action: BulkAction, userId: number, now: () => Date, mailOrigin: string) {
      const started = now();
      const batchId = await writeTransaction(db, (trx) =>
        bulkRepository(trx).create(userId, action.action.kind, started),
      );
      const done: number[] = [];
      const skipped: Skip[] = [];
      // Each applicant once, in the order given.
      const seen = new Map(action.applicants.map((a) => [a.applicantId, a.stage]));
      for (const [applicantId, stage] of seen) {
        const at = now();
        const step = { batchId, seen: stage, mailNotBefore: new Date(at.getTime() + MAIL_HOLD_MS) };
        try {
          if (action.action.kind === 'move') {
            await moveStage(applicantId, action.action.stage, userId, at, {
              bulk: step,
              mailOrigin,
            });
          } else {
            const { reasonId, templateId } = action.action;
            await reject(applicantId, { reasonId, templateId }, userId, at, mailOrigin, {
              bulk: step,
            });
          }
          done.push(applicantId);
        } catch (error) {
          // A reason or template gone is the same for every applicant: said once, for the form.
          if (error instanceof HttpProblem && error.status === 400 && done.length === 0) {
            throw error;
          }
          skipped.push(await skipOf(applicantId, error));
        }
      }
      const undoUntil = new Date(now().getTime() + UNDO_MS);
      await writeTransaction(db, async (trx) => {
        await bulkRepository(trx).finish(batchId, undoUntil);
        // Its person hears how it went in their notifications (names stay in the result).
        const what =
          action.action.kind === 'move' ? `Bulk move to ${action.action.stage}` : 'Bulk rejection';
        await notify(
          trx,
          [userId],
          {
            kind: 'bulk-result',
            applicantId: null,
            detail: `${what}: ${done.length} done, ${skipped.length} skipped`,
          },
          now(),
        );
      });
      return { batchId, done, skipped, undoUntil: undoUntil.toISOString() };
    },

    /**
     * Puts back each applicant the batch changed, to the stage they came from, unless someone
     * changed them since; a rejection's mail still waiting is taken back with its message.
     * 404 for no such batch, 403 for another person's, 409 once its window has passed.
     */
    async undo(batchId: number, userId: number, now: Date): Promise<BulkUndoResult> {
      const batch = await bulkRepository(db).find(batchId);
      if (!batch) throw new HttpProblem(404, 'There is no such bulk action.');
      if (batch.userId !== userId) {
        throw new HttpProblem(403, 'Only the person who made a bulk action can undo it.');
      }
      if (!batch.undoUntil || now.getTime() > Date.parse(batch.undoUntil)) {
        throw new HttpProblem(
          409,
          `The ${BULK_UNDO_SECONDS} seconds to undo this have passed: move applicants back on their own pages.`,
        );
      }
      const undone: number[] = [];
      const skipped: Skip[] = [];
      for (const item of await bulkRepository(db).pending(batchId)) {
        const { applicantId, fromStage, toStage } = item;
        const outcome = await changeApplicants(db, [applicantId], async (trx) => {
          const pipeline = pipelineRepository(trx);
          const found = await pipeline.find(applicantId, EVERYTHING);
          if (!found) return { skip: GONE, name: '' };
          const name = `${found.firstName} ${found.lastName}`;
          if (found.stage !== toStage) {
            return { skip: `Someone changed this applicant since: now in ${found.stage}.`, name };
          }
          if (!(await bulkRepository(trx).markUndone(item.itemId, now))) return undefined;
          await pipeline.setStage(applicantId, fromStage, userId, now);
          const cancelled =
            item.mailId === null ? 0 : await cancelPendingMail(trx, [item.mailId], now);
          if (cancelled > 0 && item.messageId !== null) await forgetMessage(trx, item.messageId);
          const mail =
            item.mailId === null ? '' : cancelled > 0 ? ', mail not sent' : ', mail already sent';
          await auditRepository(trx).record(
            {
              actor: { userId },
              action: 'applicant-bulk-undo',
              target: `applicant ${applicantId}`,
              detail: `${toStage} -> ${fromStage}, batch ${batchId}${mail}`,
            },
            now,
          );
          return { skip: undefined, name };
        });
        if (outcome?.skip) {
          skipped.push({ applicantId, name: outcome.name, reason: outcome.skip });
        } else if (outcome) {
          undone.push(applicantId);
        }
      }
      return { undone, skipped };
    },
  };
}

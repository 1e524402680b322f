import {
  INITIAL_STAGE,
  STAGE_MAIL_HOLD_SECONDS,
  WITHDRAWN,
  stageMoveRefusal,
  type ApplicantStage,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { changeApplicants } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { extendStatusLinks } from '../applications/applicant-links';
import { auditRepository } from '../audit/audit-repository';
import { bulkRepository, type BulkStep } from './bulk-repository';
import { pipelineRepository, type PipelineRepository } from './pipeline-repository';
import { EVERYTHING, type Reach } from '../team/reach';
import { stageMessageFor } from '../messages/stage-templates-repository';
import { holdMessage, queueMessage, takeBackHeldMessages } from './queued-message';
import { notifyMentions } from '../notifications/mentions';

/** One entry of an applicant's stage history as the console shows it. */
export interface StageStep {
  stage: ApplicantStage;
  /** The person's name; 'applicant' for the arrival, 'token' for a change made by no person. */
  changedBy: string;
  changedAt: string;
}

/** The stage now and how it got there, newest first, the arrival last. */
export interface StageHistory {
  stage: ApplicantStage;
  history: StageStep[];
}

/** Every applicant starts in INITIAL_STAGE by their own hand; the rows record each move since. */
export async function stageHistoryOf(
  pipeline: PipelineRepository,
  applicant: { applicantId: number; appliedOn: string },
): Promise<StageHistory> {
  const changes = await pipeline.stageHistory(applicant.applicantId);
  return {
    stage: changes[0]?.stage ?? INITIAL_STAGE,
    history: [
      ...changes.map((change) => ({
        ...change,
        // No person: the bearer API, or the applicant's own withdrawal (only they reach it).
        changedBy: change.changedBy ?? (change.stage === WITHDRAWN ? 'applicant' : 'token'),
      })),
      { stage: INITIAL_STAGE, changedBy: 'applicant', changedAt: applicant.appliedOn },
    ],
  };
}

export const noApplicant = (id: number) =>
  new HttpProblem(404, `There is no applicant with id ${id}.`);

/** 409 when a bulk action's applicant is no longer in the stage its recruiter saw. */
export function checkSeen(stage: ApplicantStage, bulk: BulkStep | undefined): void {
  if (bulk && bulk.seen !== stage) {
    throw new HttpProblem(409, `Someone else changed this applicant meanwhile: now in ${stage}.`);
  }
}

/** ", batch N" in an audit row's detail when the change is part of a bulk action. */
export const batchNote = (bulk: BulkStep | undefined) => (bulk ? `, batch ${bulk.batchId}` : '');

/**
 * The pipeline's writes, each with its audit row in the same transaction (both or neither). The
 * applicant is read inside it, under a lock per applicant, so two moves at once are judged one
 * after the other against the stage model (packages/contract/src/pipeline.ts).
 */
export function pipelineChanges(db: Db) {
  const audited = <T>(
    applicantId: number,
    work: (
      pipeline: PipelineRepository,
      audit: ReturnType<typeof auditRepository>,
      trx: Db,
    ) => Promise<T>,
  ) =>
    changeApplicants(db, [applicantId], async (trx) =>
      work(pipelineRepository(trx), auditRepository(trx), trx),
    );

  return {
    /**
     * 404 without the applicant, or out of the mover's `reach`; 409 with the model's sentence
     * when the move is not allowed, or as part of a bulk action (`bulk`), when someone changed
     * the applicant meanwhile. A stage with an automatic message (stage-templates-repository)
     * queues its template to the applicant, held STAGE_MAIL_HOLD_SECONDS (a bulk action's until
     * its undo's window is past), its links on `mailOrigin`; a move takes back the mail of an
     * earlier automatic message that has not gone yet.
     */
    moveStage: (
      applicantId: number,
      to: ApplicantStage,
      userId: number,
      now: Date,
      {
        bulk,
        reach = EVERYTHING,
        mailOrigin,
      }: { bulk?: BulkStep | undefined; reach?: Reach; mailOrigin?: string } = {},
    ): Promise<StageHistory & { messagesChanged: boolean }> =>
      audited(applicantId, async (pipeline, audit, trx) => {
        const found = await pipeline.find(applicantId, reach);
        if (!found) throw noApplicant(applicantId);
        checkSeen(found.stage, bulk);
        const refusal = stageMoveRefusal(found.stage, to);
        if (refusal) throw new HttpProblem(409, refusal);
        const takenBack = await takeBackHeldMessages(trx, applicantId, now);
        await pipeline.setStage(applicantId, to, userId, now);
        const automatic = await stageMessageFor(trx, found.jobId, to);
        if (automatic && mailOrigin === undefined) {
          throw new Error('a move into a stage with an automatic message needs the mail origin');
        }
        const sent = automatic
          ? await queueMessage(
              trx,
              found,
              automatic,
              'template',
              userId,
              now,
              mailOrigin!,
              bulk?.mailNotBefore ?? new Date(now.getTime() + STAGE_MAIL_HOLD_SECONDS * 1000),
            )
          : undefined;
        if (sent?.mailId != null) await holdMessage(trx, sent.messageId, sent.mailId);
        if (bulk) {
          await bulkRepository(trx).addItem({
            batchId: bulk.batchId,
            applicantId,
            fromStage: found.stage,
            toStage: to,
            messageId: sent?.messageId ?? null,
            mailId: sent?.mailId ?? null,
          });
        }
        // News on the applicant's own page: their links work 30 days from this change.
        await extendStatusLinks(trx, applicantId, now);
        await audit.record(
          {
            actor: { userId },
            action: 'applicant-stage',
            target: `applicant ${applicantId}`,
            detail:
              `${found.stage} -> ${to}` +
              (sent ? `, message ${sent.messageId} automatic` : '') +
              (takenBack > 0 ? `, ${takenBack} held mail taken back` : '') +
              batchNote(bulk),
          },
          now,
        );
        const messagesChanged = sent !== undefined || takenBack > 0;
        return { ...(await stageHistoryOf(pipeline, found)), messagesChanged };
      }),

    /**
     * 404 without the applicant, or out of the writer's `reach`. The colleagues the note
     * mentions (`@[Name]`) who reach the applicant are told in its transaction.
     */
    writeNote: (
      applicantId: number,
      userId: number,
      text: string,
      now: Date,
      reach: Reach,
    ): Promise<number> =>
      audited(applicantId, async (pipeline, audit, trx) => {
        if (!(await pipeline.find(applicantId, reach))) throw noApplicant(applicantId);
        const noteId = await pipeline.addNote(applicantId, userId, text, now);
        // The colleagues it mentions hear of it exactly when the note is stored.
        await notifyMentions(trx, { applicantId, authorId: userId, text }, now);
        await audit.record(
          {
            actor: { userId },
            action: 'applicant-note',
            target: `applicant ${applicantId}`,
            detail: `note ${noteId}`,
          },
          now,
        );
        return noteId;
      }),
  };
}

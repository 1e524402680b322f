// The pipeline's records of an applicant (stage changes, notes) and the new applicants' counts.
import { sql } from 'kysely';
import { INITIAL_STAGE, type ApplicantStage } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { reportAggregates } from '../applications/report-aggregates';
import { asStage } from './pipeline-columns';

export interface StageEntry {
  stage: ApplicantStage;
  /** The person's name; null for the applicant's own arrival or the bearer API. */
  changedBy: string | null;
  changedAt: string;
}

export interface NoteEntry {
  id: number;
  author: string;
  createdAt: string;
  text: string;
}

/** The stage rows and notes of pipelineRepository, which spreads them into its own. */
export function pipelineRecords(db: Db) {
  return {
    /** Stage changes, newest first (without the arrival, which the caller knows). */
    async stageHistory(applicantId: number): Promise<StageEntry[]> {
      const rows = await db
        .selectFrom('applicantStages')
        .leftJoin('users', 'users.id', 'applicantStages.changedByUserId')
        .select(['applicantStages.stage', 'applicantStages.changedAt', 'users.name as changedBy'])
        .where('applicantStages.applicantId', '=', applicantId)
        .orderBy('applicantStages.id', 'desc')
        .execute();
      return rows.map((row) => ({
        ...row,
        stage: asStage(row.stage),
        changedAt: toIso(row.changedAt),
      }));
    },

    /**
     * The one writer of stage rows: appends the row and sets the applicant's stored current
     * stage (`current_stage`) to it, and moves the applicant's report counts. Call it inside the change's transaction, under the
     * applicant's lock (changeApplicants), so the column and the history commit together and
     * two moves at once leave the column at the last row.
     */
    async setStage(
      applicantId: number,
      stage: ApplicantStage,
      userId: number | null,
      now: Date,
      /** The reason given with a move to Rejected (messages' rejection reasons). */
      rejectionReasonId: number | null = null,
    ): Promise<void> {
      // The report aggregates follow the row in the same transaction (report-aggregates.ts).
      await reportAggregates.changing(db, applicantId, async () => {
        await db
          .insertInto('applicantStages')
          .values({
            applicantId: applicantId,
            stage,
            changedByUserId: userId,
            changedAt: now.toISOString(),
            rejectionReasonId,
          })
          .execute();
        await db
          .updateTable('applicants')
          .set({ currentStage: stage })
          .where('id', '=', applicantId)
          .execute();
      });
    },

    /** Oldest first. */
    async notes(applicantId: number): Promise<NoteEntry[]> {
      const rows = await db
        .selectFrom('applicantNotes')
        .innerJoin('users', 'users.id', 'applicantNotes.authorUserId')
        .select([
          'applicantNotes.id',
          'applicantNotes.createdAt',
          'applicantNotes.text',
          'users.name as author',
        ])
        .where('applicantNotes.applicantId', '=', applicantId)
        .orderBy('applicantNotes.id', 'asc')
        .execute();
      return rows.map((row) => ({ ...row, createdAt: toIso(row.createdAt) }));
    },

    async addNote(applicantId: number, userId: number, text: string, now: Date): Promise<number> {
      const row = await db
        .insertInto('applicantNotes')
        .values({
          applicantId: applicantId,
          authorUserId: userId,
          createdAt: now.toISOString(),
          text,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The applicants of each of `jobIds`, and those of them still in INITIAL_STAGE: one grouped
     * read of those openings' entries in applicants_job_stage_idx (job, stage, ...), never of
     * the other openings' applicants. An opening with none is left out.
     */
    async countsOf(
      jobIds: readonly number[],
    ): Promise<Map<number, { applicants: number; fresh: number }>> {
      if (jobIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('applicants')
        .select([
          'applicants.jobId',
          sql<number>`count(*)`.as('n'),
          sql<number>`sum(case when ${sql.ref('applicants.currentStage')} = ${INITIAL_STAGE} then 1 else 0 end)`.as(
            'fresh',
          ),
        ])
        .where('applicants.jobId', 'in', jobIds)
        .groupBy('applicants.jobId')
        .execute();
      return new Map(
        rows.map((row) => [row.jobId, { applicants: Number(row.n), fresh: Number(row.fresh) }]),
      );
    },

    /** Applicants still in INITIAL_STAGE, per opening. */
    async newCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('applicants')
        .select(['applicants.jobId', sql<number>`count(*)`.as('n')])
        .where('applicants.currentStage', '=', INITIAL_STAGE)
        .groupBy('applicants.jobId')
        .execute();
      return new Map(rows.map((row) => [row.jobId, Number(row.n)]));
    },
  };
}

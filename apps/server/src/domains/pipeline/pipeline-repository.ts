import { sql, type ExpressionBuilder } from 'kysely';
import type { Applicant, ApplicantStage } from '@lumenfield/contract';
import { applicantStageSchema, INITIAL_STAGE } from '@lumenfield/contract';
import type { Database, Db } from '../../db/database';
import { toIso } from '../../db/database';
import { applicantColumns, toApplicant as toApplicantView } from '../applications/applicant-row';
import { containsWord, searchWords } from '../../db/sql-words';

export interface PipelineFilter {
  jobId?: number | undefined;
  stage?: ApplicantStage | undefined;
  q?: string | undefined;
  /** true: flagged "Does not meet" (a knock-out answer); false: not flagged. */
  doesNotMeet?: boolean | undefined;
}

/** One applicant as the console's lists and the CSV show them (no resume bytes). */
export interface PipelineApplicant extends Applicant {
  jobId: number;
  jobCode: string;
  jobTitle: string;
  stage: ApplicantStage;
  attachmentKind: string;
  /** The reason given with their latest stage change (a move to Rejected), if any. */
  rejectionReason: string | null;
}

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

type From = ExpressionBuilder<Database, 'applicants'>;

/** The applicant's current stage: their latest stage row, or INITIAL_STAGE when they have none. */
const currentStage = (eb: From) =>
  eb.fn.coalesce(
    eb
      .selectFrom('applicantStages')
      .select('applicantStages.stage')
      .whereRef('applicantStages.applicantId', '=', 'applicants.id')
      .orderBy('applicantStages.id', 'desc')
      .limit(1),
    sql.lit(INITIAL_STAGE),
  );

/** The label of the reason given with the applicant's latest stage row (messages' reasons). */
const currentRejectionReason = (eb: From) =>
  eb
    .selectFrom('applicantStages')
    .innerJoin('rejectionReasons', 'rejectionReasons.id', 'applicantStages.rejectionReasonId')
    .select('rejectionReasons.label')
    .where(
      'applicantStages.id',
      '=',
      eb
        .selectFrom('applicantStages as latest')
        .select((inner) => inner.fn.max('latest.id').as('id'))
        .whereRef('latest.applicantId', '=', 'applicants.id'),
    );

const asStage = (value: string): ApplicantStage =>
  applicantStageSchema.catch(INITIAL_STAGE).parse(value);

/**
 * The applicants' pipeline: their stage (history rows; none means INITIAL_STAGE), notes, and the
 * search across openings. The only code that touches applicantStages and applicantNotes.
 */
export function pipelineRepository(db: Db) {
  const filtered = (filter: PipelineFilter) => {
    let query = db
      .selectFrom('applicants')
      .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
      .innerJoin('attachments', 'attachments.applicantId', 'applicants.id')
      .leftJoin('countries', 'countries.value', 'applicants.countryId')
      .leftJoin('states', 'states.value', 'applicants.stateId')
      .$if(filter.jobId !== undefined, (q) => q.where('applicants.jobId', '=', filter.jobId!))
      .$if(filter.stage !== undefined, (q) =>
        q.where((eb) => eb(currentStage(eb), '=', filter.stage!)),
      )
      .$if(filter.doesNotMeet !== undefined, (q) =>
        q.where('applicants.knockouts', filter.doesNotMeet ? '>' : '=', 0),
      );
    for (const word of searchWords(filter.q)) {
      query = query.where((eb) =>
        eb.or([
          containsWord(eb.ref('applicants.firstName'), word),
          containsWord(eb.ref('applicants.lastName'), word),
          containsWord(eb.ref('applicants.email'), word),
          containsWord(eb.ref('applicants.city'), word),
          containsWord(eb.ref('jobs.title'), word),
        ]),
      );
    }
    return query;
  };

  const columns = (filter: PipelineFilter) =>
    filtered(filter).select((eb) => [
      ...applicantColumns,
      'applicants.jobId',
      'jobs.code as jobCode',
      'jobs.title as jobTitle',
      'attachments.kind as attachmentKind',
      currentStage(eb).as('stage'),
      currentRejectionReason(eb).as('rejectionReason'),
    ]);

  type Row = Awaited<ReturnType<ReturnType<typeof columns>['execute']>>[number];
  const toApplicant = (row: Row): PipelineApplicant => ({
    ...toApplicantView(row),
    jobId: row.jobId,
    jobCode: row.jobCode,
    jobTitle: row.jobTitle,
    stage: asStage(String(row.stage)),
    attachmentKind: row.attachmentKind,
    rejectionReason: row.rejectionReason ?? null,
  });

  return {
    /** Newest applications first; one page of them and how many match in all. */
    async search(
      filter: PipelineFilter,
      page: number,
      pageSize: number,
    ): Promise<{ items: PipelineApplicant[]; total: number }> {
      const total = await filtered(filter)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const rows = await columns(filter)
        .orderBy('applicants.appliedOn', 'desc')
        .orderBy('applicants.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(toApplicant), total: Number(total.n) };
    },

    /** Every match, oldest first (the CSV export). */
    async all(filter: PipelineFilter): Promise<PipelineApplicant[]> {
      const rows = await columns(filter)
        .orderBy('applicants.appliedOn', 'asc')
        .orderBy('applicants.id', 'asc')
        .execute();
      return rows.map(toApplicant);
    },

    async find(id: number): Promise<PipelineApplicant | undefined> {
      const row = await columns({}).where('applicants.id', '=', id).executeTakeFirst();
      return row && toApplicant(row);
    },

    /** The resume's applicant, for a link that names only the resume. */
    async applicantOfAttachment(guid: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('attachments')
        .select('applicantId')
        .where('id', '=', guid)
        .executeTakeFirst();
      return row?.applicantId;
    },

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

    async setStage(
      applicantId: number,
      stage: ApplicantStage,
      userId: number | null,
      now: Date,
      /** The reason given with a move to Rejected (messages' rejection reasons). */
      rejectionReasonId: number | null = null,
    ): Promise<void> {
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

    /** Applicants still in INITIAL_STAGE, per opening. */
    async newCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('applicants')
        .select(['applicants.jobId', sql<number>`count(*)`.as('n')])
        .where((eb) => eb(currentStage(eb), '=', INITIAL_STAGE))
        .groupBy('applicants.jobId')
        .execute();
      return new Map(rows.map((row) => [row.jobId, Number(row.n)]));
    },
  };
}

export type PipelineRepository = ReturnType<typeof pipelineRepository>;

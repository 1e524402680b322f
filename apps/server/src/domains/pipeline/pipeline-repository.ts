import { sql, type ExpressionBuilder } from 'kysely';
import type { Applicant, ApplicantStage } from '@lumenfield/contract';
import { applicantStageSchema } from '@lumenfield/contract';
import type { Database, Db } from '../../db/database';
import { toIso } from '../../db/database';
import { applicantColumns, toApplicant as toApplicantView } from '../applications/applicant-row';
import { containsWord, searchWords } from '../../db/sql-words';

export interface PipelineFilter {
  jobId?: number | undefined;
  stage?: ApplicantStage | undefined;
  q?: string | undefined;
}

/** One applicant as the console's lists and the CSV show them (no resume bytes). */
export interface PipelineApplicant extends Applicant {
  jobId: number;
  jobCode: string;
  jobTitle: string;
  stage: ApplicantStage;
  attachmentKind: string;
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

/** The applicant's current stage: their latest stage row, or New when they have none. */
const currentStage = (eb: From) =>
  eb.fn.coalesce(
    eb
      .selectFrom('applicant_stages')
      .select('applicant_stages.stage')
      .whereRef('applicant_stages.applicant_id', '=', 'applicants.id')
      .orderBy('applicant_stages.id', 'desc')
      .limit(1),
    sql.lit('New'),
  );

const asStage = (value: string): ApplicantStage => applicantStageSchema.catch('New').parse(value);

/**
 * The applicants' pipeline: their stage (history rows; none means New), notes, and the search
 * across openings. The only code that touches applicant_stages and applicant_notes.
 */
export function pipelineRepository(db: Db) {
  const filtered = (filter: PipelineFilter) => {
    let query = db
      .selectFrom('applicants')
      .innerJoin('jobs', 'jobs.id', 'applicants.job_id')
      .innerJoin('attachments', 'attachments.applicant_id', 'applicants.id')
      .leftJoin('countries', 'countries.value', 'applicants.country_id')
      .leftJoin('states', 'states.value', 'applicants.state_id')
      .$if(filter.jobId !== undefined, (q) => q.where('applicants.job_id', '=', filter.jobId!))
      .$if(filter.stage !== undefined, (q) =>
        q.where((eb) => eb(currentStage(eb), '=', filter.stage!)),
      );
    for (const word of searchWords(filter.q)) {
      query = query.where((eb) =>
        eb.or([
          containsWord(eb.ref('applicants.first_name'), word),
          containsWord(eb.ref('applicants.last_name'), word),
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
      'applicants.job_id',
      'jobs.code',
      'jobs.title',
      'attachments.kind',
      currentStage(eb).as('stage'),
    ]);

  type Row = Awaited<ReturnType<ReturnType<typeof columns>['execute']>>[number];
  const toApplicant = (row: Row): PipelineApplicant => ({
    ...toApplicantView(row),
    jobId: row.job_id,
    jobCode: row.code,
    jobTitle: row.title,
    stage: asStage(String(row.stage)),
    attachmentKind: row.kind,
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
        .orderBy('applicants.applied_on', 'desc')
        .orderBy('applicants.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(toApplicant), total: Number(total.n) };
    },

    /** Every match, oldest first (the CSV export). */
    async all(filter: PipelineFilter): Promise<PipelineApplicant[]> {
      const rows = await columns(filter)
        .orderBy('applicants.applied_on', 'asc')
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
        .select('applicant_id')
        .where('id', '=', guid)
        .executeTakeFirst();
      return row?.applicant_id;
    },

    /** Stage changes, newest first (without the arrival, which the caller knows). */
    async stageHistory(applicantId: number): Promise<StageEntry[]> {
      const rows = await db
        .selectFrom('applicant_stages')
        .leftJoin('users', 'users.id', 'applicant_stages.changed_by_user_id')
        .select(['applicant_stages.stage', 'applicant_stages.changed_at', 'users.name'])
        .where('applicant_stages.applicant_id', '=', applicantId)
        .orderBy('applicant_stages.id', 'desc')
        .execute();
      return rows.map((row) => ({
        stage: asStage(row.stage),
        changedBy: row.name ?? null,
        changedAt: toIso(row.changed_at),
      }));
    },

    async setStage(
      applicantId: number,
      stage: ApplicantStage,
      userId: number | null,
      now: Date,
    ): Promise<void> {
      await db
        .insertInto('applicant_stages')
        .values({
          applicant_id: applicantId,
          stage,
          changed_by_user_id: userId,
          changed_at: now.toISOString(),
        })
        .execute();
    },

    /** Oldest first. */
    async notes(applicantId: number): Promise<NoteEntry[]> {
      const rows = await db
        .selectFrom('applicant_notes')
        .innerJoin('users', 'users.id', 'applicant_notes.author_user_id')
        .select([
          'applicant_notes.id',
          'applicant_notes.created_at',
          'applicant_notes.text',
          'users.name',
        ])
        .where('applicant_notes.applicant_id', '=', applicantId)
        .orderBy('applicant_notes.id', 'asc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        author: row.name,
        createdAt: toIso(row.created_at),
        text: row.text,
      }));
    },

    async addNote(applicantId: number, userId: number, text: string, now: Date): Promise<number> {
      const row = await db
        .insertInto('applicant_notes')
        .values({
          applicant_id: applicantId,
          author_user_id: userId,
          created_at: now.toISOString(),
          text,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Applicants still in stage New, per opening. */
    async newCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('applicants')
        .select(['applicants.job_id', sql<number>`count(*)`.as('n')])
        .where((eb) => eb(currentStage(eb), '=', 'New'))
        .groupBy('applicants.job_id')
        .execute();
      return new Map(rows.map((row) => [row.job_id, Number(row.n)]));
    },
  };
}

export type PipelineRepository = ReturnType<typeof pipelineRepository>;

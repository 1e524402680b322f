import { sql } from 'kysely';
import type { Db, JobRow } from '../db/database';
import { toIso } from '../db/database';

export interface Job {
  id: number;
  code: string;
  title: string;
  location: string;
  descriptionHtml: string;
  effectiveFrom: string;
  recruitmentManagers: string;
  contactPersons: string;
  contactEmails: string;
  isOpen: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the public openings list shows of an opening. */
export type JobSummary = Pick<
  Job,
  'id' | 'code' | 'title' | 'location' | 'effectiveFrom' | 'updatedAt'
>;

export interface JobWithApplicants extends Job {
  applicants: number;
}

/** Fields a recruiter writes; the description must already be sanitised. */
export interface JobInput {
  code: string;
  title: string;
  location: string;
  descriptionHtml: string;
  effectiveFrom: string;
  recruitmentManagers: string;
  contactPersons: string;
  contactEmails: string;
  isOpen: boolean;
}

export class JobCodeInUseError extends Error {
  constructor(readonly code: string) {
    super(`Job code ${code} is already in use`);
    this.name = 'JobCodeInUseError';
  }
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    location: row.location,
    descriptionHtml: row.description_html,
    effectiveFrom: toIso(row.effective_from),
    recruitmentManagers: row.recruitment_managers,
    contactPersons: row.contact_persons,
    contactEmails: row.contact_emails,
    isOpen: row.is_open === 1,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Openings. The only code that reads or writes the jobs table. */
export function jobsRepository(db: Db) {
  return {
    /** Open openings already in effect at `now`, newest first (docs/api.md). */
    async listVisible(now: Date): Promise<JobSummary[]> {
      // Only the listed columns: descriptions are the bulk of a row and the list never shows them.
      const rows = await db
        .selectFrom('jobs')
        .select(['id', 'code', 'title', 'location', 'effective_from', 'updated_at'])
        .where('is_open', '=', 1)
        .where('effective_from', '<=', now.toISOString())
        .orderBy('effective_from', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        title: row.title,
        location: row.location,
        effectiveFrom: toIso(row.effective_from),
        updatedAt: toIso(row.updated_at),
      }));
    },

    /** An opening a visitor may see and apply to: open and in effect; otherwise undefined. */
    async findVisible(id: number, now: Date): Promise<Job | undefined> {
      const row = await db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', id)
        .where('is_open', '=', 1)
        .where('effective_from', '<=', now.toISOString())
        .executeTakeFirst();
      return row && toJob(row);
    },

    async findById(id: number): Promise<JobWithApplicants | undefined> {
      const row = await db
        .selectFrom('jobs')
        .selectAll('jobs')
        .select((eb) =>
          eb
            .selectFrom('applicants')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('applicants.job_id', '=', 'jobs.id')
            .as('applicants'),
        )
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { ...toJob(row), applicants: Number(row.applicants ?? 0) };
    },

    /** Every opening, open or closed, with its number of applicants (recruiters' list). */
    async listAll(): Promise<JobWithApplicants[]> {
      const rows = await db
        .selectFrom('jobs')
        .selectAll('jobs')
        .select((eb) =>
          eb
            .selectFrom('applicants')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('applicants.job_id', '=', 'jobs.id')
            .as('applicants'),
        )
        .orderBy('effective_from', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({ ...toJob(row), applicants: Number(row.applicants ?? 0) }));
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('jobs')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async create(input: JobInput, now = new Date()): Promise<number> {
      try {
        const row = await db
          .insertInto('jobs')
          .values({
            code: input.code,
            title: input.title,
            location: input.location,
            description_html: input.descriptionHtml,
            effective_from: input.effectiveFrom,
            recruitment_managers: input.recruitmentManagers,
            contact_persons: input.contactPersons,
            contact_emails: input.contactEmails,
            is_open: input.isOpen ? 1 : 0,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw new JobCodeInUseError(input.code);
        throw error;
      }
    },

    /** Applies the given fields; false when no such opening. */
    async update(id: number, patch: Partial<JobInput>, now = new Date()): Promise<boolean> {
      try {
        const result = await db
          .updateTable('jobs')
          .set({
            ...(patch.code !== undefined && { code: patch.code }),
            ...(patch.title !== undefined && { title: patch.title }),
            ...(patch.location !== undefined && { location: patch.location }),
            ...(patch.descriptionHtml !== undefined && {
              description_html: patch.descriptionHtml,
            }),
            ...(patch.effectiveFrom !== undefined && { effective_from: patch.effectiveFrom }),
            ...(patch.recruitmentManagers !== undefined && {
              recruitment_managers: patch.recruitmentManagers,
            }),
            ...(patch.contactPersons !== undefined && { contact_persons: patch.contactPersons }),
            ...(patch.contactEmails !== undefined && { contact_emails: patch.contactEmails }),
            ...(patch.isOpen !== undefined && { is_open: patch.isOpen ? 1 : 0 }),
            updated_at: now.toISOString(),
          })
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      } catch (error) {
        if (isUniqueViolation(error) && patch.code) throw new JobCodeInUseError(patch.code);
        throw error;
      }
    },
  };
}

export type JobsRepository = ReturnType<typeof jobsRepository>;

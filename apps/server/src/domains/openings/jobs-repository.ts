import { sql } from 'kysely';
import {
  employmentTypeSchema,
  payPeriodSchema,
  workplaceTypeSchema,
  type OpeningState,
  type OpeningTerms,
} from '@lumenfield/contract';
import type { Db, JobRow } from '../../db/database';
import { toIso } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';

/** An opening's employment, place and pay (docs/careers.md). */
export type JobTermsFields = OpeningTerms;

/** Create's terms when a recruiter names none: full time, on site, no range. */
export const defaultJobTerms: JobTermsFields = {
  employmentType: 'FULL_TIME',
  workplaceType: 'ONSITE',
  payMin: null,
  payMax: null,
  payCurrency: null,
  payPeriod: null,
};

export interface Job extends JobTermsFields {
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
  /** When it was last closed; null while open. */
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the public openings list and the careers page show of an opening. */
export type JobSummary = Pick<
  Job,
  'id' | 'code' | 'title' | 'location' | 'effectiveFrom' | 'updatedAt' | keyof JobTermsFields
>;

/** A list row with its description: what the careers page searches. */
export interface SearchableJob extends JobSummary {
  descriptionHtml: string;
}

export interface JobWithApplicants extends Job {
  applicants: number;
}

/** Fields a recruiter writes; the description must already be sanitised. */
export interface JobInput extends Partial<JobTermsFields> {
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

type TermsColumns = Pick<
  JobRow,
  'employment_type' | 'workplace_type' | 'pay_min' | 'pay_max' | 'pay_currency' | 'pay_period'
>;

const termsColumns = [
  'employment_type',
  'workplace_type',
  'pay_min',
  'pay_max',
  'pay_currency',
  'pay_period',
] as const;

/** Columns -> terms; a value the contract does not know (edited by hand) reads as the default. */
function toTerms(row: TermsColumns): JobTermsFields {
  const amount = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    employmentType: employmentTypeSchema.catch('FULL_TIME').parse(row.employment_type),
    workplaceType: workplaceTypeSchema.catch('ONSITE').parse(row.workplace_type),
    payMin: amount(row.pay_min),
    payMax: amount(row.pay_max),
    payCurrency: row.pay_currency,
    payPeriod: payPeriodSchema.nullable().catch(null).parse(row.pay_period),
  };
}

function termsValues(terms: Partial<JobTermsFields>) {
  return {
    ...(terms.employmentType !== undefined && { employment_type: terms.employmentType }),
    ...(terms.workplaceType !== undefined && { workplace_type: terms.workplaceType }),
    ...(terms.payMin !== undefined && { pay_min: terms.payMin }),
    ...(terms.payMax !== undefined && { pay_max: terms.payMax }),
    ...(terms.payCurrency !== undefined && { pay_currency: terms.payCurrency }),
    ...(terms.payPeriod !== undefined && { pay_period: terms.payPeriod }),
  };
}

function toJob(row: JobRow): Job {
  return {
    ...toTerms(row),
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
    closedAt: row.closed_at === null ? null : toIso(row.closed_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * "Open and in effect": an opening a visitor may see and apply to is open and its effectiveFrom
 * is not in the future. This function and `visibleAt` below are the rule's one statement, in
 * code and in SQL; everything else asks the repository or this function.
 */
export function openingState(job: Pick<Job, 'isOpen' | 'effectiveFrom'>, now: Date): OpeningState {
  if (!job.isOpen) return 'closed';
  return Date.parse(job.effectiveFrom) > now.getTime() ? 'scheduled' : 'open';
}

/** Openings. The only code that reads or writes the jobs table. */
export function jobsRepository(db: Db) {
  const visibleAt = (now: Date) =>
    db.selectFrom('jobs').where('is_open', '=', 1).where('effective_from', '<=', now.toISOString());

  /**
   * Open openings in effect at `now`, newest first; only the listed columns (descriptions are
   * the bulk of a row, and only the search reads them).
   */
  const visible = (now: Date) =>
    visibleAt(now)
      .select(['id', 'code', 'title', 'location', 'effective_from', 'updated_at', ...termsColumns])
      .orderBy('effective_from', 'desc')
      .orderBy('id', 'desc');
  type VisibleRow = Awaited<ReturnType<ReturnType<typeof visible>['executeTakeFirstOrThrow']>>;
  const toSummary = (row: VisibleRow): JobSummary => ({
    id: row.id,
    code: row.code,
    title: row.title,
    location: row.location,
    effectiveFrom: toIso(row.effective_from),
    updatedAt: toIso(row.updated_at),
    ...toTerms(row),
  });

  return {
    /** Open openings already in effect at `now`, newest first (docs/api.md). */
    async listVisible(now: Date): Promise<JobSummary[]> {
      return (await visible(now).execute()).map(toSummary);
    },

    /** The same openings as listVisible, with their descriptions (the careers page's search). */
    async listSearchable(now: Date): Promise<SearchableJob[]> {
      const rows = await visible(now).select('description_html').execute();
      return rows.map((row) => ({ ...toSummary(row), descriptionHtml: row.description_html }));
    },

    /** An opening a visitor may see and apply to: open and in effect; otherwise undefined. */
    async findVisible(id: number, now: Date): Promise<Job | undefined> {
      const row = await visibleAt(now).selectAll().where('id', '=', id).executeTakeFirst();
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
            ...termsValues({ ...defaultJobTerms, ...input }),
            closed_at: input.isOpen ? null : now.toISOString(),
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
            // Closing keeps the first close's moment (retention counts from it); reopening clears it.
            ...(patch.isOpen === true && { closed_at: null }),
            ...(patch.isOpen === false && {
              closed_at: sql<string>`coalesce(closed_at, ${now.toISOString()})`,
            }),
            ...termsValues(patch),
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

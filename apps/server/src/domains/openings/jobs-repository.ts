import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import {
  DEFAULT_OPENING_TERMS,
  employmentTypeSchema,
  payPeriodSchema,
  placesSchema,
  questionsSchema,
  remoteCountriesSchema,
  workplaceTypeSchema,
  type OpeningChoice,
  type OpeningSortParam,
  type OpeningState,
  type OpeningTerms,
  type Place,
  type Question,
} from '@lumenfield/contract';
import type { Database, Db, JobRow } from '../../db/database';
import { toIso } from '../../db/database';
import { containsWord, searchWords } from '../../db/sql-words';
import { isUniqueViolation } from '../../db/unique-violation';
import { jsonColumn } from '../../db/json-column';

/** An opening's employment, place and pay (docs/careers.md). */
export type JobTermsFields = OpeningTerms;

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
  /** Its places as written; null when `location` alone says where (one place). */
  locations: Place[] | null;
  /** Where a remote opening may be held from (alpha-2 codes). */
  remoteCountries: string[];
  /** Its own questions, with their knock-out answers. */
  questions: Question[];
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

/** A list row with its description and places: what the careers page searches and filters. */
export interface SearchableJob extends JobSummary, Pick<Job, 'locations' | 'remoteCountries'> {
  descriptionHtml: string;
}

export interface JobWithApplicants extends Job {
  applicants: number;
}

/**
 * Fields a recruiter writes, as Job holds them; the description must already be sanitised.
 * Terms may be left out (DEFAULT_OPENING_TERMS), and so may places, remote countries and questions.
 */
export type JobInput = Pick<
  Job,
  | 'code'
  | 'title'
  | 'location'
  | 'descriptionHtml'
  | 'effectiveFrom'
  | 'recruitmentManagers'
  | 'contactPersons'
  | 'contactEmails'
  | 'isOpen'
> &
  Partial<JobTermsFields & Pick<Job, 'locations' | 'remoteCountries' | 'questions'>>;

/** What the openings list asks for (docs/recruiters.md, "Openings"). */
export interface OpeningsFilter {
  /** Words each found in the code, the title or the place, case-insensitively. */
  q?: string;
  state?: OpeningState;
  sort: OpeningSortParam;
  /** The condition "within reach" over `jobs` (the team's rule, which this domain is below). */
  inReach: (eb: ExpressionBuilder<Database, 'jobs'>) => Expression<SqlBool>;
}

export class JobCodeInUseError extends Error {
  constructor(readonly code: string) {
    super(`Job code ${code} is already in use`);
    this.name = 'JobCodeInUseError';
  }
}

type TermsColumns = Pick<JobRow, keyof JobTermsFields>;

const termsColumns = [
  'employmentType',
  'workplaceType',
  'payMin',
  'payMax',
  'payCurrency',
  'payPeriod',
] as const satisfies readonly (keyof JobTermsFields)[];

/** Columns -> terms; a value the contract does not know (edited by hand) reads as the default. */
function toTerms(row: TermsColumns): JobTermsFields {
  const amount = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    employmentType: employmentTypeSchema.catch('FULL_TIME').parse(row.employmentType),
    workplaceType: workplaceTypeSchema.catch('ONSITE').parse(row.workplaceType),
    payMin: amount(row.payMin),
    payMax: amount(row.payMax),
    payCurrency: row.payCurrency,
    payPeriod: payPeriodSchema.nullable().catch(null).parse(row.payPeriod),
  };
}

/** The terms among a recruiter's fields; the query leaves out the undefined ones. */
function termsValues(terms: Partial<JobTermsFields>): Partial<JobTermsFields> {
  const { employmentType, workplaceType, payMin, payMax, payCurrency, payPeriod } = terms;
  return { employmentType, workplaceType, payMin, payMax, payCurrency, payPeriod };
}

/** The list columns of a recruiter's fields as stored (JSON text); only the ones given. */
function listValues(input: Partial<JobInput>) {
  return {
    ...(input.locations !== undefined && {
      locations: input.locations === null ? null : JSON.stringify(input.locations),
    }),
    ...(input.remoteCountries !== undefined && {
      remoteCountries: JSON.stringify(input.remoteCountries),
    }),
    ...(input.questions !== undefined && { questions: JSON.stringify(input.questions) }),
  };
}

function toJob(row: JobRow): Job {
  return {
    ...row,
    ...toTerms(row),
    locations: jsonColumn(placesSchema.nullable(), row.locations, null),
    remoteCountries: jsonColumn(remoteCountriesSchema, row.remoteCountries, []),
    questions: jsonColumn(questionsSchema, row.questions, []),
    effectiveFrom: toIso(row.effectiveFrom),
    isOpen: row.isOpen === 1,
    closedAt: row.closedAt === null ? null : toIso(row.closedAt),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
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
    db.selectFrom('jobs').where('isOpen', '=', 1).where('effectiveFrom', '<=', now.toISOString());

  /**
   * Open openings in effect at `now`, newest first; only the listed columns (descriptions are
   * the bulk of a row, and only the search reads them).
   */
  const visible = (now: Date) =>
    visibleAt(now)
      .select(['id', 'code', 'title', 'location', 'effectiveFrom', 'updatedAt', ...termsColumns])
      .orderBy('effectiveFrom', 'desc')
      .orderBy('id', 'desc');
  type VisibleRow = Awaited<ReturnType<ReturnType<typeof visible>['executeTakeFirstOrThrow']>>;

  /** Every opening, whole, with its number of applicants (what recruiters see of one). */
  const withApplicants = () =>
    db
      .selectFrom('jobs')
      .selectAll('jobs')
      .select((eb) =>
        eb
          .selectFrom('applicants')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('applicants.jobId', '=', 'jobs.id')
          .as('applicants'),
      );
  type WithApplicantsRow = Awaited<
    ReturnType<ReturnType<typeof withApplicants>['executeTakeFirstOrThrow']>
  >;
  const toJobWithApplicants = (row: WithApplicantsRow): JobWithApplicants => ({
    ...toJob(row),
    applicants: Number(row.applicants ?? 0),
  });
  const toSummary = (row: VisibleRow): JobSummary => ({
    ...row,
    ...toTerms(row),
    effectiveFrom: toIso(row.effectiveFrom),
    updatedAt: toIso(row.updatedAt),
  });

  /** The openings `filter` keeps at `now`: reach, state and words, all in SQL. */
  const filtered = (filter: Omit<OpeningsFilter, 'sort'>, now: Date) => {
    const at = now.toISOString();
    let query = db.selectFrom('jobs').where(filter.inReach);
    if (filter.state === 'closed') query = query.where('jobs.isOpen', '=', 0);
    if (filter.state === 'open') {
      query = query.where('jobs.isOpen', '=', 1).where('jobs.effectiveFrom', '<=', at);
    }
    if (filter.state === 'scheduled') {
      query = query.where('jobs.isOpen', '=', 1).where('jobs.effectiveFrom', '>', at);
    }
    for (const word of searchWords(filter.q)) {
      query = query.where((eb) =>
        eb.or(
          (['jobs.code', 'jobs.title', 'jobs.location'] as const).map((column) =>
            containsWord(eb.ref(column), word),
          ),
        ),
      );
    }
    return query;
  };

  /**
   * The list's order; ties by id the same way, so a page never repeats or skips one. Titles
   * compare lower-cased (the same on both engines, served by jobs_title_idx); the state sort
   * is open, scheduled, closed, each newest first.
   */
  const sorted = <O>(
    query: SelectQueryBuilder<Database, 'jobs', O>,
    sort: OpeningSortParam,
    now: Date,
  ) => {
    const dir = sort.startsWith('-') ? 'desc' : 'asc';
    switch (sort.replace(/^-/, '')) {
      case 'code':
        return query.orderBy('jobs.code', dir);
      case 'title':
        return query.orderBy(sql`lower(${sql.ref('jobs.title')})`, dir).orderBy('jobs.id', dir);
      case 'state':
        return query
          .orderBy(
            sql`case when ${sql.ref('jobs.isOpen')} = 0 then 2 when ${sql.ref('jobs.effectiveFrom')} > ${now.toISOString()} then 1 else 0 end`,
            dir,
          )
          .orderBy('jobs.effectiveFrom', 'desc')
          .orderBy('jobs.id', 'desc');
      default:
        return query.orderBy('jobs.effectiveFrom', dir).orderBy('jobs.id', dir);
    }
  };

  return {
    /**
     * One page of the openings `filter` keeps, and how many it keeps in all: the rows alone
     * (their applicant counts are the pipeline's, read for this page's openings).
     */
    async page(
      filter: OpeningsFilter,
      page: number,
      pageSize: number,
      now: Date,
    ): Promise<{ items: Job[]; total: number }> {
      const total = await filtered(filter, now)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const rows = await sorted(filtered(filter, now).selectAll('jobs'), filter.sort, now)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(toJob), total: Number(total.n) };
    },

    /** Every opening within reach as a choice of one, newest first: three short columns. */
    async choices(inReach: OpeningsFilter['inReach']): Promise<OpeningChoice[]> {
      return db
        .selectFrom('jobs')
        .select(['jobs.id', 'jobs.code', 'jobs.title'])
        .where(inReach)
        .orderBy('jobs.effectiveFrom', 'desc')
        .orderBy('jobs.id', 'desc')
        .execute();
    },

    /** Open openings already in effect at `now`, newest first (docs/api.md). */
    async listVisible(now: Date): Promise<JobSummary[]> {
      return (await visible(now).execute()).map(toSummary);
    },

    /** The same openings as listVisible, with their descriptions (the careers page's search). */
    async listSearchable(now: Date): Promise<SearchableJob[]> {
      const rows = await visible(now)
        .select(['descriptionHtml', 'locations', 'remoteCountries'])
        .execute();
      return rows.map((row) => ({
        ...toSummary(row),
        descriptionHtml: row.descriptionHtml,
        locations: jsonColumn(placesSchema.nullable(), row.locations, null),
        remoteCountries: jsonColumn(remoteCountriesSchema, row.remoteCountries, []),
      }));
    },

    /** An opening a visitor may see and apply to: open and in effect; otherwise undefined. */
    async findVisible(id: number, now: Date): Promise<Job | undefined> {
      const row = await visibleAt(now).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toJob(row);
    },

    async findById(id: number): Promise<JobWithApplicants | undefined> {
      const row = await withApplicants().where('id', '=', id).executeTakeFirst();
      return row && toJobWithApplicants(row);
    },

    /** Every opening, open or closed, with its number of applicants (recruiters' list). */
    async listAll(): Promise<JobWithApplicants[]> {
      const rows = await withApplicants()
        .orderBy('effectiveFrom', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toJobWithApplicants);
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
            descriptionHtml: input.descriptionHtml,
            effectiveFrom: input.effectiveFrom,
            recruitmentManagers: input.recruitmentManagers,
            contactPersons: input.contactPersons,
            contactEmails: input.contactEmails,
            isOpen: input.isOpen ? 1 : 0,
            ...termsValues({ ...DEFAULT_OPENING_TERMS, ...input }),
            ...listValues(input),
            closedAt: input.isOpen ? null : now.toISOString(),
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
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
              descriptionHtml: patch.descriptionHtml,
            }),
            ...(patch.effectiveFrom !== undefined && { effectiveFrom: patch.effectiveFrom }),
            ...(patch.recruitmentManagers !== undefined && {
              recruitmentManagers: patch.recruitmentManagers,
            }),
            ...(patch.contactPersons !== undefined && { contactPersons: patch.contactPersons }),
            ...(patch.contactEmails !== undefined && { contactEmails: patch.contactEmails }),
            ...(patch.isOpen !== undefined && { isOpen: patch.isOpen ? 1 : 0 }),
            // Closing keeps the first close's moment (retention counts from it); reopening clears it.
            ...(patch.isOpen === true && { closedAt: null }),
            ...(patch.isOpen === false && {
              closedAt: sql<string>`coalesce(${sql.ref('closedAt')}, ${now.toISOString()})`,
            }),
            ...termsValues(patch),
            ...listValues(patch),
            updatedAt: now.toISOString(),
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

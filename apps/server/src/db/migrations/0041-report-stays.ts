import { sql, type RawBuilder } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * The stays of time in stage (docs/performance.md, "Report aggregates"), kept by the writer of
 * stage rows in the change's own transaction, as 0038's counts are. A stay is an applicant's
 * time in one stage: from applying (New) or the row that put them there to the next row of
 * their history, in milliseconds, exactly.
 *
 * - `report_stay_days`: per UTC day applied on, opening, stage and tenth of a day the stay
 *   lasted (`tenths`: its milliseconds divided by 8 640 000, rounded down), how many finished
 *   stays; written under the opening and under `job_id` 0, every opening, as 0038's counts are.
 *   A report finds from these counts which tenth holds the middle stay of each stage.
 * - `report_stay_months`: the same counts per month applied in (`day`: the month's first day),
 *   so a year's report sums a dozen months' rows and the days of the range's broken months, not
 *   365 days' rows of every tenth.
 * - `report_stays`: each finished stay, under the applicant (erased with them) and the row that
 *   ended it, with its milliseconds: the middle stay's exact length within its tenth, so the
 *   median is the one the histories give, read through `(stage, tenths, day, ms)` or
 *   `(job_id, stage, tenths, day, ms)` without touching the table.
 *
 * Who is in a stage now is 0038's `report_stage_days`.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres } = dialect(db);
  const ms = postgres ? sql`bigint` : sql`integer`;
  // The same counts per day and per month: one shape.
  for (const table of ['report_stay_days', 'report_stay_months']) {
    await db.schema
      .createTable(table)
      .addColumn('job_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('stage', 'varchar(20)', (c) => c.notNull())
      .addColumn('tenths', 'integer', (c) => c.notNull())
      .addColumn('stays', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['job_id', 'day', 'stage', 'tenths'])
      .execute();
  }
  await db.schema
    .createTable('report_stays')
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('ended_by', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('tenths', 'integer', (c) => c.notNull())
    .addColumn('ms', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('report_stays_pk', ['applicant_id', 'ended_by'])
    .execute();
  await sql`create index report_stays_tenth_idx on report_stays (stage, tenths, day, ms)`.execute(
    db,
  );
  await sql`
    create index report_stays_job_tenth_idx on report_stays (job_id, stage, tenths, day, ms)
  `.execute(db);
  await fillReportStays(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('report_stays').execute();
  await db.schema.dropTable('report_stay_months').execute();
  await db.schema.dropTable('report_stay_days').execute();
}

/** An instant's milliseconds since the epoch, exactly, in SQL. */
function epochMs(db: AnyDb, at: string): RawBuilder<number> {
  return dialect(db).postgres
    ? sql<number>`cast(round(extract(epoch from ${sql.ref(at)}) * 1000) as bigint)`
    : sql<number>`(cast(strftime('%s', ${sql.ref(at)}) as integer) * 1000 + cast(substr(${sql.ref(at)}, 21, 3) as integer))`;
}

/**
 * Each finished stay of every applicant (one row each), as `report_stays` keeps them: the rows
 * of a history in id order, the first stay (New) from applying. What the writer keeps.
 */
export function reportStayQueries(db: AnyDb) {
  const { postgres } = dialect(db);
  const day = postgres
    ? sql`to_char(a.applied_on at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`substr(a.applied_on, 1, 10)`;
  const length = sql`${epochMs(db, 'ended')} - ${epochMs(db, 'started')}`;
  // Rounded down, below zero too (a history's rows are in id order, whatever their instants).
  const tenths = sql`case when ms >= 0 then ms / 8640000 else -((-ms + 8639999) / 8640000) end`;
  const stays = sql<{
    applicant_id: number;
    ended_by: number;
    job_id: number;
    day: string;
    stage: string;
    tenths: number;
    ms: number;
  }>`
    with steps as (
      select a.id as applicant_id, a.job_id, ${day} as day, 'New' as stage,
        a.applied_on as started, 0 as seq
      from applicants a
      union all
      select a.id, a.job_id, ${day}, s.stage, s.changed_at, s.id
      from applicant_stages s inner join applicants a on a.id = s.applicant_id
    ),
    spans as (
      select applicant_id, job_id, day, stage, started,
        lead(started) over (partition by applicant_id order by seq) as ended,
        lead(seq) over (partition by applicant_id order by seq) as ended_by
      from steps
    ),
    measured as (
      select applicant_id, ended_by, job_id, day, stage, ${length} as ms
      from spans where ended_by is not null
    )
    select applicant_id, ended_by, job_id, day, stage, ${tenths} as tenths, ms from measured`;
  return {
    stays,
    /** The stays counted per opening, day, stage and tenth, and under job_id 0. */
    days: counted(stays, sql`day`),
    /** The same per month (its first day). */
    months: counted(stays, monthOf(sql`day`)),
  };
}

/** A `YYYY-MM-DD` day's month, as its first day. */
const monthOf = (day: RawBuilder<unknown>) => sql`substr(${day}, 1, 8) || '01'`;

/** `stays` counted per opening, `period`, stage and tenth, and under job_id 0. */
function counted(stays: RawBuilder<unknown>, period: RawBuilder<unknown>) {
  return sql<{ job_id: number; day: string; stage: string; tenths: number; stays: number }>`
    with c as (select job_id, ${period} as day, stage, tenths from (${stays}) s)
    select job_id, day, stage, tenths, count(*) as stays
    from c group by job_id, day, stage, tenths
    union all
    select 0, day, stage, tenths, count(*)
    from c group by day, stage, tenths`;
}

/**
 * Counts every applicant's finished stays into the (empty) tables: the migration over existing
 * data, and the growth bench after seeding with SQL.
 */
export async function fillReportStays(db: AnyDb): Promise<void> {
  await sql`
    insert into report_stays (applicant_id, ended_by, job_id, day, stage, tenths, ms)
    select * from (${reportStayQueries(db).stays}) s`.execute(db);
  // Counted from the stays just stored, not measured again from the histories.
  const stored = sql`select job_id, day, stage, tenths from report_stays`;
  await sql`
    insert into report_stay_days (job_id, day, stage, tenths, stays)
    select * from (${counted(stored, sql`day`)}) d`.execute(db);
  await sql`
    insert into report_stay_months (job_id, day, stage, tenths, stays)
    select * from (${counted(stored, monthOf(sql`day`))}) m`.execute(db);
}

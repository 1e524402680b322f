import { sql, type RawBuilder } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * Report aggregates (docs/performance.md, "Report aggregates"): counts of applicants per UTC day
 * they applied on and opening, kept by the writers of the reports' inputs in the change's own
 * transaction, so a year's report sums a few thousand rows instead of reading every applicant and
 * stage row of the year.
 *
 * - `report_funnel_days`: per day, opening, source credited at applying (`''` for none) and the
 *   furthest funnel stage the history reached (New 0, Screening 1, Interview 2, Offer 3, Hired 4;
 *   any other stage counts as New), how many applicants. The applicants a report covers, the
 *   pass-through funnel and the funnel per source.
 * - `report_stage_days`: per day, opening, current stage and, for Rejected, the reason given with
 *   that rejection (0 for none, and for every other stage), how many applicants.
 * - `report_hires`: one row per applicant hired now (current stage Hired): the day they applied
 *   on, opening and the days from applying to the move into Hired, as time to hire reads them.
 *   Its median needs each hire's days, not a count; hires are a few in a hundred applicants.
 *
 * Each count is written twice: under its opening and under `job_id` 0, every opening (no opening
 * has id 0), so a report over every opening reads one row per day and figure, not one per opening.
 * Neither table has foreign keys: 0 is no opening and no reason; a reason is deleted only when no
 * standing rejection gives it, so no count refers to a deleted one.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres } = dialect(db);
  await db.schema
    .createTable('report_funnel_days')
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('furthest', 'integer', (c) => c.notNull())
    .addColumn('applicants', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_funnel_days_pk', ['job_id', 'day', 'source_key', 'furthest'])
    .execute();
  await db.schema
    .createTable('report_stage_days')
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason_id', 'integer', (c) => c.notNull())
    .addColumn('applicants', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_stage_days_pk', ['job_id', 'day', 'stage', 'reason_id'])
    .execute();
  await db.schema
    .createTable('report_hires')
    .addColumn('applicant_id', 'integer', (c) =>
      c.primaryKey().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('days', postgres ? sql`double precision` : sql`real`, (c) => c.notNull())
    .execute();
  // A range of days across openings, and one opening's; the days read from the index alone.
  await sql`create index report_hires_day_idx on report_hires (day, job_id, days)`.execute(db);
  await sql`create index report_hires_job_day_idx on report_hires (job_id, day, days)`.execute(db);
  await fillReportAggregates(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('report_hires').execute();
  await db.schema.dropTable('report_stage_days').execute();
  await db.schema.dropTable('report_funnel_days').execute();
}

/** The UTC day an applicant applied on, as `YYYY-MM-DD` text, in SQL. */
function appliedDay(db: AnyDb): RawBuilder<string> {
  return dialect(db).postgres
    ? sql<string>`to_char(a.applied_on at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(a.applied_on, 1, 10)`;
}

/**
 * The milliseconds from `from` to `to`, exactly (SQLite: whole seconds and the ISO text's
 * milliseconds; PostgreSQL: extract's numeric), divided as the app divides them: the same
 * double as `(to - from) / 86_400_000` in JavaScript.
 */
function exactDays(db: AnyDb, from: string, to: string): RawBuilder<number> {
  const ms = (at: string) =>
    sql`(cast(strftime('%s', ${sql.raw(at)}) as integer) * 1000 + cast(substr(${sql.raw(at)}, 21, 3) as integer))`;
  return dialect(db).postgres
    ? sql<number>`(((extract(epoch from ${sql.raw(to)}) - extract(epoch from ${sql.raw(from)})) * 1000)::float8 / 86400000)`
    : sql<number>`((${ms(to)} - ${ms(from)}) / 86400000.0)`;
}

/**
 * Each applicant's contribution (one row each): opening, day, source key, furthest funnel stage,
 * current stage and the reason of a standing rejection. What the writers keep counted.
 */
function contributions(db: AnyDb) {
  return sql`
    select a.job_id, ${appliedDay(db)} as day, coalesce(a.source_name, '') as source_key,
      coalesce((
        select max(case s.stage when 'Screening' then 1 when 'Interview' then 2
          when 'Offer' then 3 when 'Hired' then 4 else 0 end)
        from applicant_stages s where s.applicant_id = a.id
      ), 0) as furthest,
      a.current_stage as stage,
      case when a.current_stage = 'Rejected' then coalesce((
        select s.rejection_reason_id from applicant_stages s
        where s.applicant_id = a.id order by s.id desc limit 1
      ), 0) else 0 end as reason_id
    from applicants a`;
}

/**
 * The rows both tables should hold, counted from the applicants and their histories: the fill
 * below, and what the tests compare the kept counts with.
 */
export function reportAggregateQueries(db: AnyDb) {
  const each = contributions(db);
  /** Counted per opening and `columns`, and under job_id 0 per `columns` alone. */
  const counted = <T>(columns: string) => sql<T & { job_id: number; applicants: number }>`
    with c as (${each})
    select job_id, ${sql.raw(columns)}, count(*) as applicants
    from c group by job_id, ${sql.raw(columns)}
    union all
    select 0, ${sql.raw(columns)}, count(*)
    from c group by ${sql.raw(columns)}`;
  return {
    funnel: counted<{ day: string; source_key: string; furthest: number }>(
      'day, source_key, furthest',
    ),
    stage: counted<{ day: string; stage: string; reason_id: number }>('day, stage, reason_id'),
    /** The hired now, with the row that put them in Hired (their latest). */
    hires: sql<{ applicant_id: number; job_id: number; day: string; days: number }>`
      select a.id as applicant_id, a.job_id, ${appliedDay(db)} as day,
        ${exactDays(db, 'a.applied_on', 's.changed_at')} as days
      from applicants a inner join applicant_stages s on s.applicant_id = a.id
      where a.current_stage = 'Hired'
        and s.id = (select max(l.id) from applicant_stages l where l.applicant_id = a.id)`,
  };
}

/**
 * Counts every applicant into the (empty) tables: the migration over existing data, and the
 * growth bench after seeding with SQL.
 */
export async function fillReportAggregates(db: AnyDb): Promise<void> {
  const { funnel, stage, hires } = reportAggregateQueries(db);
  await sql`
    insert into report_funnel_days (job_id, day, source_key, furthest, applicants)
    select * from (${funnel}) f`.execute(db);
  await sql`
    insert into report_stage_days (job_id, day, stage, reason_id, applicants)
    select * from (${stage}) s`.execute(db);
  await sql`
    insert into report_hires (applicant_id, job_id, day, days)
    select * from (${hires}) h`.execute(db);
}

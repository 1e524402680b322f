import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import {
  dayEnd,
  dayStart,
  FIRST_DAY,
  FUNNEL_AFTER_APPLYING,
  FUNNEL_STAGES,
  HIRE_BANDS,
  INITIAL_STAGE,
  percentOf,
  REPORT_DEFAULT_DAYS,
  WAITING_STAGES,
  type ApplicantStage,
  type PassThroughReport,
  type RejectionReasonsReport,
  type ReportFilter,
  type SourcesReport,
  type TimeInStageReport,
  type TimeToHireReport,
} from '@lumenfield/contract';
import type { Database, Db } from '../../db/database';
import { sqlDaysBetween } from '../../db/sql-days';
import { HttpProblem } from '../../lib/http-problem';
import { EVERY_OPENING } from '../applications/report-aggregates';
import { applicantInReach, jobInReach, type Reach } from '../team/reach';
import { keptOpenings } from './kept-counts';

/** The applicants a report covers: applied on `from` to `to` (UTC days, both included). */
export interface ReportRange {
  from: string;
  to: string;
  jobId: number | null;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The range a query names; without dates, the last REPORT_DEFAULT_DAYS days up to today. */
export function reportRange(
  query: { from?: string | undefined; to?: string | undefined; jobId?: number | undefined },
  now: Date,
): ReportRange {
  const to = query.to ?? isoDay(now);
  const before = isoDay(new Date(Date.parse(dayStart(to)) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS));
  // Four-digit years sort as text; a default reaching before the year 1 starts there.
  const from = query.from ?? (before < FIRST_DAY ? FIRST_DAY : before);
  if (from > to) throw new HttpProblem(400, 'The start date is after the end date.');
  return { from, to, jobId: query.jobId ?? null };
}

/** The median of `values` (the mean of the middle two of an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Days to one decimal, as every report shows them. */
const roundDays = (days: number | null) => (days === null ? null : Math.round(days * 10) / 10);
const daysBetween = (start: Date | string, end: Date | string) =>
  (new Date(end).getTime() - new Date(start).getTime()) / DAY_MS;

type Applicants = ExpressionBuilder<Database, 'applicants'>;

/** The id of the applicant's latest stage row: their current stage. */
const latestStageRow = (eb: Applicants) =>
  eb
    .selectFrom('applicantStages as latest')
    .select((inner) => inner.fn.max('latest.id').as('id'))
    .whereRef('latest.applicantId', '=', 'applicants.id');

/** The furthest funnel stage an applicant's history reached, as its index (New: 0). */
const furthest = sql<number>`coalesce(max(case ${sql.ref('s.stage')} ${sql.join(
  FUNNEL_STAGES.map((stage, index) => sql`when ${sql.lit(stage)} then ${sql.lit(index)}`),
  sql` `,
)} else 0 end), 0)`;

/**
 * The recruiters' reports (docs/recruiters.md, "Reports"): read-only figures over the stage
 * history (applicantStages: none means New since applying), the source credited at applying and
 * the reasons given with a rejection. Counts, medians and the opening's name; never an
 * applicant. Each covers only the applicants within the reader's `reach` (team/reach.ts).
 *
 * The applicants a filter covers, the two funnels and the rejection reasons are sums of the
 * report aggregates (applications/report-aggregates.ts) for a reach by opening, and time to hire
 * reads the hired's own rows there (a median needs each one's days); an interviewer's reach is
 * per applicant, and reads the histories. Time in stage reads the histories: its medians need
 * every stay (docs/performance.md, "Report aggregates").
 */
export function reportsRepository(
  db: Db,
  /** False: every figure from the histories, as before the aggregates (the tests' oracle). */
  { aggregates = true }: { aggregates?: boolean } = {},
) {
  /**
   * The rows of the report aggregates (as `c`) that count `range`'s applicants within `reach`
   * (kept-counts.ts): the days' rows of every opening, of the one opening asked for, or of the
   * hiring manager's openings. None when the reach is per applicant (an interviewer's): those
   * reports read the histories.
   */
  const countedIn = (
    range: ReportRange,
    reach: Reach,
    /** Null for report_hires and report_stays, whose rows are each an applicant's, under their opening only. */
    everyOpening: number | null = EVERY_OPENING,
  ): RawBuilder<SqlBool> | null => {
    const openings = aggregates ? keptOpenings(db, reach, range.jobId, everyOpening) : null;
    if (!openings) return null;
    return sql<SqlBool>`${openings} and c.day >= ${range.from} and c.day <= ${range.to}`;
  };
  const cohort = (range: ReportRange, reach: Reach) =>
    db
      .selectFrom('applicants')
      .where((eb) => applicantInReach(eb, reach))
      .where('applicants.appliedOn', '>=', dayStart(range.from))
      // The day's last instant, not the next day's first: after 9999-12-31 there is no day to
      // write in four digits, and `+010000-…` sorts before every stored instant.
      .where('applicants.appliedOn', '<=', dayEnd(range.to))
      .$if(range.jobId !== null, (q) => q.where('applicants.jobId', '=', range.jobId!));
  /**
   * The cohort's applicants whose current stage (stored on the applicant) is `stage`, the history
   * row that put them there joined as `s` (when and with what reason).
   */
  const nowIn = (range: ReportRange, reach: Reach, stage: ApplicantStage) =>
    cohort(range, reach)
      .where('applicants.currentStage', '=', stage)
      .innerJoin('applicantStages as s', 's.applicantId', 'applicants.id')
      .where((eb) => eb('s.id', '=', latestStageRow(eb)));

  /**
   * Time to hire's figures from the hired's own rows (report_hires, as `c`, the rows `counted`
   * names), worked out by the database: each opening's median (its middle row, or the mean of the
   * two) and bands, and the overall median, so the answer reads a few hundred rows, not every
   * hire's.
   */
  const hireFigures = async (counted: RawBuilder<SqlBool>): Promise<HireFigures> => {
    const hires = sql`select c.job_id, c.days from report_hires c where ${counted}`;
    const medians = await sql<{ jobId: number; hires: number; median: number }>`
      with ranked as (
        select job_id, days,
          row_number() over (partition by job_id order by days) as n,
          count(*) over (partition by job_id) as total
        from (${hires}) h
      )
      select job_id as "jobId", max(total) as hires, avg(days) as median from ranked
      where n in ((total + 1) / 2, (total + 2) / 2)
      group by job_id
    `.execute(db);
    const overall = await sql<{ hires: number; median: number | null }>`
      with ranked as (
        select days, row_number() over (order by days) as n, count(*) over () as total
        from (${hires}) h
      )
      select max(total) as hires, avg(days) as median from ranked
      where n in ((total + 1) / 2, (total + 2) / 2)
    `.execute(db);
    const band = sql`case ${sql.join(
      HIRE_BANDS.flatMap((b, index) =>
        b.upTo === null ? [] : [sql`when days <= ${sql.lit(b.upTo)} then ${sql.lit(index)}`],
      ),
      sql` `,
    )} else ${sql.lit(HIRE_BANDS.length - 1)} end`;
    const banded = await sql<{ jobId: number; band: number; n: number }>`
      select job_id as "jobId", ${band} as band, count(*) as n from (${hires}) h
      group by job_id, ${band}
    `.execute(db);
    const jobs = medians.rows.length
      ? await db
          .selectFrom('jobs')
          .select(['id', 'title', 'code'])
          .where(
            'id',
            'in',
            medians.rows.map((row) => Number(row.jobId)),
          )
          .execute()
      : [];
    const jobsById = new Map(jobs.map((job) => [job.id, job]));
    const bandCounts = (rows: { band: number; n: number }[]) =>
      HIRE_BANDS.map((b, index) => ({
        label: b.label,
        count: rows
          .filter((row) => Number(row.band) === index)
          .reduce((sum, row) => sum + Number(row.n), 0),
      }));
    const bandsByJob = new Map<number, { band: number; n: number }[]>();
    for (const row of banded.rows) {
      const jobId = Number(row.jobId);
      bandsByJob.set(jobId, [...(bandsByJob.get(jobId) ?? []), row]);
    }
    const top = overall.rows[0];
    return {
      overall: {
        hires: Number(top?.hires ?? 0),
        median: top?.median === null || top?.median === undefined ? null : Number(top.median),
        bands: bandCounts(banded.rows),
      },
      openings: medians.rows.map((row) => {
        const jobId = Number(row.jobId);
        const job = jobsById.get(jobId);
        return {
          jobId,
          jobTitle: job?.title ?? '',
          jobCode: job?.code ?? '',
          hires: Number(row.hires),
          median: Number(row.median),
          bands: bandCounts(bandsByJob.get(jobId) ?? []),
        };
      }),
    };
  };

  return {
    /**
     * The filter as a report states it, with the applicants it covers; 404 for no opening, or
     * one out of reach.
     */
    async filter(range: ReportRange, reach: Reach): Promise<ReportFilter> {
      let jobTitle: string | null = null;
      if (range.jobId !== null) {
        const job = await db
          .selectFrom('jobs')
          .select('title')
          .where('id', '=', range.jobId)
          .where((eb) => jobInReach(eb, reach))
          .executeTakeFirst();
        if (!job) throw new HttpProblem(404, `There is no opening ${range.jobId}.`);
        jobTitle = job.title;
      }
      const counted = countedIn(range, reach);
      const row = await (
        counted
          ? db
              .selectFrom('reportFunnelDays as c')
              .where(counted)
              .select(sql<number>`coalesce(sum(c.applicants), 0)`.as('n'))
          : cohort(range, reach).select(sql<number>`count(*)`.as('n'))
      ).executeTakeFirstOrThrow();
      return { ...range, jobTitle, applicants: Number(row.n) };
    },

    /** Applied to Hired, for those whose current stage is Hired: the median, bands, openings. */
    async timeToHire(filter: ReportFilter, reach: Reach): Promise<TimeToHireReport> {
      const counted = countedIn(filter, reach, null);
      const figures = counted
        ? await hireFigures(counted)
        : hireFiguresOf(
            (
              await nowIn(filter, reach, 'Hired')
                .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
                .select([
                  'applicants.appliedOn',
                  's.changedAt',
                  'jobs.id as jobId',
                  'jobs.title as jobTitle',
                  'jobs.code as jobCode',
                ])
                .execute()
            ).map(({ appliedOn, changedAt, ...job }) => ({
              ...job,
              days: daysBetween(appliedOn, changedAt),
            })),
          );
      const { overall, openings } = figures;
      return {
        filter,
        hires: overall.hires,
        medianDays: roundDays(overall.median),
        bands: overall.bands,
        openings: openings
          .map(({ median, ...opening }) => ({ ...opening, medianDays: roundDays(median) }))
          .sort((a, b) => b.hires - a.hires || a.jobTitle.localeCompare(b.jobTitle, 'en')),
      };
    },

    /** Per open stage: the median of the stays that ended, and how many are in it now. */
    async timeInStage(filter: ReportFilter, reach: Reach): Promise<TimeInStageReport> {
      const counted = countedIn(filter, reach);
      const figures = counted
        ? await stayFigures(filter, reach, counted)
        : await stayFiguresFromHistory(filter, reach);
      return {
        filter,
        stages: WAITING_STAGES.map((stage) => {
          const { stays, median, current } = figures.get(stage)!;
          return { stage, stays, medianDays: roundDays(median), current };
        }),
      };
    },

    /** How many reached each funnel stage (or a later one) and how many of those moved on. */
    async passThrough(filter: ReportFilter, reach: Reach): Promise<PassThroughReport> {
      const reached = reachedCounts(await furthestBySource(filter, reach));
      return {
        filter,
        stages: FUNNEL_STAGES.map((stage, index) => {
          const here = reached[index]!;
          const next = index + 1 < FUNNEL_STAGES.length ? reached[index + 1]! : null;
          return {
            stage,
            reached: here,
            movedOn: next,
            percentMovedOn: next === null ? null : percentOf(next, here),
          };
        }),
      };
    },

    /** The funnel per source credited at applying, most applicants first. */
    async sources(filter: ReportFilter, reach: Reach): Promise<SourcesReport> {
      const rows = await furthestBySource(filter, reach);
      const bySource = new Map<string | null, { furthest: number; n: number }[]>();
      for (const row of rows) {
        bySource.set(row.source, [...(bySource.get(row.source) ?? []), row]);
      }
      return {
        filter,
        sources: [...bySource]
          .map(([source, group]) => {
            const reached = reachedCounts(group);
            return {
              source,
              applicants: reached[0]!,
              reached: FUNNEL_AFTER_APPLYING.map((stage, index) => ({
                stage,
                count: reached[index + 1]!,
              })),
            };
          })
          .sort(
            (a, b) =>
              b.applicants - a.applicants ||
              (a.source === null ? 1 : b.source === null ? -1 : a.source.localeCompare(b.source)),
          ),
      };
    },

    /** Applicants whose current stage is Rejected, per reason given with that rejection. */
    async rejectionReasons(filter: ReportFilter, reach: Reach): Promise<RejectionReasonsReport> {
      const counted = countedIn(filter, reach);
      const rows = await (
        counted
          ? db
              .selectFrom('reportStageDays as c')
              .where(counted)
              .where('c.stage', '=', 'Rejected')
              .leftJoin('rejectionReasons as r', 'r.id', 'c.reasonId')
              .select(['r.id', 'r.label', 'r.retiredAt', sql<number>`sum(c.applicants)`.as('n')])
              .groupBy(['r.id', 'r.label', 'r.retiredAt'])
              .having(sql<number>`sum(c.applicants)`, '>', 0)
          : nowIn(filter, reach, 'Rejected')
              .leftJoin('rejectionReasons as r', 'r.id', 's.rejectionReasonId')
              .select(['r.id', 'r.label', 'r.retiredAt', sql<number>`count(*)`.as('n')])
              .groupBy(['r.id', 'r.label', 'r.retiredAt'])
      ).execute();
      const reasons = rows
        .map((row) => ({
          reason: row.label,
          retired: row.retiredAt !== null,
          count: Number(row.n),
        }))
        .sort(
          (a, b) =>
            b.count - a.count ||
            (a.reason === null ? 1 : b.reason === null ? -1 : a.reason.localeCompare(b.reason)),
        );
      return { filter, rejected: reasons.reduce((sum, r) => sum + r.count, 0), reasons };
    },
  };

  /**
   * Time in stage's figures from the report aggregates (migrations 0038 and 0041): the stays per
   * stage and tenth of a day show which tenth holds each stage's middle stay (or two), and that
   * tenth's own stays in report_stays, read in order from an index, give its exact length; who
   * is in a stage now is report_stage_days'. The same figures as the histories give.
   */
  async function stayFigures(range: ReportRange, reach: Reach, counted: RawBuilder<SqlBool>) {
    const waiting = [...WAITING_STAGES];
    // The whole months' counts from report_stay_months, the broken months' days' from
    // report_stay_days: a year reads a dozen months' rows, not 365 days'.
    const { months, days } = splitByMonths(range.from, range.to);
    const pieces = [
      ...days.map(([from, to]) => ['reportStayDays', { ...range, from, to }] as const),
      ...(months
        ? [['reportStayMonths', { ...range, from: months[0], to: months[1] }] as const]
        : []),
    ];
    const counts = new Map<string, { stage: string; tenths: number; n: number }>();
    for (const [table, piece] of pieces) {
      const rows = await db
        .selectFrom(`${table} as c` as 'reportStayDays as c')
        .where(countedIn(piece, reach)!)
        .where('c.stage', 'in', waiting)
        .select(['c.stage', 'c.tenths', sql<number>`sum(c.stays)`.as('n')])
        .groupBy(['c.stage', 'c.tenths'])
        .execute();
      for (const row of rows) {
        const key = `${row.stage} ${row.tenths}`;
        const found = counts.get(key) ?? { stage: row.stage, tenths: Number(row.tenths), n: 0 };
        found.n += Number(row.n);
        counts.set(key, found);
      }
    }
    const perTenth = [...counts.values()]
      .filter((row) => row.n > 0)
      .sort((a, b) => a.tenths - b.tenths);
    const now = await db
      .selectFrom('reportStageDays as c')
      .where(counted)
      .where('c.stage', 'in', waiting)
      .select(['c.stage', sql<number>`sum(c.applicants)`.as('n')])
      .groupBy('c.stage')
      .execute();
    const byStage = stageFigures();
    for (const row of now) byStage.get(row.stage as ApplicantStage)!.current = Number(row.n);
    // The stays themselves are kept under their opening only, as report_hires' rows are.
    const ownRows = countedIn(range, reach, null)!;
    /** The stays of `stage` lasting `tenths`, in order from the `offset`th: `count` of them. */
    const lengths = async (stage: string, tenths: number, offset: number, count: number) =>
      (
        await db
          .selectFrom('reportStays as c')
          .where(ownRows)
          .where('c.stage', '=', stage)
          .where('c.tenths', '=', tenths)
          .select('c.ms')
          .orderBy('c.ms')
          .limit(count)
          .offset(offset)
          .execute()
      ).map((row) => Number(row.ms) / DAY_MS);
    for (const [stage, figures] of byStage) {
      const tenths = perTenth.filter((row) => row.stage === stage);
      figures.stays = tenths.reduce((sum, row) => sum + row.n, 0);
      if (figures.stays === 0) continue;
      // The middle stay's rank from 0, and the next one's when the count is even.
      const first = Math.floor((figures.stays - 1) / 2);
      const last = Math.floor(figures.stays / 2);
      /** Where the stay of rank `rank` is: its tenth and its rank within it. */
      const locate = (rank: number) => {
        let before = 0;
        for (const row of tenths) {
          if (rank < before + row.n) return { tenths: row.tenths, offset: rank - before };
          before += row.n;
        }
        throw new Error(`no stay of rank ${rank} in ${stage}`);
      };
      const low = locate(first);
      const high = locate(last);
      const middle =
        low.tenths === high.tenths
          ? await lengths(stage, low.tenths, low.offset, last - first + 1)
          : [
              ...(await lengths(stage, low.tenths, low.offset, 1)),
              ...(await lengths(stage, high.tenths, high.offset, 1)),
            ];
      // As the histories' median: the middle stay, or the mean of the middle two.
      figures.median = middle.length === 1 ? middle[0]! : (middle[0]! + middle[1]!) / 2;
    }
    return byStage;
  }

  /**
   * Time in stage's figures from the histories, in SQL on both engines (lead() ends each stay;
   * the median is the middle row, or the mean of the two middle rows, of each stage's stays in
   * order), so 10 000 applicants' histories never cross the connection.
   */
  async function stayFiguresFromHistory(filter: ReportFilter, reach: Reach) {
    const cohortRows = cohort(filter, reach).select(['applicants.id', 'applicants.appliedOn']);
    const days = sqlDaysBetween(db, sql.ref('started'), sql.ref('ended'));
    const result = await sql<{
      stage: string;
      stays: number;
      median: number | null;
      current: number;
    }>`
    with cohort as ${cohortRows /* a query brings its own parentheses */},
    steps as (
      select c.id as applicant, ${sql.lit(INITIAL_STAGE)} as stage, c.applied_on as started, 0 as seq
      from cohort c
      union all
      select s.applicant_id, s.stage, s.changed_at, s.id
      from applicant_stages s inner join cohort c on c.id = s.applicant_id
    ),
    stays as (
      select stage, started, lead(started) over (partition by applicant order by seq) as ended from steps
    ),
    finished as (
      select stage, ${days} as days from stays where ended is not null
    ),
    ranked as (
      select stage, days,
        row_number() over (partition by stage order by days) as n,
        count(*) over (partition by stage) as total
      from finished
    ),
    medians as (
      select stage, max(total) as stays, avg(days) as median from ranked
      where n in ((total + 1) / 2, (total + 2) / 2)
      group by stage
    ),
    waiting as (
      select stage, count(*) as current from stays where ended is null group by stage
    )
    select m.stage, m.stays, m.median, 0 as current from medians m
    union all
    select w.stage, 0, null, w.current from waiting w
  `.execute(db);
    const byStage = stageFigures();
    for (const row of result.rows) {
      const figures = byStage.get(row.stage as ApplicantStage);
      if (!figures) continue;
      figures.stays += Number(row.stays);
      figures.current += Number(row.current);
      if (row.median !== null) figures.median = Number(row.median);
    }
    return byStage;
  }

  /**
   * Per source and furthest funnel stage (its index), how many applicants: from the report
   * aggregates when the reach is by opening, else from the histories.
   */
  async function furthestBySource(range: ReportRange, reach: Reach) {
    const counted = countedIn(range, reach);
    if (!counted) return furthestBySourceFromHistory(range, reach);
    const rows = await db
      .selectFrom('reportFunnelDays as c')
      .where(counted)
      .select(['c.sourceKey', 'c.furthest', sql<number>`sum(c.applicants)`.as('n')])
      .groupBy(['c.sourceKey', 'c.furthest'])
      .having(sql<number>`sum(c.applicants)`, '>', 0)
      .execute();
    return rows.map((row) => ({
      source: row.sourceKey === '' ? null : row.sourceKey,
      furthest: Number(row.furthest),
      n: Number(row.n),
    }));
  }

  /** The same figures counted from the cohort's histories. */
  async function furthestBySourceFromHistory(range: ReportRange, reach: Reach) {
    const perApplicant = db
      .selectFrom(
        // The cohort as a derived table first, so its index on applied_on leads the plan.
        cohort(range, reach).select(['applicants.id', 'applicants.sourceName']).as('a'),
      )
      .leftJoin('applicantStages as s', 's.applicantId', 'a.id')
      .select(['a.id', 'a.sourceName', furthest.as('furthest')])
      .groupBy(['a.id', 'a.sourceName']);
    const rows = await db
      .selectFrom(perApplicant.as('p'))
      .select(['p.sourceName', 'p.furthest', sql<number>`count(*)`.as('n')])
      .groupBy(['p.sourceName', 'p.furthest'])
      .execute();
    return rows.map((row) => ({
      source: row.sourceName,
      furthest: Number(row.furthest),
      n: Number(row.n),
    }));
  }
}

/** A month's place in time: year × 12 + month from 0. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthText = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
const monthStart = (index: number) => `${monthText(index)}-01`;
function monthEnd(index: number): string {
  const year = Math.floor(index / 12);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][index % 12]!;
  return `${monthText(index)}-${days}`;
}

/**
 * The UTC days `from` to `to` as the whole months within them (the first days of the first
 * and the last; null for none) and the days of the broken months at either end.
 */
export function splitByMonths(from: string, to: string) {
  const first = monthIndex(from) + (from === monthStart(monthIndex(from)) ? 0 : 1);
  const last = monthIndex(to) - (to === monthEnd(monthIndex(to)) ? 0 : 1);
  if (first > last) return { months: null, days: [[from, to]] as [string, string][] };
  const days: [string, string][] = [];
  if (from < monthStart(first)) days.push([from, monthEnd(first - 1)]);
  if (monthEnd(last) < to) days.push([monthStart(last + 1), to]);
  return { months: [monthStart(first), monthStart(last)] as const, days };
}

/** Time in stage's figures of each stage it shows, before any is counted. */
function stageFigures() {
  return new Map(
    WAITING_STAGES.map((stage) => [stage, { stays: 0, median: null as number | null, current: 0 }]),
  );
}

/** Time to hire's figures: over every hire, and per opening. */
interface HireFigures {
  overall: { hires: number; median: number | null; bands: { label: string; count: number }[] };
  openings: {
    jobId: number;
    jobTitle: string;
    jobCode: string;
    hires: number;
    median: number | null;
    bands: { label: string; count: number }[];
  }[];
}

/** Time to hire's figures from each hire's days (the histories' way, the aggregates' oracle). */
function hireFiguresOf(
  rows: readonly { jobId: number; jobTitle: string; jobCode: string; days: number }[],
): HireFigures {
  const all = rows.map((row) => Number(row.days));
  const openings = new Map<number, { jobTitle: string; jobCode: string; days: number[] }>();
  for (const row of rows) {
    const opening = openings.get(row.jobId) ?? {
      jobTitle: row.jobTitle,
      jobCode: row.jobCode,
      days: [],
    };
    opening.days.push(Number(row.days));
    openings.set(row.jobId, opening);
  }
  return {
    overall: { hires: all.length, median: median(all), bands: bandsOf(all) },
    openings: [...openings].map(([jobId, { days, ...job }]) => ({
      jobId,
      ...job,
      hires: days.length,
      median: median(days),
      bands: bandsOf(days),
    })),
  };
}

/** How many of `days` fall in each of time to hire's bands. */
function bandsOf(days: readonly number[]) {
  return HIRE_BANDS.map((band, index) => {
    const above = index === 0 ? -Infinity : HIRE_BANDS[index - 1]!.upTo!;
    const upTo = band.upTo ?? Infinity;
    return { label: band.label, count: days.filter((d) => d > above && d <= upTo).length };
  });
}

/** From counts per furthest stage, how many reached each funnel stage (or went past it). */
function reachedCounts(rows: readonly { furthest: number; n: number }[]): number[] {
  return FUNNEL_STAGES.map((_, index) =>
    rows.filter((row) => row.furthest >= index).reduce((sum, row) => sum + row.n, 0),
  );
}

// The report aggregates' writer (migrations 0038 and 0041, docs/performance.md "Report
// aggregates"): every change to a report's inputs adjusts the counts in its own transaction.
import { sql } from 'kysely';
import { FUNNEL_STAGES, type ApplicantStage } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';

/** The opening id under which the counts of every opening are kept (no opening has it). */
export const EVERY_OPENING = 0;

/** What an applicant adds to the counts: the keys of their one row in each table. */
interface Standing {
  jobId: number;
  day: string;
  sourceKey: string;
  furthest: number;
  stage: string;
  reasonId: number;
  /** For one hired now, their row of report_hires: days from applying to the move into Hired. */
  hire: { applicantId: number; jobId: number; day: string; days: number } | null;
  /** Their finished stays, each a row of report_stays and a count of report_stay_days. */
  stays: Stay[];
}

/** A finished stay in a stage, as report_stays keeps it (migration 0041). */
interface Stay {
  applicantId: number;
  /** The stage row that ended it. */
  endedBy: number;
  jobId: number;
  day: string;
  stage: string;
  tenths: number;
  ms: number;
}

/** A change of the counts: +1 or −1 applicant at each of a standing's keys. */
type Delta = readonly [Standing, number];

const funnelIndex = sql<number>`case ${sql.ref('s.stage')} ${sql.join(
  FUNNEL_STAGES.map((stage, index) => sql`when ${sql.lit(stage)} then ${sql.lit(index)}`),
  sql` `,
)} else 0 end`;

const DAY_MS = 86_400_000;
/** A tenth of a day: report_stay_days counts stays per tenth, rounded down. */
const TENTH_MS = 8_640_000;

// Well below either engine's limit of bound values per statement.
const CHUNK = 500;

/**
 * Where `applicantIds` stand in the counts now, read inside the caller's transaction: the day
 * they applied on (UTC), opening, source, furthest funnel stage of their history, current stage
 * the reason given with a standing rejection, for one hired now the days to hire, and their
 * finished stays. As the migrations' fills count them.
 */
async function standings(db: Db, applicantIds: readonly number[]): Promise<Standing[]> {
  const found: Standing[] = [];
  for (let i = 0; i < applicantIds.length; i += CHUNK) {
    const histories = await historiesOf(db, applicantIds.slice(i, i + CHUNK));
    const rows = await db
      .selectFrom('applicants')
      .select((eb) => [
        'applicants.id',
        'applicants.jobId',
        'applicants.appliedOn',
        'applicants.sourceName',
        'applicants.currentStage',
        eb
          .selectFrom('applicantStages as s')
          .select(sql<number>`max(${funnelIndex})`.as('n'))
          .whereRef('s.applicantId', '=', 'applicants.id')
          .as('furthest'),
        eb
          .selectFrom('applicantStages as s')
          .select('s.rejectionReasonId')
          .whereRef('s.applicantId', '=', 'applicants.id')
          .orderBy('s.id', 'desc')
          .limit(1)
          .as('reasonId'),
        eb
          .selectFrom('applicantStages as s')
          .select('s.changedAt')
          .whereRef('s.applicantId', '=', 'applicants.id')
          .orderBy('s.id', 'desc')
          .limit(1)
          .as('changedAt'),
      ])
      .where('applicants.id', 'in', applicantIds.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) {
      const day = toIso(row.appliedOn).slice(0, 10);
      const hiredAt =
        row.currentStage === ('Hired' satisfies ApplicantStage) ? row.changedAt : null;
      found.push({
        jobId: row.jobId,
        day,
        sourceKey: row.sourceName ?? '',
        furthest: Number(row.furthest ?? 0),
        stage: row.currentStage,
        reasonId:
          row.currentStage === ('Rejected' satisfies ApplicantStage) ? (row.reasonId ?? 0) : 0,
        // As time to hire measured it from the histories (reports-repository.ts).
        hire:
          hiredAt !== null
            ? {
                applicantId: row.id,
                jobId: row.jobId,
                day,
                days: (new Date(hiredAt).getTime() - new Date(row.appliedOn).getTime()) / DAY_MS,
              }
            : null,
        stays: staysOf(
          { applicantId: row.id, jobId: row.jobId, day },
          row.appliedOn,
          histories.get(row.id) ?? [],
        ),
      });
    }
  }
  return found;
}

type HistoryRow = { id: number; stage: string; changedAt: Date | string };

/** The applicants' stage rows, each history in id order (its order, whatever the instants). */
async function historiesOf(db: Db, applicantIds: readonly number[]) {
  const rows = await db
    .selectFrom('applicantStages')
    .select(['applicantId', 'id', 'stage', 'changedAt'])
    .where('applicantId', 'in', applicantIds)
    .orderBy('applicantId')
    .orderBy('id')
    .execute();
  const histories = new Map<number, HistoryRow[]>();
  for (const { applicantId, ...row } of rows) {
    histories.set(applicantId, [...(histories.get(applicantId) ?? []), row]);
  }
  return histories;
}

/** The finished stays of one history: New from applying, each stage to the row after it. */
function staysOf(
  applicant: Pick<Stay, 'applicantId' | 'jobId' | 'day'>,
  appliedOn: Date | string,
  history: readonly HistoryRow[],
): Stay[] {
  const stays: Stay[] = [];
  let stage = 'New';
  let started = new Date(appliedOn).getTime();
  for (const row of history) {
    const ended = new Date(row.changedAt).getTime();
    const ms = ended - started;
    stays.push({ ...applicant, endedBy: row.id, stage, tenths: Math.floor(ms / TENTH_MS), ms });
    stage = row.stage;
    started = ended;
  }
  return stays;
}

/**
 * Adds the deltas to the four count tables, each under its opening and under EVERY_OPENING.
 * Equal keys are summed first and the rows written in one order (the tables' keys; the funnel's
 * table, the stages', the stays' days, then their months), so two transactions adjusting the same rows take their
 * locks in the same order and never deadlock on PostgreSQL; a row already there gets the delta
 * added (`on conflict`), which waits for another writer of that row to commit. Applying adjusts them before it queues its mail, as
 * setStage's callers queue theirs after it, so the mail caps' locks are taken after these rows'
 * by every writer.
 */
async function adjust(db: Db, deltas: readonly Delta[]): Promise<void> {
  /** A row's key (opening, day, source or stage, furthest, reason or tenth) and the count added. */
  type Row = [jobId: number, day: string, text: string, number: number, applicants: number];
  const funnel = new Map<string, Row>();
  const stages = new Map<string, Row>();
  const stayDays = new Map<string, Row>();
  const stayMonths = new Map<string, Row>();
  const add = (into: Map<string, Row>, [jobId, day, text, number]: Row, n: number) => {
    const id = JSON.stringify([jobId, day, text, number]);
    const row = into.get(id) ?? [jobId, day, text, number, 0];
    row[4] += n;
    into.set(id, row);
  };
  for (const [s, n] of deltas) {
    for (const jobId of [EVERY_OPENING, s.jobId]) {
      add(funnel, [jobId, s.day, s.sourceKey, s.furthest, 0], n);
      add(stages, [jobId, s.day, s.stage, s.reasonId, 0], n);
      for (const stay of s.stays) {
        add(stayDays, [jobId, stay.day, stay.stage, stay.tenths, 0], n);
        add(stayMonths, [jobId, `${stay.day.slice(0, 8)}01`, stay.stage, stay.tenths, 0], n);
      }
    }
  }
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const changed = (rows: Map<string, Row>) =>
    [...rows.values()]
      .filter((row) => row[4] !== 0)
      .sort((a, b) => a[0] - b[0] || text(a[1], b[1]) || text(a[2], b[2]) || a[3] - b[3]);
  await upsert(
    db,
    'report_funnel_days',
    ['job_id', 'day', 'source_key', 'furthest'],
    changed(funnel),
  );
  await upsert(db, 'report_stage_days', ['job_id', 'day', 'stage', 'reason_id'], changed(stages));
  await upsert(db, 'report_stay_days', ['job_id', 'day', 'stage', 'tenths'], changed(stayDays));
  await upsert(db, 'report_stay_months', ['job_id', 'day', 'stage', 'tenths'], changed(stayMonths));
  // The hired now: their own rows (an erased one's goes with them, on delete cascade).
  const gone = deltas.filter(([s, n]) => n < 0 && s.hire).map(([s]) => s.hire!.applicantId);
  for (let i = 0; i < gone.length; i += CHUNK) {
    await db
      .deleteFrom('reportHires')
      .where('applicantId', 'in', gone.slice(i, i + CHUNK))
      .execute();
  }
  const hires = deltas.flatMap(([s, n]) => (n > 0 && s.hire ? [s.hire] : []));
  for (let i = 0; i < hires.length; i += CHUNK) {
    await db
      .insertInto('reportHires')
      .values(hires.slice(i, i + CHUNK))
      .execute();
  }
  // Each applicant's stays as they are now: those before out, those after in (a move adds one;
  // an erased applicant's go, as they would with them).
  const ended = deltas
    .filter(([s, n]) => n < 0 && s.stays.length > 0)
    .map(([s]) => s.stays[0]!.applicantId);
  for (let i = 0; i < ended.length; i += CHUNK) {
    await db
      .deleteFrom('reportStays')
      .where('applicantId', 'in', ended.slice(i, i + CHUNK))
      .execute();
  }
  const stays = deltas.flatMap(([s, n]) => (n > 0 ? s.stays : []));
  // Seven values a row: well below either engine's limit of bound values per statement.
  for (let i = 0; i < stays.length; i += CHUNK) {
    await db
      .insertInto('reportStays')
      .values(stays.slice(i, i + CHUNK))
      .execute();
  }
}

/**
 * Adds each row's applicants to the row of its key in `table`, made when missing: a statement
 * per CHUNK rows, each taking its rows in the order given.
 */
async function upsert(
  db: Db,
  table: 'report_funnel_days' | 'report_stage_days' | 'report_stay_days' | 'report_stay_months',
  keys: readonly string[],
  rows: readonly (readonly (number | string)[])[],
): Promise<void> {
  const names = (columns: readonly string[]) => sql.join(columns.map((c) => sql.id(c)));
  // What each row counts: applicants, or a day's stays of a length.
  const count = sql.id(table.startsWith('report_stay_') ? 'stays' : 'applicants');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await sql`
      insert into ${sql.table(table)} (${names(keys)}, ${count})
      values ${sql.join(chunk.map((row) => sql`(${sql.join(row)})`))}
      on conflict (${names(keys)})
      do update set ${count} = ${sql.table(table)}.${count} + excluded.${count}
    `.execute(db);
  }
}

/**
 * Keeps the report aggregates in step, inside the transaction of the change. Each takes the
 * applicants' counts as the database holds them then, so the kept counts are always the ones the
 * migration would count afresh.
 */
export const reportAggregates = {
  /** Applicants just stored: counted in. */
  async added(db: Db, applicantIds: readonly number[]): Promise<void> {
    await adjust(
      db,
      (await standings(db, applicantIds)).map((s) => [s, 1] as const),
    );
  },

  /**
   * Around a change of an applicant's history (`change`, under their lock): their counts before
   * come out, their counts after go in.
   */
  async changing<T>(db: Db, applicantId: number, change: () => Promise<T>): Promise<T> {
    const before = await standings(db, [applicantId]);
    const result = await change();
    const after = await standings(db, [applicantId]);
    await adjust(db, [
      ...before.map((s) => [s, -1] as const),
      ...after.map((s) => [s, 1] as const),
    ]);
    return result;
  },

  /**
   * Applicants about to be erased: counted out, as today's reports no longer count an erased
   * applicant (the reports read the applicants that exist).
   */
  async erasing(db: Db, applicantIds: readonly number[]): Promise<void> {
    await adjust(
      db,
      (await standings(db, applicantIds)).map((s) => [s, -1] as const),
    );
  },
};

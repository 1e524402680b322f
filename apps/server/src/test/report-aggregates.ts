import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AnyDb } from '../db/migrations/dialect';
import { reportAggregateQueries } from '../db/migrations/0038-report-aggregates';
import { reportStayQueries } from '../db/migrations/0041-report-stays';

/** A table's rows as sortable text, zero counts left out (a row may fall to 0 and stay). */
const asLines = (rows: readonly Record<string, unknown>[], keys: readonly string[]) =>
  rows
    .filter((row) => !('applicants' in row) || Number(row.applicants) !== 0)
    .filter((row) => !('stays' in row) || Number(row.stays) !== 0)
    .map((row) => keys.map((key) => String(Number(row[key]) || row[key])).join(' | '))
    .sort();

/**
 * The report aggregates as kept (report_funnel_days, report_stage_days, report_hires,
 * report_stay_days, report_stay_months, report_stays) and as counted afresh from the applicants and their histories
 * (the migrations' fills): equal when the writers kept them in step.
 */
export async function reportAggregatesNow(db: Db) {
  const fresh = reportAggregateQueries(db as unknown as AnyDb);
  const funnelKeys = ['jobId', 'day', 'sourceKey', 'furthest', 'applicants'];
  const stageKeys = ['jobId', 'day', 'stage', 'reasonId', 'applicants'];
  const hireKeys = ['applicantId', 'jobId', 'day', 'days'];
  const stayDayKeys = ['jobId', 'day', 'stage', 'tenths', 'stays'];
  const stayKeys = ['applicantId', 'endedBy', 'jobId', 'day', 'stage', 'tenths', 'ms'];
  const stays = reportStayQueries(db as unknown as AnyDb);
  const keptRows = async (table: string) =>
    (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
  return {
    kept: {
      funnel: asLines(await keptRows('report_funnel_days'), funnelKeys),
      stage: asLines(await keptRows('report_stage_days'), stageKeys),
      hires: asLines(await keptRows('report_hires'), hireKeys),
      stayDays: asLines(await keptRows('report_stay_days'), stayDayKeys),
      stayMonths: asLines(await keptRows('report_stay_months'), stayDayKeys),
      stays: asLines(await keptRows('report_stays'), stayKeys),
    },
    counted: {
      funnel: asLines((await fresh.funnel.execute(db)).rows, funnelKeys),
      stage: asLines((await fresh.stage.execute(db)).rows, stageKeys),
      hires: asLines((await fresh.hires.execute(db)).rows, hireKeys),
      stayDays: asLines((await stays.days.execute(db)).rows, stayDayKeys),
      stayMonths: asLines((await stays.months.execute(db)).rows, stayDayKeys),
      stays: asLines((await stays.stays.execute(db)).rows, stayKeys),
    },
  };
}

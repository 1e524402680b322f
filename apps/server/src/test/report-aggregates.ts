import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AnyDb } from '../db/migrations/dialect';
import { reportAggregateQueries } from '../db/migrations/0038-report-aggregates';

/** A table's rows as sortable text, zero counts left out (a row may fall to 0 and stay). */
const asLines = (rows: readonly Record<string, unknown>[], keys: readonly string[]) =>
  rows
    .filter((row) => !('applicants' in row) || Number(row.applicants) !== 0)
    .map((row) => keys.map((key) => String(Number(row[key]) || row[key])).join(' | '))
    .sort();

/**
 * The report aggregates as kept (report_funnel_days, report_stage_days, report_hires) and as counted afresh
 * from the applicants and their histories (the migration's fill): equal when the writers kept
 * them in step.
 */
export async function reportAggregatesNow(db: Db) {
  const fresh = reportAggregateQueries(db as unknown as AnyDb);
  const funnelKeys = ['jobId', 'day', 'sourceKey', 'furthest', 'applicants'];
  const stageKeys = ['jobId', 'day', 'stage', 'reasonId', 'applicants'];
  const hireKeys = ['applicantId', 'jobId', 'day', 'days'];
  const keptRows = async (table: string) =>
    (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
  return {
    kept: {
      funnel: asLines(await keptRows('report_funnel_days'), funnelKeys),
      stage: asLines(await keptRows('report_stage_days'), stageKeys),
      hires: asLines(await keptRows('report_hires'), hireKeys),
    },
    counted: {
      funnel: asLines((await fresh.funnel.execute(db)).rows, funnelKeys),
      stage: asLines((await fresh.stage.execute(db)).rows, stageKeys),
      hires: asLines((await fresh.hires.execute(db)).rows, hireKeys),
    },
  };
}

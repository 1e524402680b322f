// Counting applicants without reading them: the report aggregates (migration 0038,
// applications/report-aggregates.ts) keep how many applicants each opening holds per applied day,
// current stage and source, in every change's own transaction, so the console's lists read
// their totals from a few thousand kept rows instead of a million applicants.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { EVERY_OPENING } from '../applications/report-aggregates';
import { jobInReach, type Reach } from '../team/reach';

/**
 * The condition on the aggregates' rows (as `c`) that counts the applicants within `reach`, of
 * `jobId` or of every opening: the opening's rows, EVERY_OPENING's (`everyOpening`; null for a
 * table kept under each opening only), or the hiring manager's openings'. Null when the reach is
 * per applicant (an interviewer's): only the applicants themselves can say who that covers.
 */
export function keptOpenings(
  db: Db,
  reach: Reach,
  jobId: number | null,
  everyOpening: number | null = EVERY_OPENING,
): RawBuilder<SqlBool> | null {
  if (reach.kind !== 'all' && reach.kind !== 'openings') return null;
  const opening = jobId === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`c.job_id = ${jobId}`;
  if (reach.kind === 'all') {
    if (jobId !== null || everyOpening === null) return opening;
    return sql<SqlBool>`c.job_id = ${everyOpening}`;
  }
  // A hiring manager's openings, of which one may be asked for (another one counts nothing).
  const openings = db
    .selectFrom('jobs')
    .select('jobs.id')
    .where((eb) => jobInReach(eb, reach));
  return sql<SqlBool>`${opening} and c.job_id in ${openings}`;
}

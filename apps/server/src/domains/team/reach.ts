import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { UserRole } from '@lumenfield/contract';
import type { Database, Db } from '../../db/database';

/**
 * What a console person reaches of the openings and applicants (docs/recruiters.md, "Hiring
 * team"): the one rule every list, page, board, CSV, report and write of applicants applies.
 * - `all`: admins and recruiters (and the bearer API);
 * - `openings`: a hiring manager: the openings whose team names them hiring manager, and those
 *   openings' applicants;
 * - `interviews`: an interviewer: the applicants with an interview, not cancelled, that names
 *   them; no opening;
 * - `none`: every other role (compliance), should a route ever ask.
 * Out of reach is answered as missing (404): nothing tells it exists.
 */
export type Reach =
  | { kind: 'all' }
  | { kind: 'openings'; userId: number }
  | { kind: 'interviews'; userId: number }
  | { kind: 'none' };

export const EVERYTHING: Reach = { kind: 'all' };

export function reachOf(user: { id: number; role: UserRole }): Reach {
  switch (user.role) {
    case 'admin':
    case 'recruiter':
      return EVERYTHING;
    case 'hiring_manager':
      return { kind: 'openings', userId: user.id };
    case 'interviewer':
      return { kind: 'interviews', userId: user.id };
    default:
      return { kind: 'none' };
  }
}

/** The staff see duplicates, sources and the whole history; the others only their share. */
export const reachesAll = (reach: Reach) => reach.kind === 'all';

type AnyBuilder = ExpressionBuilder<Database, never>;

/** The ids of the openings whose team names `userId` hiring manager. */
const managedJobs = (eb: AnyBuilder, userId: number) =>
  eb
    .selectFrom('jobTeam')
    .select('jobTeam.jobId')
    .where('jobTeam.userId', '=', userId)
    .where('jobTeam.part', '=', 'hiring_manager');

/** The ids of the applicants `userId` interviews (an interview not cancelled names them). */
const interviewedApplicants = (eb: AnyBuilder, userId: number) =>
  eb
    .selectFrom('interviews')
    .innerJoin('interviewInterviewers', 'interviewInterviewers.interviewId', 'interviews.id')
    .select('interviews.applicantId')
    .where('interviewInterviewers.userId', '=', userId)
    .where('interviews.status', '!=', 'cancelled');

/** The condition "this applicant is within reach", over a query of `applicants`. */
export function applicantInReach(
  eb: ExpressionBuilder<Database, 'applicants'>,
  reach: Reach,
): Expression<SqlBool> {
  const any = eb as unknown as AnyBuilder;
  if (reach.kind === 'all') return eb.and([]);
  if (reach.kind === 'openings') {
    return eb('applicants.jobId', 'in', managedJobs(any, reach.userId));
  }
  if (reach.kind === 'interviews') {
    return eb('applicants.id', 'in', interviewedApplicants(any, reach.userId));
  }
  return eb.or([]);
}

/** The condition "this opening is within reach", over a query of `jobs` (none for interviews). */
export function jobInReach(
  eb: ExpressionBuilder<Database, 'jobs'>,
  reach: Reach,
): Expression<SqlBool> {
  if (reach.kind === 'all') return eb.and([]);
  if (reach.kind !== 'openings') return eb.or([]);
  return eb('jobs.id', 'in', managedJobs(eb as unknown as AnyBuilder, reach.userId));
}

/** Whether the applicant (`applicant`) or the opening (`job`) is within reach; false if missing. */
export async function reaches(db: Db, reach: Reach, kind: 'applicant' | 'job', id: number) {
  const row =
    kind === 'applicant'
      ? await db
          .selectFrom('applicants')
          .select('applicants.id')
          .where('applicants.id', '=', id)
          .where((eb) => applicantInReach(eb, reach))
          .executeTakeFirst()
      : await db
          .selectFrom('jobs')
          .select('jobs.id')
          .where('jobs.id', '=', id)
          .where((eb) => jobInReach(eb, reach))
          .executeTakeFirst();
  return row !== undefined;
}

import type { Database, Db } from '../../db/database';
import { toIso } from '../../db/database';
import type { SelectQueryBuilder } from 'kysely';
import type { InterviewFacts, Interviewer } from './interview-calendar';

/** The interviews' columns the calendar code reads, with the applicant, plan and opening. */
type InterviewQuery = SelectQueryBuilder<
  Database,
  'interviews' | 'applicants' | 'planInterviews' | 'jobs',
  object
>;

export interface StoredInterview extends InterviewFacts {
  /** The sequence whose calendar mail has gone out; null: none yet. */
  mailedSequence: number | null;
  /** The start the 24-hour reminder went out for; null: none yet. */
  remindedStartsAt: string | null;
  /** The interviewers the last calendar mail went to. */
  mailedInterviewerIds: number[];
}

/** A stored JSON array of user ids; anything else is none. */
const idsOf = (stored: string | null): number[] => {
  const parsed: unknown = stored === null ? [] : JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
};

/** People by id, as the calendar code names them (an interviewer taken off an interview). */
export async function readPeople(db: Db, ids: readonly number[]): Promise<Interviewer[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'timeZone'])
    .where('id', 'in', ids)
    .orderBy('name')
    .execute();
}

/**
 * The interviews `narrow` picks that have a start (scheduled or cancelled; an offered one has
 * none and no calendar entry), with their candidate, plan interview, opening and interviewers.
 */
export async function readInterviews(
  db: Db,
  narrow: (query: InterviewQuery) => InterviewQuery,
): Promise<StoredInterview[]> {
  const rows = await narrow(
    db
      .selectFrom('interviews')
      .innerJoin('applicants', 'applicants.id', 'interviews.applicantId')
      .innerJoin('planInterviews', 'planInterviews.id', 'interviews.planInterviewId')
      .innerJoin('jobs', 'jobs.id', 'planInterviews.jobId')
      .where('interviews.status', 'in', ['scheduled', 'cancelled'])
      .where('interviews.startsAt', 'is not', null),
  )
    .select([
      'interviews.id',
      'interviews.uid',
      'interviews.sequence',
      'interviews.status',
      'interviews.startsAt',
      'interviews.timeZone',
      'interviews.durationMinutes',
      'interviews.location',
      'interviews.applicantId',
      'interviews.mailedSequence',
      'interviews.remindedStartsAt',
      'interviews.mailedInterviewerIds',
      'interviews.updatedAt',
      'applicants.firstName',
      'applicants.lastName',
      'applicants.email',
      'planInterviews.name',
      'planInterviews.kind',
      'jobs.title as jobTitle',
    ])
    .orderBy('interviews.startsAt')
    .orderBy('interviews.id')
    .execute();
  if (rows.length === 0) return [];
  const people = await db
    .selectFrom('interviewInterviewers')
    .innerJoin('users', 'users.id', 'interviewInterviewers.userId')
    .select([
      'interviewInterviewers.interviewId',
      'users.id',
      'users.name',
      'users.email',
      'users.timeZone',
    ])
    .where(
      'interviewInterviewers.interviewId',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('users.name')
    .execute();
  const byInterview = new Map<number, Interviewer[]>();
  for (const { interviewId, ...person } of people) {
    byInterview.set(interviewId, [...(byInterview.get(interviewId) ?? []), person]);
  }
  return rows.map((row) => ({
    id: row.id,
    uid: row.uid,
    sequence: row.sequence,
    status: row.status === 'cancelled' ? 'cancelled' : 'scheduled',
    startsAt: new Date(toIso(row.startsAt!)),
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    location: row.location,
    applicantId: row.applicantId,
    candidate: { name: `${row.firstName} ${row.lastName}`, email: row.email },
    name: row.name,
    kind: row.kind,
    jobTitle: row.jobTitle,
    interviewers: byInterview.get(row.id) ?? [],
    updatedAt: new Date(toIso(row.updatedAt)),
    mailedSequence: row.mailedSequence,
    remindedStartsAt: row.remindedStartsAt === null ? null : toIso(row.remindedStartsAt),
    mailedInterviewerIds: idsOf(row.mailedInterviewerIds),
  }));
}

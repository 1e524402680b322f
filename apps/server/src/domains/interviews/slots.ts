import { PLAN_LIMITS, SELF_SCHEDULING } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { holdLocks } from '../../db/write-transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import { plusMinutes, withinHours, type DaySpan } from './wall-time';

/**
 * Self-scheduling (docs/careers.md, "Booking an interview"): the times a candidate may choose
 * from, made when a recruiter offers them, and the booking of one. Two bookings of one
 * interviewer's time never both hold: the interviewers' locks judge overlapping times one after
 * another, and `slot_bookings`' key refuses a second booking of one start outright.
 */

const HOUR_MS = 3_600_000;
const STEP_MS = SELF_SCHEDULING.stepMinutes * 60_000;

/** The lock a booking holds for each interviewer, so overlapping bookings are judged in turn. */
export const interviewerLock = (userId: number) => `interviewer:${userId}`;

/** The earliest start a candidate may still book, move or cancel. */
export const bookableFrom = (now: Date) =>
  new Date(now.getTime() + SELF_SCHEDULING.noticeHours * HOUR_MS);

/** One interviewer's zone and weekly spans. */
export interface PersonHours {
  userId: number;
  timeZone: string | null;
  spans: readonly DaySpan[];
}

/** Time an interviewer is already taken: an interview not cancelled. */
export interface Busy {
  userId: number;
  start: Date;
  end: Date;
}

const overlaps = (busy: readonly Busy[], userId: number, start: Date, end: Date) =>
  busy.some((b) => b.userId === userId && b.start < end && b.end > start);

/**
 * The starts from `from` to `until`, on the step's marks, where every interviewer is inside
 * their own working hours (read in their zone) and free for the whole interview. After a start
 * is taken, the next one comes after it ends: the times offered never overlap one another.
 */
export function slotStarts(options: {
  people: readonly PersonHours[];
  busy: readonly Busy[];
  durationMinutes: number;
  from: Date;
  until: Date;
  max?: number;
}): Date[] {
  const { people, busy, durationMinutes, from, until } = options;
  const max = options.max ?? SELF_SCHEDULING.maxSlots;
  if (people.length === 0 || people.some((p) => p.timeZone === null || p.spans.length === 0)) {
    return [];
  }
  const length = Math.ceil((durationMinutes * 60_000) / STEP_MS) * STEP_MS;
  const starts: Date[] = [];
  let at = Math.ceil(from.getTime() / STEP_MS) * STEP_MS;
  while (at < until.getTime() && starts.length < max) {
    const start = new Date(at);
    const end = plusMinutes(start, durationMinutes);
    const free = people.every(
      (person) =>
        withinHours(start, end, person.timeZone!, person.spans) &&
        !overlaps(busy, person.userId, start, end),
    );
    if (free) starts.push(start);
    at += free ? length : STEP_MS;
  }
  return starts;
}

/** The interviewers' zones and working spans. */
export async function hoursOf(reader: Db, userIds: readonly number[]): Promise<PersonHours[]> {
  if (userIds.length === 0) return [];
  const people = await reader
    .selectFrom('users')
    .select(['id', 'timeZone'])
    .where('id', 'in', userIds)
    .execute();
  const spans = await reader
    .selectFrom('workingHours')
    .select(['userId', 'weekday', 'startMinute', 'endMinute'])
    .where('userId', 'in', userIds)
    .execute();
  return people.map((person) => ({
    userId: person.id,
    timeZone: person.timeZone,
    spans: spans.filter((span) => span.userId === person.id),
  }));
}

/** The interviews (not cancelled, with a start) that take the people's time in a window. */
export async function busyOf(
  reader: Db,
  userIds: readonly number[],
  from: Date,
  until: Date,
  exceptInterviewId?: number,
): Promise<Busy[]> {
  if (userIds.length === 0) return [];
  const rows = await reader
    .selectFrom('interviews')
    .innerJoin('interviewInterviewers', 'interviewInterviewers.interviewId', 'interviews.id')
    .select(['interviewInterviewers.userId', 'interviews.startsAt', 'interviews.durationMinutes'])
    .where('interviewInterviewers.userId', 'in', userIds)
    .where('interviews.status', '!=', 'cancelled')
    .where('interviews.startsAt', 'is not', null)
    .where('interviews.startsAt', '<', until.toISOString())
    .where('interviews.startsAt', '>', plusMinutes(from, -PLAN_LIMITS.maxDuration).toISOString())
    .$if(exceptInterviewId !== undefined, (q) => q.where('interviews.id', '!=', exceptInterviewId!))
    .execute();
  return rows.map((row) => {
    const start = new Date(toIso(row.startsAt!));
    return { userId: row.userId, start, end: plusMinutes(start, row.durationMinutes) };
  });
}

/** An interview's interviewers, by id. */
export const interviewerIdsOf = async (reader: Db, interviewId: number) =>
  (
    await reader
      .selectFrom('interviewInterviewers')
      .select('userId')
      .where('interviewId', '=', interviewId)
      .orderBy('userId')
      .execute()
  ).map((row) => row.userId);

/**
 * Offers an interview's times: the free starts of the next two weeks (from a day ahead) for
 * all of its interviewers, stored with it. Answers how many; none means nothing is stored.
 */
export async function offerSlots(
  trx: Db,
  interviewId: number,
  interviewerIds: readonly number[],
  durationMinutes: number,
  now: Date,
): Promise<number> {
  const from = bookableFrom(now);
  const until = new Date(from.getTime() + SELF_SCHEDULING.windowDays * 24 * HOUR_MS);
  const starts = slotStarts({
    people: await hoursOf(trx, interviewerIds),
    busy: await busyOf(trx, interviewerIds, from, until, interviewId),
    durationMinutes,
    from,
    until,
  });
  if (starts.length === 0) return 0;
  await trx
    .insertInto('interviewSlots')
    .values(starts.map((start) => ({ interviewId, startsAt: start.toISOString() })))
    .execute();
  return starts.length;
}

/** The offered starts a candidate may still book: a day ahead at least, everyone still free. */
export async function freeSlots(reader: Db, interviewId: number, now: Date): Promise<Date[]> {
  const interview = await reader
    .selectFrom('interviews')
    .select('durationMinutes')
    .where('id', '=', interviewId)
    .executeTakeFirst();
  if (!interview) return [];
  const offered = (
    await reader
      .selectFrom('interviewSlots')
      .select('startsAt')
      .where('interviewId', '=', interviewId)
      .where('startsAt', '>=', bookableFrom(now).toISOString())
      .orderBy('startsAt')
      .execute()
  ).map((row) => new Date(toIso(row.startsAt)));
  if (offered.length === 0) return [];
  const people = await interviewerIdsOf(reader, interviewId);
  const last = plusMinutes(offered.at(-1)!, interview.durationMinutes);
  const busy = await busyOf(reader, people, offered[0]!, last, interviewId);
  return offered.filter((start) => {
    const end = plusMinutes(start, interview.durationMinutes);
    return people.every((userId) => !overlaps(busy, userId, start, end));
  });
}

/** Whether the candidate booked this interview from offered times. */
export async function bookedByCandidate(reader: Db, interviewId: number): Promise<boolean> {
  const row = await reader
    .selectFrom('slotBookings')
    .select('interviewId')
    .where('interviewId', '=', interviewId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Why a booking did not happen: the time is not (or no longer) free. */
export class SlotTaken extends Error {
  constructor() {
    super('slot taken');
  }
}

/**
 * Books `start` for the interview inside a write that holds its applicant's lock: the start
 * must be one offered and still free for every interviewer (judged under their locks); their
 * time is recorded in `slot_bookings` (the key refuses a second booking of one start) and a
 * booking the candidate made before is given up. Throws SlotTaken otherwise, so the whole
 * write rolls back.
 */
export async function bookSlot(trx: Db, interviewId: number, start: Date, now: Date) {
  const people = await interviewerIdsOf(trx, interviewId);
  await holdLocks(trx, people.map(interviewerLock));
  const free = await freeSlots(trx, interviewId, now);
  if (!free.some((slot) => slot.getTime() === start.getTime())) throw new SlotTaken();
  await releaseBooking(trx, interviewId);
  try {
    await trx
      .insertInto('slotBookings')
      .values(people.map((userId) => ({ userId, startsAt: start.toISOString(), interviewId })))
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlotTaken();
    throw error;
  }
}

/** Gives the interviewers' time of a booking back (moved, cancelled or set by a recruiter). */
export const releaseBooking = (trx: Db, interviewId: number) =>
  trx.deleteFrom('slotBookings').where('interviewId', '=', interviewId).execute();

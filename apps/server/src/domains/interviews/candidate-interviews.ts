import { DateTime } from 'luxon';
import {
  applicantPageCopy as copy,
  interviewKindLabels,
  isOpenStage,
  type ApplicantInterview,
  type ApplicantStage,
  type InterviewKind,
  type SlotDay,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { selectInterviewsWithPlan } from '../../db/interviews-with-plan';
import { bookableFrom, bookedByCandidate, bookSlot, freeSlots, releaseBooking } from './slots';
import { whenInZone, zoneOr } from './wall-time';

/**
 * An applicant's interviews as their own page shows them and changes them (docs/careers.md,
 * "Booking an interview"): what, when in their zone and with whom, never the kit or a
 * scorecard. The writes run inside the page's own, under the applicant's lock.
 */

/** What a candidate's booking or cancellation came to. */
export type CandidateChange =
  | { done: true }
  /** No such interview of theirs, or no longer open to booking. */
  | { refusal: string; status: 404 | 409 };

const gone = { refusal: copy.interviewGone, status: 404 } as const;
const tooLate = { refusal: copy.tooLate, status: 409 } as const;

/**
 * The applicant's interviews not cancelled. Times offered and not yet booked are left out once
 * the applicant is no longer in the running (hired, rejected, withdrawn): the offer went with
 * their application, so nothing of it can be booked from an old link.
 */
const rowsOf = (reader: Db, applicantId: number, interviewId?: number) =>
  selectInterviewsWithPlan(reader)
    .innerJoin('applicants', 'applicants.id', 'interviews.applicantId')
    .select([
      'interviews.location',
      'interviews.sequence',
      'planInterviews.kind',
      'applicants.currentStage',
    ])
    .where('interviews.applicantId', '=', applicantId)
    .where('interviews.status', '!=', 'cancelled')
    .$if(interviewId !== undefined, (q) => q.where('interviews.id', '=', interviewId!))
    .orderBy('interviews.startsAt')
    .orderBy('interviews.id')
    .execute()
    .then((rows) =>
      rows.filter(
        (row) => row.startsAt !== null || isOpenStage(row.currentStage as ApplicantStage),
      ),
    );

type Row = Awaited<ReturnType<typeof rowsOf>>[number];

async function toCandidateView(reader: Db, row: Row, now: Date): Promise<ApplicantInterview> {
  const start = row.startsAt === null ? null : new Date(toIso(row.startsAt));
  const booked = start !== null && (await bookedByCandidate(reader, row.id));
  const inTime = start !== null && start >= bookableFrom(now);
  const running = isOpenStage(row.currentStage as ApplicantStage);
  const people = await reader
    .selectFrom('interviewInterviewers')
    .innerJoin('users', 'users.id', 'interviewInterviewers.userId')
    .select('users.name')
    .where('interviewInterviewers.interviewId', '=', row.id)
    .orderBy('users.name')
    .execute();
  return {
    id: row.id,
    name: row.name,
    kind: interviewKindLabels[row.kind as InterviewKind] ?? row.kind,
    status: start === null ? 'offered' : 'scheduled',
    when: start === null ? null : whenInZone(start, row.durationMinutes, row.timeZone),
    durationMinutes: row.durationMinutes,
    location: row.location,
    interviewers: people.map((person) => person.name),
    canChange: booked && inTime && running,
    changeRefusal: booked && !inTime ? copy.tooLate : null,
  };
}

/** The applicant's interviews not cancelled, earliest first (offered ones first). */
export async function candidateInterviews(
  reader: Db,
  applicantId: number,
  now: Date,
): Promise<ApplicantInterview[]> {
  const rows = await rowsOf(reader, applicantId);
  return Promise.all(rows.map((row) => toCandidateView(reader, row, now)));
}

/** One of them with the times it may still be booked at; undefined when it is not open to it. */
export async function bookableInterview(
  reader: Db,
  applicantId: number,
  interviewId: number,
  now: Date,
): Promise<{ interview: ApplicantInterview; slots: Date[]; zone: string } | undefined> {
  const [row] = await rowsOf(reader, applicantId, interviewId);
  if (!row) return undefined;
  const interview = await toCandidateView(reader, row, now);
  if (interview.status === 'scheduled' && !interview.canChange) return undefined;
  return { interview, slots: await freeSlots(reader, interviewId, now), zone: row.timeZone };
}

/** The times grouped by day, each as its start ("9:00 AM"; the page names the length), in `zone`. */
export function slotDays(slots: readonly Date[], zone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const start = DateTime.fromJSDate(slot, { zone: zoneOr(zone, 'utc') }).setLocale('en-US');
    const label = start.toFormat('cccc, LLLL d');
    const words = start.toFormat('h:mm a');
    const day = days.at(-1);
    const entry = { startsAt: slot.toISOString(), label: words };
    if (day?.label === label) day.slots.push(entry);
    else days.push({ label, slots: [entry] });
  }
  return days;
}

/**
 * Books one of the times offered (or moves a booking to another), the candidate's zone kept as
 * the interview's: its invitation (or update, SEQUENCE up) follows from the calendar's outbox.
 * Throws SlotTaken (slots.ts) when the time is no longer free: the whole write rolls back.
 */
export async function bookInterview(
  trx: Db,
  applicantId: number,
  interviewId: number,
  start: Date,
  zone: string,
  now: Date,
): Promise<CandidateChange> {
  const [row] = await rowsOf(trx, applicantId, interviewId);
  if (!row) return gone;
  const view = await toCandidateView(trx, row, now);
  if (view.status === 'scheduled' && !view.canChange) return view.changeRefusal ? tooLate : gone;
  await bookSlot(trx, interviewId, start, now);
  await trx
    .updateTable('interviews')
    .set({
      status: 'scheduled',
      startsAt: start.toISOString(),
      timeZone: zoneOr(zone, row.timeZone),
      sequence: row.sequence + 1,
      updatedAt: now.toISOString(),
    })
    .where('id', '=', interviewId)
    .execute();
  return { done: true };
}

/** Cancels an interview the candidate booked, more than a day ahead; the CANCEL follows. */
export async function cancelByCandidate(
  trx: Db,
  applicantId: number,
  interviewId: number,
  now: Date,
): Promise<CandidateChange> {
  const [row] = await rowsOf(trx, applicantId, interviewId);
  if (!row) return gone;
  const view = await toCandidateView(trx, row, now);
  if (!view.canChange) return view.changeRefusal ? tooLate : gone;
  await trx
    .updateTable('interviews')
    .set({ status: 'cancelled', sequence: row.sequence + 1, updatedAt: now.toISOString() })
    .where('id', '=', interviewId)
    .execute();
  await releaseBooking(trx, interviewId);
  return { done: true };
}

import crypto from 'node:crypto';
import {
  interviewStatuses,
  type Interview,
  type InterviewPatch,
  type ScheduleInput,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { selectInterviewsWithPlan } from '../../db/interviews-with-plan';
import { changeApplicants, changeFoundApplicants } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { issueApplicantLink, statusPageUrl } from '../applications/applicant-links';
import { auditRepository } from '../audit/audit-repository';
import { enqueueMail } from '../mail/mail-repository';
import { slotOfferMail } from '../mail/mail-templates';
import { noApplicant } from '../pipeline/pipeline-changes';
import { toPlanInterview } from './plans-repository';
import {
  bookedByCandidate,
  freeSlots,
  interviewerIdsOf,
  offerSlots,
  releaseBooking,
} from './slots';
import { instantOfWallTime, plusMinutes } from './wall-time';

const noInterview = (id: number) => new HttpProblem(404, `There is no interview ${id}.`);
type Status = Interview['status'];
const statusOf = (status: string): Status =>
  (interviewStatuses as readonly string[]).includes(status) ? (status as Status) : 'cancelled';

/** Who scheduled or changed it, the host its calendar UID is minted under, and links' origin. */
export interface Scheduler {
  userId: number;
  uidHost: string;
  /** mailOrigin(config): the status link in a mail offering times. */
  origin: string;
}

const noTimes = () =>
  new HttpProblem(
    400,
    'No time in the next two weeks suits every interviewer: check their working hours, or set a time yourself.',
    [{ field: 'offerSlots', message: 'finds no time when every interviewer is free' }],
  );

/** Refuses interviewers who are not active console users (by id, in the field's words). */
async function checkInterviewers(trx: Db, ids: readonly number[]) {
  const active = await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('isActive', '=', 1)
    .execute();
  if (active.length !== ids.length) {
    throw new HttpProblem(400, 'Every interviewer must be an active console user.', [
      { field: 'interviewerIds', message: 'names someone who is not an active console user' },
    ]);
  }
}

async function setInterviewers(trx: Db, interviewId: number, ids: readonly number[]) {
  await trx.deleteFrom('interviewInterviewers').where('interviewId', '=', interviewId).execute();
  await trx
    .insertInto('interviewInterviewers')
    .values(ids.map((userId) => ({ interviewId, userId })))
    .execute();
}

/**
 * Interviews scheduled with applicants: the only code that writes `interviews` and
 * `interview_interviewers` for a recruiter. Every write holds the applicant's lock and records
 * its audit row in its transaction; a change raises `sequence` by one and sets `updated_at`,
 * which is what the calendar mail reads (it alone writes `mailed_sequence` and `reminded_at`).
 */
export function interviewsRepository(db: Db) {
  const read = async (
    reader: Db,
    where: { applicantId: number } | { id: number },
    now: Date,
  ): Promise<Interview[]> => {
    const rows = await selectInterviewsWithPlan(reader)
      .select([
        'interviews.location',
        'interviews.sequence',
        'interviews.updatedAt',
        'planInterviews.id as planId',
        'planInterviews.kind',
        'planInterviews.stage',
        'planInterviews.durationMinutes as planDuration',
        'planInterviews.removedAt',
      ])
      .$if('id' in where, (q) => q.where('interviews.id', '=', 'id' in where ? where.id : 0))
      .$if('applicantId' in where, (q) =>
        q.where('interviews.applicantId', '=', 'applicantId' in where ? where.applicantId : 0),
      )
      .orderBy('interviews.startsAt')
      .orderBy('interviews.id')
      .execute();
    const ids = rows.map((row) => row.id);
    const people =
      ids.length === 0
        ? []
        : await reader
            .selectFrom('interviewInterviewers')
            .innerJoin('users', 'users.id', 'interviewInterviewers.userId')
            .select(['interviewInterviewers.interviewId', 'users.id', 'users.name', 'users.email'])
            .where('interviewInterviewers.interviewId', 'in', ids)
            .orderBy('users.name')
            .execute();
    const offers = new Map<number, Interview['offer']>();
    for (const row of rows) {
      const booked = await bookedByCandidate(reader, row.id);
      if (row.status === 'offered' || booked) {
        offers.set(row.id, { freeSlots: (await freeSlots(reader, row.id, now)).length, booked });
      }
    }
    return rows.map((row): Interview => ({
      id: row.id,
      applicantId: row.applicantId,
      status: statusOf(row.status),
      startsAt: row.startsAt === null ? null : toIso(row.startsAt),
      endsAt:
        row.startsAt === null
          ? null
          : plusMinutes(new Date(toIso(row.startsAt)), row.durationMinutes).toISOString(),
      timeZone: row.timeZone,
      durationMinutes: row.durationMinutes,
      location: row.location,
      sequence: row.sequence,
      planInterview: {
        ...toPlanInterview({ ...row, id: row.planId, durationMinutes: row.planDuration }),
        stage: row.stage as Interview['planInterview']['stage'],
        removed: row.removedAt !== null,
      },
      interviewers: people
        .filter((person) => person.interviewId === row.id)
        .map((person) => ({ userId: person.id, name: person.name, email: person.email })),
      offer: offers.get(row.id) ?? null,
      updatedAt: toIso(row.updatedAt),
    }));
  };

  const one = async (reader: Db, id: number, now: Date) => {
    const [found] = await read(reader, { id }, now);
    if (!found) throw noInterview(id);
    return found;
  };

  /** A change to one interview under its applicant's lock; 404 when there is none. */
  const changing = <T>(id: number, work: (trx: Db, applicantId: number) => Promise<T>) =>
    changeFoundApplicants(
      db,
      async (reader) =>
        (
          await reader.selectFrom('interviews').select('applicantId').where('id', '=', id).execute()
        ).map((row) => row.applicantId),
      async (trx, [applicantId]) => {
        if (applicantId === undefined) throw noInterview(id);
        return work(trx, applicantId);
      },
    );

  return {
    /**
     * The applicant's interviews, earliest first (offered ones last); when `interviewerId` is
     * given, only those that name them (an interviewer's own). 404 for no applicant.
     */
    async forApplicant(
      applicantId: number,
      now: Date,
      interviewerId?: number,
    ): Promise<Interview[]> {
      const found = await db
        .selectFrom('applicants')
        .select('id')
        .where('id', '=', applicantId)
        .executeTakeFirst();
      if (!found) throw noApplicant(applicantId);
      const interviews = await read(db, { applicantId }, now);
      return interviewerId === undefined
        ? interviews
        : interviews.filter((i) =>
            i.interviewers.some((person) => person.userId === interviewerId),
          );
    },

    /**
     * Schedules an interview of the applicant's opening's plan, at a wall time in its zone; or
     * offers its interviewers' free times for the applicant to choose from, mailing them the
     * link to their page (docs/careers.md, "Booking an interview").
     */
    schedule(applicantId: number, input: ScheduleInput, by: Scheduler, now: Date) {
      return changeApplicants(db, [applicantId], async (trx) => {
        const applicant = await trx
          .selectFrom('applicants')
          .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
          .select(['applicants.jobId', 'applicants.email', 'applicants.firstName', 'jobs.title'])
          .where('applicants.id', '=', applicantId)
          .executeTakeFirst();
        if (!applicant) throw noApplicant(applicantId);
        const plan = await trx
          .selectFrom('planInterviews')
          .select(['jobId', 'removedAt', 'name'])
          .where('id', '=', input.planInterviewId)
          .executeTakeFirst();
        if (!plan || plan.jobId !== applicant.jobId || plan.removedAt !== null) {
          throw new HttpProblem(
            400,
            "The interview is not in the plan of the applicant's opening.",
            [
              {
                field: 'planInterviewId',
                message: "is not in the plan of the applicant's opening",
              },
            ],
          );
        }
        const startsAt =
          'startsAt' in input ? instantOfWallTime(input.startsAt, input.timeZone) : null;
        await checkInterviewers(trx, input.interviewerIds);
        const at = now.toISOString();
        const { id } = await trx
          .insertInto('interviews')
          .values({
            applicantId,
            planInterviewId: input.planInterviewId,
            uid: `${crypto.randomUUID()}@${by.uidHost}`,
            sequence: 0,
            status: startsAt ? 'scheduled' : 'offered',
            startsAt: startsAt?.toISOString() ?? null,
            timeZone: input.timeZone,
            durationMinutes: input.durationMinutes,
            location: input.location || null,
            createdByUserId: by.userId,
            createdAt: at,
            updatedAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setInterviewers(trx, id, input.interviewerIds);
        let offered = 0;
        if (!startsAt) {
          offered = await offerSlots(trx, id, input.interviewerIds, input.durationMinutes, now);
          if (offered === 0) throw noTimes();
          const token = await issueApplicantLink(trx, applicantId, 'status', now);
          const mail = slotOfferMail({
            to: applicant.email,
            firstName: applicant.firstName,
            interviewName: plan.name,
            jobTitle: applicant.title,
            statusLink: statusPageUrl(by.origin, token),
          });
          await enqueueMail(trx, [mail], applicantId, now);
        }
        await auditRepository(trx).record(
          {
            actor: { userId: by.userId },
            action: startsAt ? 'interview-schedule' : 'interview-offer',
            target: `applicant ${applicantId}`,
            detail: `interview ${id}, ${input.interviewerIds.length} interviewers${startsAt ? '' : `, ${offered} times offered`}`,
          },
          now,
        );
        return one(trx, id, now);
      });
    },

    /** Moves, lengthens or re-staffs a scheduled interview: its sequence goes up by one. */
    reschedule(id: number, patch: InterviewPatch, userId: number, now: Date) {
      return changing(id, async (trx, applicantId) => {
        const row = await trx
          .selectFrom('interviews')
          .select(['status', 'timeZone', 'sequence', 'durationMinutes'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (row.status === 'cancelled') {
          throw new HttpProblem(409, 'This interview was cancelled: schedule a new one instead.');
        }
        const timeZone = patch.timeZone ?? row.timeZone;
        if (patch.interviewerIds) {
          await checkInterviewers(trx, patch.interviewerIds);
          await setInterviewers(trx, id, patch.interviewerIds);
        }
        // A time the recruiter sets is theirs to change: the candidate's booking is given up.
        if (patch.startsAt !== undefined) await releaseBooking(trx, id);
        await trx
          .updateTable('interviews')
          .set({
            timeZone,
            ...(patch.startsAt === undefined
              ? {}
              : {
                  startsAt: instantOfWallTime(patch.startsAt, timeZone).toISOString(),
                  status: 'scheduled',
                }),
            ...(patch.durationMinutes === undefined
              ? {}
              : { durationMinutes: patch.durationMinutes }),
            ...(patch.location === undefined ? {} : { location: patch.location || null }),
            sequence: row.sequence + 1,
            updatedAt: now.toISOString(),
          })
          .where('id', '=', id)
          .execute();
        // Times still offered are made anew for the new interviewers or length.
        if (
          row.status === 'offered' &&
          patch.startsAt === undefined &&
          (patch.interviewerIds || patch.durationMinutes)
        ) {
          await trx.deleteFrom('interviewSlots').where('interviewId', '=', id).execute();
          const people = patch.interviewerIds ?? (await interviewerIdsOf(trx, id));
          const duration = patch.durationMinutes ?? row.durationMinutes;
          if ((await offerSlots(trx, id, people, duration, now)) === 0) throw noTimes();
        }
        await auditRepository(trx).record(
          {
            actor: { userId },
            action: 'interview-reschedule',
            target: `applicant ${applicantId}`,
            detail: `interview ${id}: ${Object.keys(patch).sort().join(', ')}`,
          },
          now,
        );
        return one(trx, id, now);
      });
    },

    /** Cancels an interview: 'cancelled', its sequence up by one (the cancellation's). */
    cancel(id: number, userId: number, now: Date) {
      return changing(id, async (trx, applicantId) => {
        const row = await trx
          .selectFrom('interviews')
          .select(['status', 'sequence'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (row.status === 'cancelled') {
          throw new HttpProblem(409, 'This interview is already cancelled.');
        }
        await trx
          .updateTable('interviews')
          .set({ status: 'cancelled', sequence: row.sequence + 1, updatedAt: now.toISOString() })
          .where('id', '=', id)
          .execute();
        await releaseBooking(trx, id);
        await auditRepository(trx).record(
          {
            actor: { userId },
            action: 'interview-cancel',
            target: `applicant ${applicantId}`,
            detail: `interview ${id}`,
          },
          now,
        );
      });
    },
  };
}

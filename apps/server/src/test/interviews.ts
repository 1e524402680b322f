import crypto from 'node:crypto';
import type { UserRole } from '@lumenfield/contract';
import { createUser } from './console';
import { createOpening } from './legacy/application';
import { newApplication } from './applicants';
import type { TestApp } from './test-app';
import type { User } from '../domains/accounts/users-repository';

/**
 * Interviews written straight into their tables, as the scheduling code stores them (its API is
 * another part's): a change raises `sequence` and sets `updated_at`; a cancellation sets status
 * 'cancelled' and raises `sequence`.
 */

let made = 0;

export interface InterviewSetup {
  jobId: number;
  applicantId: number;
  planInterviewId: number;
}

export interface PlannedInterview {
  stage?: string;
  name?: string;
  durationMinutes?: number;
  kind?: 'phone' | 'video' | 'on_site';
  focusAttributes?: string[];
  questions?: string[];
}

/** A plan interview of an opening (a technical video interview by default); its id. */
export async function planInterview(
  t: TestApp,
  jobId: number,
  plan: PlannedInterview = {},
): Promise<number> {
  const row = await t.db.handle.db
    .insertInto('planInterviews')
    .values({
      jobId,
      stage: plan.stage ?? 'Interview',
      position: 1,
      name: plan.name ?? 'Technical interview',
      durationMinutes: plan.durationMinutes ?? 60,
      kind: plan.kind ?? 'video',
      focusAttributes: JSON.stringify(plan.focusAttributes ?? ['SQL', 'Communication']),
      questions: JSON.stringify(plan.questions ?? ['Walk us through a query you tuned.']),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An opening with one plan interview, and one applicant to it (at `email`). */
export async function interviewSetup(
  t: TestApp,
  candidate: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<InterviewSetup & { email: string }> {
  const n = ++made;
  const jobId = await createOpening(t, `CAL-${n}-${crypto.randomBytes(3).toString('hex')}`);
  const email = candidate.email ?? `candidate.${n}@example.com`;
  const stored = await t.app.repos.applicants.create(
    newApplication(
      jobId,
      { firstName: candidate.firstName ?? 'Ana', lastName: candidate.lastName ?? 'Cruz', email },
      4000 + n,
    ),
  );
  const planInterviewId = await planInterview(t, jobId, {
    durationMinutes: 45,
    focusAttributes: ['SQL'],
    questions: ['Tell us about a query you tuned.'],
  });
  return { jobId, applicantId: stored.applicantId, email, planInterviewId };
}

/** A console person with a time zone of their own (null: none kept). */
export async function interviewer(
  t: TestApp,
  email: string,
  name: string,
  timeZone: string | null,
  role: UserRole = 'recruiter',
): Promise<User> {
  const user = await createUser(t, email, role, name);
  await t.db.handle.db.updateTable('users').set({ timeZone }).where('id', '=', user.id).execute();
  return user;
}

/** A scheduled interview at `startsAt`, run by `interviewerIds`; its id and uid. */
export async function scheduleInterview(
  t: TestApp,
  setup: InterviewSetup,
  options: {
    startsAt: Date;
    timeZone: string;
    interviewerIds: number[];
    location?: string | null;
    createdBy?: number | null;
    /** Cancelled: as a cancellation leaves it; offered: times to book, no start kept yet. */
    status?: 'scheduled' | 'offered' | 'cancelled';
    /** When it was scheduled (default: a week before it starts). */
    at?: Date;
  },
): Promise<{ id: number; uid: string }> {
  const at = (options.at ?? new Date(options.startsAt.getTime() - 7 * 86_400_000)).toISOString();
  const uid = `${crypto.randomUUID()}@interviews.example.com`;
  const { id } = await t.db.handle.db
    .insertInto('interviews')
    .values({
      applicantId: setup.applicantId,
      planInterviewId: setup.planInterviewId,
      uid,
      sequence: 0,
      status: options.status ?? 'scheduled',
      startsAt: options.status === 'offered' ? null : options.startsAt.toISOString(),
      timeZone: options.timeZone,
      durationMinutes: 45,
      location: options.location === undefined ? 'https://meet.example.com/abc' : options.location,
      createdByUserId: options.createdBy ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.interviewerIds.length > 0) {
    await t.db.handle.db
      .insertInto('interviewInterviewers')
      .values(options.interviewerIds.map((userId) => ({ interviewId: id, userId })))
      .execute();
  }
  return { id, uid };
}

/**
 * An interview with the applicant, now, of a new plan interview of their opening (the default
 * technical one), run by `interviewerIds`; its id. For suites that need an interview to exist,
 * whatever it is.
 */
export async function insertInterview(
  t: TestApp,
  applicantId: number,
  interviewerIds: number[],
  status: 'scheduled' | 'offered' | 'cancelled' = 'scheduled',
): Promise<number> {
  const { jobId } = await t.db.handle.db
    .selectFrom('applicants')
    .select('jobId')
    .where('id', '=', applicantId)
    .executeTakeFirstOrThrow();
  const planInterviewId = await planInterview(t, jobId);
  const { id } = await scheduleInterview(
    t,
    { jobId, applicantId, planInterviewId },
    { startsAt: t.app.now(), timeZone: 'UTC', interviewerIds, status },
  );
  return id;
}

/** A change as the scheduling code makes it: new values, `sequence` up, `updated_at` now. */
export async function changeInterview(
  t: TestApp,
  id: number,
  change: { startsAt?: Date; status?: 'cancelled'; location?: string },
  at = new Date(),
): Promise<void> {
  await t.db.handle.db
    .updateTable('interviews')
    .set((eb) => ({
      ...(change.startsAt ? { startsAt: change.startsAt.toISOString() } : {}),
      ...(change.status ? { status: change.status } : {}),
      ...(change.location ? { location: change.location } : {}),
      sequence: eb('sequence', '+', 1),
      updatedAt: at.toISOString(),
    }))
    .where('id', '=', id)
    .execute();
}

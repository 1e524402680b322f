import crypto from 'node:crypto';
import type { TestApp } from './test-app';

export interface PlannedInterview {
  stage?: string;
  name?: string;
  durationMinutes?: number;
  kind?: 'phone' | 'video' | 'on_site';
  focusAttributes?: string[];
  questions?: string[];
}

/** A plan interview of an opening, written straight to its table; its id. */
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
      position: 0,
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

export interface ScheduledInterview {
  applicantId: number;
  planInterviewId: number;
  interviewerIds: number[];
  startsAt: Date | null;
  status?: 'scheduled' | 'offered' | 'cancelled';
  durationMinutes?: number;
  timeZone?: string;
}

/**
 * An interview with its interviewers, written straight to the tables (the scheduling routes are
 * tested on their own); its id.
 */
export async function scheduleInterview(t: TestApp, interview: ScheduledInterview) {
  const db = t.db.handle.db;
  const now = new Date().toISOString();
  const row = await db
    .insertInto('interviews')
    .values({
      applicantId: interview.applicantId,
      planInterviewId: interview.planInterviewId,
      uid: `${crypto.randomUUID()}@test.example`,
      status: interview.status ?? 'scheduled',
      startsAt: interview.startsAt?.toISOString() ?? null,
      timeZone: interview.timeZone ?? 'Asia/Kolkata',
      durationMinutes: interview.durationMinutes ?? 60,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (interview.interviewerIds.length > 0) {
    await db
      .insertInto('interviewInterviewers')
      .values(interview.interviewerIds.map((userId) => ({ interviewId: row.id, userId })))
      .execute();
  }
  return row.id;
}

import crypto from 'node:crypto';
import type { TeamPart } from '@lumenfield/contract';
import type { TestApp } from './test-app';

/**
 * An opening's team written straight in the database (the team route is tested apart; the
 * suites that need a team do not go through it).
 */
export async function putOnTeam(
  t: TestApp,
  jobId: number,
  userId: number,
  part: TeamPart,
): Promise<void> {
  await t.db.handle.db.insertInto('jobTeam').values({ jobId, userId, part }).execute();
}

/**
 * An interview with the applicant that names `interviewerIds`, inserted as rows (scheduling
 * has its own API and tests): a plan interview of the applicant's opening and the interview.
 * Answers the interview's id.
 */
export async function insertInterview(
  t: TestApp,
  applicantId: number,
  interviewerIds: readonly number[],
  status: 'scheduled' | 'offered' | 'cancelled' = 'scheduled',
): Promise<number> {
  const { db } = t.db.handle;
  const now = t.app.now().toISOString();
  const applicant = await db
    .selectFrom('applicants')
    .select('jobId')
    .where('id', '=', applicantId)
    .executeTakeFirstOrThrow();
  const plan = await db
    .insertInto('planInterviews')
    .values({
      jobId: applicant.jobId,
      stage: 'Interview',
      position: 1,
      name: 'Technical interview',
      durationMinutes: 60,
      kind: 'video',
      focusAttributes: '["SQL"]',
      questions: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const interview = await db
    .insertInto('interviews')
    .values({
      applicantId,
      planInterviewId: plan.id,
      uid: `${crypto.randomUUID()}@test`,
      status,
      startsAt: status === 'scheduled' ? now : null,
      timeZone: 'UTC',
      durationMinutes: 60,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (interviewerIds.length > 0) {
    await db
      .insertInto('interviewInterviewers')
      .values(interviewerIds.map((userId) => ({ interviewId: interview.id, userId })))
      .execute();
  }
  return interview.id;
}

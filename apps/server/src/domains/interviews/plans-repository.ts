import {
  PLAN_STAGES,
  clockMinutes,
  interviewKinds,
  minutesClock,
  type InterviewKind,
  type InterviewPlan,
  type InterviewPlanInput,
  type Interviewer,
  type PlanInterview,
  type WorkingHours,
  type WorkingHoursInput,
} from '@lumenfield/contract';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { jsonColumn } from '../../db/json-column';
import { writeTransaction } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { auditRepository } from '../audit/audit-repository';

const texts = z.array(z.string());

export const kindOf = (kind: string): InterviewKind =>
  (interviewKinds as readonly string[]).includes(kind) ? (kind as InterviewKind) : 'video';

/** A plan interview's row as the API names it (the kit read back from its JSON columns). */
export function toPlanInterview(row: {
  id: number;
  name: string;
  durationMinutes: number;
  kind: string;
  focusAttributes: string;
  questions: string;
}): PlanInterview {
  return {
    id: row.id,
    name: row.name,
    durationMinutes: row.durationMinutes,
    kind: kindOf(row.kind),
    focusAttributes: jsonColumn(texts, row.focusAttributes, []),
    questions: jsonColumn(texts, row.questions, []),
  };
}

const noOpening = (id: number) => new HttpProblem(404, `There is no opening ${id}.`);
const planLock = (jobId: number) => `interview-plan:${jobId}`;

/**
 * Interview plans and working hours: the only code that touches `plan_interviews` and
 * `working_hours`. Neither writes an applicant, so each change is a plain write transaction
 * with its audit row; a removed plan interview keeps its row for the interviews it scheduled.
 */
export function plansRepository(db: Db) {
  const readPlan = async (reader: Db, jobId: number): Promise<InterviewPlan> => {
    const rows = await reader
      .selectFrom('planInterviews')
      .selectAll()
      .where('jobId', '=', jobId)
      .where('removedAt', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return {
      stages: PLAN_STAGES.map((stage) => ({
        stage,
        interviews: rows.filter((row) => row.stage === stage).map(toPlanInterview),
      })),
    };
  };
  const openingExists = async (reader: Db, jobId: number) =>
    (await reader.selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst()) !==
    undefined;

  /** A person's time zone and weekly spans, by weekday and start. */
  const workingHours = async (userId: number): Promise<WorkingHours> => {
    const user = await db
      .selectFrom('users')
      .select('timeZone')
      .where('id', '=', userId)
      .executeTakeFirst();
    const spans = await db
      .selectFrom('workingHours')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('weekday')
      .orderBy('startMinute')
      .execute();
    return {
      timeZone: user?.timeZone ?? null,
      hours: spans.map((span) => ({
        weekday: span.weekday,
        start: minutesClock(span.startMinute),
        end: minutesClock(span.endMinute),
      })),
    };
  };

  return {
    /** The opening's plan per open stage, or a 404 for no such opening. */
    async plan(jobId: number): Promise<InterviewPlan> {
      if (!(await openingExists(db, jobId))) throw noOpening(jobId);
      return readPlan(db, jobId);
    },

    /**
     * Replaces the plan: a kept id is updated (its stage and place too), an interview left out
     * is marked removed, one without an id is added. An id not in this plan is refused.
     */
    replacePlan(jobId: number, input: InterviewPlanInput, userId: number, now: Date) {
      return writeTransaction(
        db,
        async (trx) => {
          if (!(await openingExists(trx, jobId))) throw noOpening(jobId);
          const current = await trx
            .selectFrom('planInterviews')
            .select('id')
            .where('jobId', '=', jobId)
            .where('removedAt', 'is', null)
            .execute();
          const currentIds = new Set(current.map((row) => row.id));
          const kept = new Set<number>();
          let added = 0;
          for (const { stage, interviews } of input.stages) {
            for (const [position, interview] of interviews.entries()) {
              const values = {
                stage,
                position,
                name: interview.name,
                durationMinutes: interview.durationMinutes,
                kind: interview.kind,
                focusAttributes: JSON.stringify(interview.focusAttributes),
                questions: JSON.stringify(interview.questions),
              };
              if (interview.id === undefined) {
                await trx
                  .insertInto('planInterviews')
                  .values({ ...values, jobId })
                  .execute();
                added++;
                continue;
              }
              if (!currentIds.has(interview.id)) {
                throw new HttpProblem(
                  400,
                  `Interview ${interview.id} is not in this opening's plan.`,
                );
              }
              kept.add(interview.id);
              await trx
                .updateTable('planInterviews')
                .set(values)
                .where('id', '=', interview.id)
                .execute();
            }
          }
          const removed = [...currentIds].filter((id) => !kept.has(id));
          if (removed.length > 0) {
            await trx
              .updateTable('planInterviews')
              .set({ removedAt: now.toISOString() })
              .where('id', 'in', removed)
              .execute();
          }
          await auditRepository(trx).record(
            {
              actor: { userId },
              action: 'interview-plan-update',
              target: `opening ${jobId}`,
              detail: `${kept.size} kept, ${added} added, ${removed.length} removed`,
            },
            now,
          );
          return readPlan(trx, jobId);
        },
        [planLock(jobId)],
      );
    },

    workingHours,

    /** Replaces a person's time zone and spans (none: they keep no hours). */
    async setWorkingHours(userId: number, input: WorkingHoursInput, now: Date) {
      await writeTransaction(db, async (trx) => {
        await trx
          .updateTable('users')
          .set({ timeZone: input.timeZone })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('workingHours').where('userId', '=', userId).execute();
        if (input.hours.length > 0) {
          await trx
            .insertInto('workingHours')
            .values(
              input.hours.map((span) => ({
                userId,
                weekday: span.weekday,
                startMinute: clockMinutes(span.start),
                endMinute: clockMinutes(span.end),
              })),
            )
            .execute();
        }
        await auditRepository(trx).record(
          {
            actor: { userId },
            action: 'working-hours-update',
            target: `user ${userId}`,
            detail: `${input.hours.length} spans`,
          },
          now,
        );
      });
      return workingHours(userId);
    },

    /** The console's active people, by name: who may run an interview. */
    async interviewers(): Promise<Interviewer[]> {
      return db
        .selectFrom('users')
        .select(['id as userId', 'name', 'email', 'timeZone'])
        .where('isActive', '=', 1)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
  };
}

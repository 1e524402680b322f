import type { Db } from './database';

/**
 * Interviews joined to the plan interview each is of, with the columns every reader of one
 * shows: when and how long, its status, and the plan's name and kit (its JSON columns, as
 * stored). A reader narrows it and adds its own joins and columns.
 */
export const selectInterviewsWithPlan = (db: Db) =>
  db
    .selectFrom('interviews')
    .innerJoin('planInterviews', 'planInterviews.id', 'interviews.planInterviewId')
    .select([
      'interviews.id',
      'interviews.applicantId',
      'interviews.status',
      'interviews.startsAt',
      'interviews.timeZone',
      'interviews.durationMinutes',
      'planInterviews.name',
      'planInterviews.focusAttributes',
      'planInterviews.questions',
    ]);

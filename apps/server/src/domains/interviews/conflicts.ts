import type { Conflicts, ConflictsQuery, HoursVerdict } from '@lumenfield/contract';
import { PLAN_LIMITS } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { instantOfWallTime, plusMinutes, spanInZone, withinHours } from './wall-time';

/**
 * What a schedule would meet, per interviewer, before it is saved: their other interviews that
 * overlap it (not cancelled, not `exceptInterviewId`, the one being moved) and whether it falls
 * inside their working hours, read in their own time zone. Only reads: saving anyway is the
 * recruiter's call.
 */
export async function scheduleConflicts(db: Db, query: ConflictsQuery): Promise<Conflicts> {
  const start = instantOfWallTime(query.startsAt, query.timeZone);
  const end = plusMinutes(start, query.durationMinutes);
  const people = await db
    .selectFrom('users')
    .select(['id', 'name', 'timeZone'])
    .where('id', 'in', query.interviewerIds)
    .execute();
  const spans = await db
    .selectFrom('workingHours')
    .selectAll()
    .where('userId', 'in', query.interviewerIds)
    .execute();
  // An interview that overlaps started before this one ends and at most the longest
  // duration before it starts; the exact test is made below, on each one's own length.
  const others = await db
    .selectFrom('interviews')
    .innerJoin('interviewInterviewers', 'interviewInterviewers.interviewId', 'interviews.id')
    .innerJoin('planInterviews', 'planInterviews.id', 'interviews.planInterviewId')
    .innerJoin('applicants', 'applicants.id', 'interviews.applicantId')
    .select([
      'interviews.id',
      'interviews.applicantId',
      'interviews.startsAt',
      'interviews.durationMinutes',
      'interviewInterviewers.userId',
      'planInterviews.name',
      'applicants.firstName',
      'applicants.lastName',
    ])
    .where('interviewInterviewers.userId', 'in', query.interviewerIds)
    .where('interviews.status', '!=', 'cancelled')
    .where('interviews.startsAt', 'is not', null)
    .where('interviews.startsAt', '<', end.toISOString())
    .where('interviews.startsAt', '>', plusMinutes(start, -PLAN_LIMITS.maxDuration).toISOString())
    .$if(query.exceptInterviewId !== undefined, (q) =>
      q.where('interviews.id', '!=', query.exceptInterviewId!),
    )
    .orderBy('interviews.startsAt')
    .execute();
  const byId = new Map(people.map((person) => [person.id, person]));
  return {
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    // In the order the recruiter named them; an unknown id has nothing to report.
    interviewers: query.interviewerIds.flatMap((userId) => {
      const person = byId.get(userId);
      if (!person) return [];
      const theirs = spans.filter((span) => span.userId === userId);
      const zone = person.timeZone;
      const hours: HoursVerdict =
        zone === null || theirs.length === 0
          ? 'no-hours'
          : withinHours(start, end, zone, theirs)
            ? 'inside'
            : 'outside';
      return [
        {
          userId,
          name: person.name,
          timeZone: zone,
          theirTime: zone === null ? null : spanInZone(start, end, zone),
          hours,
          overlapping: others
            .filter((other) => other.userId === userId)
            .flatMap((other) => {
              const otherStart = new Date(toIso(other.startsAt!));
              const otherEnd = plusMinutes(otherStart, other.durationMinutes);
              if (!(otherStart < end && otherEnd > start)) return [];
              return [
                {
                  interviewId: other.id,
                  applicantId: other.applicantId,
                  applicantName: `${other.firstName} ${other.lastName}`,
                  name: other.name,
                  startsAt: otherStart.toISOString(),
                  endsAt: otherEnd.toISOString(),
                },
              ];
            }),
        },
      ];
    }),
  };
}

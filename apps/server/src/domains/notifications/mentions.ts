import { mentionedNames } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { notify } from './notify';

/**
 * The active colleagues who reach the applicant (domains/team/reach.ts): admins and recruiters,
 * the hiring managers of its opening's team, and the interviewers of its interviews not
 * cancelled. Only they may be mentioned in a note about it, and only they are told.
 */
export async function mentionablePeople(
  db: Db,
  applicantId: number,
): Promise<{ userId: number; name: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['users.id', 'users.name'])
    .where('users.isActive', '=', 1)
    .where((eb) =>
      eb.or([
        eb('users.role', 'in', ['admin', 'recruiter']),
        eb.and([
          eb('users.role', '=', 'hiring_manager'),
          eb(
            'users.id',
            'in',
            eb
              .selectFrom('jobTeam')
              .innerJoin('applicants', 'applicants.jobId', 'jobTeam.jobId')
              .select('jobTeam.userId')
              .where('applicants.id', '=', applicantId)
              .where('jobTeam.part', '=', 'hiring_manager'),
          ),
        ]),
        eb.and([
          eb('users.role', '=', 'interviewer'),
          eb(
            'users.id',
            'in',
            eb
              .selectFrom('interviews')
              .innerJoin(
                'interviewInterviewers',
                'interviewInterviewers.interviewId',
                'interviews.id',
              )
              .select('interviewInterviewers.userId')
              .where('interviews.applicantId', '=', applicantId)
              .where('interviews.status', '!=', 'cancelled'),
          ),
        ]),
      ]),
    )
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ userId: row.id, name: row.name }));
}

/**
 * Tells the colleagues a note mentions (`@[Name]`, any case), inside the note's transaction:
 * those who reach the applicant, never the writer themselves. A name that matches nobody who
 * reaches it tells no one. Answers the ids told.
 */
export async function notifyMentions(
  trx: Db,
  note: { applicantId: number; authorId: number; text: string },
  now: Date,
): Promise<number[]> {
  const names = new Set(mentionedNames(note.text).map((name) => name.toLocaleLowerCase()));
  if (names.size === 0) return [];
  const told = (await mentionablePeople(trx, note.applicantId))
    .filter((person) => names.has(person.name.toLocaleLowerCase()))
    .map((person) => person.userId)
    .filter((id) => id !== note.authorId);
  if (told.length === 0) return [];
  const about = await trx
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
    .innerJoin('users', (join) => join.on('users.id', '=', note.authorId))
    .select(['applicants.firstName', 'applicants.lastName', 'jobs.title', 'users.name'])
    .where('applicants.id', '=', note.applicantId)
    .executeTakeFirstOrThrow();
  await notify(
    trx,
    told,
    {
      kind: 'mention',
      applicantId: note.applicantId,
      detail: `${about.name} mentioned you in a note on ${about.firstName} ${about.lastName} (${about.title})`,
    },
    now,
  );
  return told;
}

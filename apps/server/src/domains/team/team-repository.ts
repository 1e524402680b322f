import {
  PARTS_OF_ROLE,
  TEAM_PART_LABELS,
  teamPartSchema,
  userRoleSchema,
  type TeamMember,
  type TeamMemberInput,
  type TeamPart,
  type TeamPerson,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { auditRepository } from '../audit/audit-repository';
import { reaches, type Reach } from './reach';

const PART_ORDER: readonly TeamPart[] = ['recruiter', 'hiring_manager', 'interviewer'];

/** The lock of one opening's team: two replacements at once are made one after the other. */
const teamLock = (jobId: number) => `job-team:${jobId}`;

/** "user 3 hiring_manager" per change, for the audit row: ids and parts, never a name. */
function describeTeamChange(
  before: readonly { userId: number; part: TeamPart }[],
  after: readonly TeamMemberInput[],
): string {
  const was = new Map(before.map((m) => [m.userId, m.part]));
  const now = new Map(after.map((m) => [m.userId, m.part]));
  const added = after.filter((m) => !was.has(m.userId)).map((m) => `user ${m.userId} ${m.part}`);
  const changed = after
    .filter((m) => was.has(m.userId) && was.get(m.userId) !== m.part)
    .map((m) => `user ${m.userId} ${was.get(m.userId)} -> ${m.part}`);
  const removed = before.filter((m) => !now.has(m.userId)).map((m) => `user ${m.userId} removed`);
  return [...added, ...changed, ...removed].join(', ') || 'no change';
}

/**
 * Openings' hiring teams (docs/recruiters.md, "Hiring team"): who works on an opening, in which
 * part. The only code that writes `job_team`; each replacement is audited in its transaction.
 */
export function teamRepository(db: Db) {
  const membersOf = async (reader: Db, jobId: number): Promise<TeamMember[]> => {
    const rows = await reader
      .selectFrom('jobTeam')
      .innerJoin('users', 'users.id', 'jobTeam.userId')
      .select([
        'users.id as userId',
        'users.name',
        'users.email',
        'users.role',
        'users.isActive',
        'jobTeam.part',
      ])
      .where('jobTeam.jobId', '=', jobId)
      .execute();
    return rows
      .map((row) => ({
        userId: row.userId,
        name: row.name,
        email: row.email,
        role: userRoleSchema.catch('recruiter').parse(row.role),
        part: teamPartSchema.catch('interviewer').parse(row.part),
        isActive: row.isActive === 1,
      }))
      .sort(
        (a, b) =>
          PART_ORDER.indexOf(a.part) - PART_ORDER.indexOf(b.part) ||
          a.name.localeCompare(b.name, 'en') ||
          a.userId - b.userId,
      );
  };

  return {
    /** Whether the applicant is within `reach` (false for one that does not exist). */
    reachesApplicant: (reach: Reach, applicantId: number) =>
      reaches(db, reach, 'applicant', applicantId),
    /** Whether the opening is within `reach` (false for one that does not exist). */
    reachesJob: (reach: Reach, jobId: number) => reaches(db, reach, 'job', jobId),
    /** The active accounts a team may name (every role but compliance and editor), by name. */
    async people(): Promise<TeamPerson[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'role'])
        .where('isActive', '=', 1)
        .where('role', 'not in', ['compliance', 'editor'])
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        userId: row.id,
        name: row.name,
        email: row.email,
        role: userRoleSchema.catch('recruiter').parse(row.role),
      }));
    },

    /** The opening's team, recruiters first, then hiring managers, then interviewers. */
    members: (jobId: number) => membersOf(db, jobId),

    /**
     * Replaces the opening's team with `members`, audited as `userId`'s change in the same
     * transaction. 400 naming the person when an account is unknown, named twice, or its role
     * does not fit the part (PARTS_OF_ROLE).
     */
    replace: (
      jobId: number,
      members: readonly TeamMemberInput[],
      userId: number,
      now: Date,
    ): Promise<TeamMember[]> =>
      writeTransaction(
        db,
        async (trx) => {
          const ids = members.map((m) => m.userId);
          const twice = ids.find((id, index) => ids.indexOf(id) !== index);
          if (twice !== undefined) {
            throw new HttpProblem(400, `Account ${twice} is named twice: one part per person.`);
          }
          const accounts =
            ids.length === 0
              ? []
              : await trx
                  .selectFrom('users')
                  .select(['id', 'name', 'role'])
                  .where('id', 'in', ids)
                  .execute();
          const byId = new Map(accounts.map((a) => [a.id, a]));
          for (const member of members) {
            const account = byId.get(member.userId);
            if (!account) {
              throw new HttpProblem(400, `There is no account with id ${member.userId}.`);
            }
            const role = userRoleSchema.catch('compliance').parse(account.role);
            if (!PARTS_OF_ROLE[role].includes(member.part)) {
              const fits = PARTS_OF_ROLE[role].map((p) => TEAM_PART_LABELS[p].toLowerCase());
              throw new HttpProblem(
                400,
                `${account.name} cannot be ${TEAM_PART_LABELS[member.part].toLowerCase()} on a team: ` +
                  (fits.length === 0
                    ? 'their account’s role works with no opening.'
                    : `their account’s role allows ${fits.join(' or ')}.`),
              );
            }
          }
          const before = await trx
            .selectFrom('jobTeam')
            .select(['userId', 'part'])
            .where('jobId', '=', jobId)
            .execute();
          await trx.deleteFrom('jobTeam').where('jobId', '=', jobId).execute();
          if (members.length > 0) {
            await trx
              .insertInto('jobTeam')
              .values(members.map((m) => ({ jobId, userId: m.userId, part: m.part })))
              .execute();
          }
          await auditRepository(trx).record(
            {
              actor: { userId },
              action: 'opening-team',
              target: `opening ${jobId}`,
              detail: describeTeamChange(
                before.map((m) => ({
                  userId: m.userId,
                  part: teamPartSchema.catch('interviewer').parse(m.part),
                })),
                members,
              ),
            },
            now,
          );
          return membersOf(trx, jobId);
        },
        [teamLock(jobId)],
      ),
  };
}

export type TeamRepository = ReturnType<typeof teamRepository>;

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

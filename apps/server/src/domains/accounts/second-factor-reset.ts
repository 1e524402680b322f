import type { AccountChangeRepositories } from '..';

/**
 * A person's second factor removed by someone else (an admin, the CLI): the app and the codes
 * go, with every session and pending sign-in of theirs, audited in the caller's transaction.
 */
export async function resetSecondFactor(
  changes: AccountChangeRepositories,
  userId: number,
  actor: { userId: number } | { label: 'cli' },
  now: Date,
): Promise<number> {
  await changes.secondFactors.removeAll(userId);
  await changes.secondFactors.deletePendingForUser(userId);
  const ended = await changes.sessions.deleteForUser(userId);
  await changes.audit.record(
    {
      actor,
      action: 'second-factor-reset',
      target: `user ${userId}`,
      detail: `${'label' in actor ? 'by the command line' : 'by an admin'}; ${ended} sessions ended`,
    },
    now,
  );
  return ended;
}

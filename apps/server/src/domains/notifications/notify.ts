import type { NotificationKind } from '@lumenfield/contract';
import type { Db } from '../../db/database';

/**
 * What tells a console person that something needs them (CONTRACT §18): someone mentioned them
 * in a note, a candidate replied, feedback is due, a bulk change finished, an application came
 * (the kinds: packages/contract/src/notifications.ts).
 */
export type { NotificationKind };

export interface NewNotification {
  kind: NotificationKind;
  /** The applicant it is about (erased with them), or null (a bulk result). */
  applicantId: number | null;
  /** One line for the list, at most 500 characters (longer is cut). */
  detail: string;
}

/**
 * Adds one notification per person in `userIds` (each once), inside the caller's transaction:
 * it exists exactly when the change that caused it was stored.
 */
export async function notify(
  trx: Db,
  userIds: readonly number[],
  notification: NewNotification,
  now: Date,
): Promise<void> {
  const people = [...new Set(userIds)];
  if (people.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(
      people.map((userId) => ({
        userId,
        kind: notification.kind,
        applicantId: notification.applicantId,
        detail: notification.detail.slice(0, 500),
        createdAt: now.toISOString(),
      })),
    )
    .execute();
}

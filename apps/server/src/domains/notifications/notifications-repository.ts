import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationKindSchema,
  type NotificationsPage,
} from '@lumenfield/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database';
import { toIso } from '../../db/database';
import { applicantInReach, type Reach } from '../team/reach';

/**
 * "Still within reach": a notification about an applicant the person no longer reaches (taken
 * off the team, the interview cancelled) is hidden and not counted, as the applicant's page
 * would answer 404; one about no applicant (a bulk result) always shows.
 */
function reachable(eb: ExpressionBuilder<Database, 'notifications'>, reach: Reach) {
  if (reach.kind === 'all') return eb.and([]);
  return eb.or([
    eb('notifications.applicantId', 'is', null),
    eb.exists(
      eb
        .selectFrom('applicants')
        .select('applicants.id')
        .whereRef('applicants.id', '=', 'notifications.applicantId')
        .where((inner) => applicantInReach(inner, reach)),
    ),
  ]);
}

/** A person's own notifications (docs/recruiters.md, "Notifications and mentions"). */
export function notificationsRepository(db: Db) {
  return {
    /** Newest first, NOTIFICATIONS_PAGE_SIZE at a time (`before`: the last id shown). */
    async page(userId: number, reach: Reach, before?: number): Promise<NotificationsPage> {
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'kind', 'applicantId', 'detail', 'createdAt', 'readAt'])
        .where('userId', '=', userId)
        .where((eb) => reachable(eb, reach))
        .$if(before !== undefined, (q) => q.where('id', '<', before!))
        .orderBy('id', 'desc')
        .limit(NOTIFICATIONS_PAGE_SIZE + 1)
        .execute();
      const unread = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .where((eb) => reachable(eb, reach))
        .executeTakeFirstOrThrow();
      const shown = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
      return {
        items: shown.map((row) => ({
          notificationId: row.id,
          kind: notificationKindSchema.parse(row.kind),
          applicantId: row.applicantId,
          detail: row.detail,
          createdOn: toIso(row.createdAt),
          readOn: row.readAt === null ? null : toIso(row.readAt),
        })),
        unread: Number(unread.count),
        next: rows.length > NOTIFICATIONS_PAGE_SIZE ? shown.at(-1)!.id : null,
      };
    },

    /** Marks the person's own notifications read: those of `ids` (others' are left), or all. */
    async markRead(userId: number, ids: readonly number[] | undefined, now: Date): Promise<void> {
      if (ids?.length === 0) return;
      await db
        .updateTable('notifications')
        .set({ readAt: now.toISOString() })
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
        .execute();
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;

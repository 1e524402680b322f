import {
  consolePagePaths,
  DAILY_DIGEST_HOUR,
  DIGEST_KINDS,
  NOTIFICATION_DIGEST_MINUTES,
  userRoleSchema,
} from '@lumenfield/contract';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { enqueueMail } from '../mail/mail-repository';
import { reachOf, reaches } from '../team/reach';
import { applicationsDigestMail, notificationDigestMail } from './digest-mails';

const DIGEST_MS = NOTIFICATION_DIGEST_MINUTES * 60_000;

/** The day a daily digest belongs to: the local date, counted from DAILY_DIGEST_HOUR. */
const digestDay = (at: Date, zone: string) =>
  DateTime.fromJSDate(at, { zone }).minus({ hours: DAILY_DIGEST_HOUR }).toISODate();

/** The zone Luxon knows, else UTC. */
const zoneOf = (zone: string | null) =>
  zone && DateTime.now().setZone(zone).isValid ? zone : 'UTC';

/**
 * Notifications by mail (docs/recruiters.md, "Notifications and mentions"): each run looks at
 * the people with notifications not yet mailed and, per person in a transaction of their own,
 * claims them (`mailed_at`, only where still empty, so two nodes never mail one twice) and
 * queues one mail. Runs under the notification run's lease (plugins/notification-mail.ts).
 */
export function notificationDigests(db: Db) {
  /** The people with unmailed notifications of `kinds`, and their accounts. */
  const waiting = (kinds: readonly string[]) =>
    db
      .selectFrom('users')
      .select(['users.id', 'users.email', 'users.role', 'users.timeZone', 'users.isActive'])
      .where('users.id', 'in', (eb) =>
        eb
          .selectFrom('notifications')
          .select('notifications.userId')
          .where('notifications.mailedAt', 'is', null)
          .where('notifications.kind', 'in', kinds),
      )
      .orderBy('users.id')
      .execute();

  /** When the person was last mailed notifications of `kinds`, if ever. */
  const lastMailed = async (trx: Db, userId: number, kinds: readonly string[]) => {
    const row = await trx
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('mailedAt').as('last'))
      .where('userId', '=', userId)
      .where('kind', 'in', kinds)
      .executeTakeFirst();
    return row?.last ? new Date(toIso(row.last)) : undefined;
  };

  /** Claims the person's unmailed notifications of `kinds`; answers them, oldest first. */
  const claim = async (trx: Db, userId: number, kinds: readonly string[], now: Date) => {
    const rows = await trx
      .updateTable('notifications')
      .set({ mailedAt: now.toISOString() })
      .where('userId', '=', userId)
      .where('kind', 'in', kinds)
      .where('mailedAt', 'is', null)
      .returning(['id', 'applicantId', 'detail', 'readAt'])
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  };

  return {
    /**
     * Mails each person a digest of their mentions and replies (DIGEST_KINDS) not yet mailed,
     * at most once per NOTIFICATION_DIGEST_MINUTES: those already read in the console, or about
     * an applicant they no longer reach, are settled without a mail. Answers the mails queued.
     */
    async mailDigests(now: Date, origin: string): Promise<number> {
      let queued = 0;
      for (const person of await waiting(DIGEST_KINDS)) {
        queued += await writeTransaction(
          db,
          async (trx) => {
            const last = await lastMailed(trx, person.id, DIGEST_KINDS);
            if (last && now.getTime() - last.getTime() < DIGEST_MS) return 0;
            const claimed = await claim(trx, person.id, DIGEST_KINDS, now);
            if (person.isActive !== 1) return 0;
            const reach = reachOf({ id: person.id, role: userRoleSchema.parse(person.role) });
            const items: { detail: string; link: string }[] = [];
            for (const row of claimed) {
              if (row.readAt !== null) continue;
              if (
                row.applicantId !== null &&
                !(await reaches(trx, reach, 'applicant', row.applicantId))
              ) {
                continue;
              }
              const path =
                row.applicantId === null
                  ? consolePagePaths.notifications
                  : consolePagePaths.applicant.replace(':id', String(row.applicantId));
              items.push({ detail: row.detail, link: `${origin}${path}` });
            }
            if (items.length === 0) return 0;
            await enqueueMail(
              trx,
              [
                notificationDigestMail({
                  to: person.email,
                  items,
                  notificationsLink: `${origin}${consolePagePaths.notifications}`,
                }),
              ],
              null,
              now,
            );
            return 1;
          },
          [`notification-digest:${person.id}`],
        );
      }
      return queued;
    },

    /**
     * Mails each contact person who chose `daily` notices one digest of the new applications
     * since their last, once a day from DAILY_DIGEST_HOUR in their own time zone (else UTC):
     * per opening, the count and a link to its board. Answers the mails queued.
     */
    async mailDailyApplications(now: Date, origin: string): Promise<number> {
      const kinds = ['new-application'] as const;
      let queued = 0;
      for (const person of await waiting(kinds)) {
        const zone = zoneOf(person.timeZone);
        if (DateTime.fromJSDate(now, { zone }).hour < DAILY_DIGEST_HOUR) continue;
        queued += await writeTransaction(
          db,
          async (trx) => {
            const last = await lastMailed(trx, person.id, kinds);
            if (last && digestDay(last, zone)! >= digestDay(now, zone)!) return 0;
            const claimed = await claim(trx, person.id, kinds, now);
            const applicantIds = claimed.flatMap((row) =>
              row.applicantId === null ? [] : [row.applicantId],
            );
            if (person.isActive !== 1 || applicantIds.length === 0) return 0;
            const openings = await trx
              .selectFrom('applicants')
              .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
              .select((eb) => [
                'jobs.id',
                'jobs.title',
                'jobs.code',
                eb.fn.countAll<string | number>().as('count'),
              ])
              .where('applicants.id', 'in', applicantIds)
              .groupBy(['jobs.id', 'jobs.title', 'jobs.code'])
              .orderBy('jobs.title')
              .execute();
            if (openings.length === 0) return 0;
            await enqueueMail(
              trx,
              [
                applicationsDigestMail({
                  to: person.email,
                  openings: openings.map((opening) => ({
                    title: opening.title,
                    code: opening.code,
                    count: Number(opening.count),
                    link: `${origin}${consolePagePaths.board.replace(':id', String(opening.id))}`,
                  })),
                }),
              ],
              null,
              now,
            );
            return 1;
          },
          [`notification-digest:${person.id}`],
        );
      }
      return queued;
    },
  };
}

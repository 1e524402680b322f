import crypto from 'node:crypto';
import type { CalendarFeed } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { auditRepository } from '../audit/audit-repository';
import { feedCalendar, organizerOf } from './interview-calendar';
import { readInterviews } from './interview-reads';
import { interviewLines, type MailSetting } from './interview-mails';

/**
 * Private calendar feeds (docs/recruiters.md, "Calendar feed"; docs/security.md): the only code
 * that touches `calendar_feeds`. A feed's token is 32 random bytes, shown once; only its
 * SHA-256 is kept, so the table opens no feed. One feed per person: a new one replaces it.
 */

/** How far back a feed reaches: interviews that started up to this long ago. */
export const FEED_PAST_DAYS = 30;
const DAY_MS = 86_400_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function calendarFeedsRepository(db: Db) {
  return {
    /** Whether the person has a feed, and when it was made; never anything that opens it. */
    async status(userId: number): Promise<CalendarFeed> {
      const row = await db
        .selectFrom('calendarFeeds')
        .select('createdAt')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return { exists: row !== undefined, createdAt: row ? toIso(row.createdAt) : null };
    },

    /** A new token for the person (any earlier one stops opening), audited in its transaction. */
    async create(userId: number, now: Date): Promise<{ token: string; createdAt: string }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const createdAt = now.toISOString();
      await writeTransaction(db, async (trx) => {
        const replaced = await trx
          .selectFrom('calendarFeeds')
          .select('userId')
          .where('userId', '=', userId)
          .executeTakeFirst();
        await trx
          .insertInto('calendarFeeds')
          .values({ userId, tokenHash: hashToken(token), createdAt })
          .onConflict((oc) =>
            oc.column('userId').doUpdateSet({ tokenHash: hashToken(token), createdAt }),
          )
          .execute();
        await auditRepository(trx).record(
          {
            actor: { userId },
            action: 'calendar-feed-create',
            target: `user ${userId}`,
            detail: replaced ? 'replaced the earlier link' : null,
          },
          now,
        );
      });
      return { token, createdAt };
    },

    /** Revokes the person's feed; answers whether there was one (audited only then). */
    async revoke(userId: number, now: Date): Promise<boolean> {
      return writeTransaction(db, async (trx) => {
        const result = await trx
          .deleteFrom('calendarFeeds')
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await auditRepository(trx).record(
          { actor: { userId }, action: 'calendar-feed-revoke', target: `user ${userId}` },
          now,
        );
        return true;
      });
    },

    /** Revokes every feed (a restored copy holds links revoked since it was made). */
    async deleteAll(): Promise<number> {
      const result = await db.deleteFrom('calendarFeeds').executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * The feed a token opens: the interviews its active owner runs or scheduled, from
     * FEED_PAST_DAYS ago on, cancelled ones as CANCELLED; undefined for a wrong or revoked
     * token or a deactivated person.
     */
    async feed(token: string, now: Date, setting: MailSetting): Promise<string | undefined> {
      if (!TOKEN.test(token)) return undefined;
      const owner = await db
        .selectFrom('calendarFeeds')
        .innerJoin('users', 'users.id', 'calendarFeeds.userId')
        .select(['users.id', 'users.timeZone'])
        .where('calendarFeeds.tokenHash', '=', hashToken(token))
        .where('users.isActive', '=', 1)
        .executeTakeFirst();
      if (!owner) return undefined;
      const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS).toISOString();
      const interviews = await readInterviews(db, (q) =>
        q
          .where('interviews.startsAt', '>=', since)
          .where((eb) =>
            eb.or([
              eb('interviews.createdByUserId', '=', owner.id),
              eb(
                'interviews.id',
                'in',
                eb
                  .selectFrom('interviewInterviewers')
                  .select('interviewId')
                  .where('userId', '=', owner.id),
              ),
            ]),
          ),
      );
      return feedCalendar(interviews, {
        organizer: organizerOf(setting.mailFrom),
        origin: setting.origin,
        describe: (interview) =>
          interviewLines(
            interview,
            'interviewers',
            owner.timeZone ?? interview.timeZone,
            setting.origin,
          ).join('\n'),
      });
    },
  };
}

export type CalendarFeedsRepository = ReturnType<typeof calendarFeedsRepository>;

import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { toUser, type User } from './users-repository';

export interface StoredSession {
  /** SHA-256 hex of the cookie's token. */
  id: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** Console sessions, server-side (docs/recruiters.md). The only code that touches the table. */
export function sessionsRepository(db: Db) {
  return {
    async create(session: StoredSession): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          created_at: session.createdAt,
          last_seen_at: session.lastSeenAt,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    /** The session and its user, active or not (the caller judges); undefined when unknown. */
    async find(id: string): Promise<{ session: StoredSession; user: User } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.user_id',
          'sessions.created_at',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'users.email',
          'users.name',
          'users.role',
          'users.is_active',
          'users.created_at as user_created_at',
          'users.last_sign_in_at',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        session: {
          id: row.id,
          userId: row.user_id,
          createdAt: toIso(row.created_at),
          lastSeenAt: toIso(row.last_seen_at),
          expiresAt: toIso(row.expires_at),
        },
        user: toUser({ ...row, id: row.user_id, created_at: row.user_created_at }),
      };
    },

    async touch(id: string, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** Ends every session of a person (deactivated, password reset). */
    async deleteForUser(userId: number): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Ends every session (after a restore brought back ones that had been signed out). */
    async deleteAll(): Promise<number> {
      const result = await db.deleteFrom('sessions').executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Drops sessions past their absolute end or idle since `idleBefore`. */
    async deleteExpired(now: Date, idleBefore: Date): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now.toISOString()),
            eb('last_seen_at', '<=', idleBefore.toISOString()),
          ]),
        )
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;

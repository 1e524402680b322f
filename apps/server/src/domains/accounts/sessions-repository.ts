import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import type { SessionDevice } from './session-devices';
import { toUser, type User } from './users-repository';

/**
 * How a session was signed in: a password alone, a password and a second factor, a passkey on
 * its own, or the company's identity provider. A rule made stricter (a second factor required)
 * ends the sessions it no longer allows.
 */
export type SessionMethod =
  'password' | 'password+totp' | 'password+recovery-code' | 'password+passkey' | 'passkey' | 'sso';

/** The methods that began with a password: what turning password sign-in off ends. */
export const PASSWORD_METHODS: readonly SessionMethod[] = [
  'password',
  'password+totp',
  'password+recovery-code',
  'password+passkey',
];

export interface StoredSession {
  /** SHA-256 hex of the cookie's token. */
  id: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** How it was signed in; `password` when not said. */
  method?: SessionMethod;
  /** Where it was opened from (session-devices.ts); absent for sessions older than the list. */
  origin?: SessionDevice;
}

/** One of a person's sessions as their list shows it. */
export interface ListedSession {
  /** A handle of the session for ending it: never its id, which a cookie's token hashes to. */
  handle: string;
  device: string | null;
  place: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** The handle a list names a session by: the id hashed again, so the list leaks no id. */
export const sessionHandle = (id: string) =>
  crypto.createHash('sha256').update(`session-handle\n${id}`).digest('base64url').slice(0, 22);

/** Console sessions, server-side (docs/recruiters.md). The only code that touches the table. */
export function sessionsRepository(db: Db) {
  return {
    /** A new session; `idToken`: a single sign-on's, for the provider's sign-out. */
    async create(session: StoredSession, idToken?: string): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          userId: session.userId,
          createdAt: session.createdAt,
          lastSeenAt: session.lastSeenAt,
          expiresAt: session.expiresAt,
          method: session.method ?? 'password',
          device: session.origin?.device ?? null,
          place: session.origin?.place ?? null,
          address: session.origin?.address ?? null,
          idToken: idToken ?? null,
        })
        .execute();
    },

    /** The ID token a single sign-on session began with, if any (read at its sign-out). */
    async idTokenOf(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('idToken')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.idToken ?? undefined;
    },

    /** A person's sessions still running, the most recently used first. */
    async listForUser(
      userId: number,
      now: Date,
      idleBefore: Date,
    ): Promise<(ListedSession & { id: string })[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'device', 'place', 'address', 'createdAt', 'lastSeenAt'])
        .where('userId', '=', userId)
        .where('expiresAt', '>', now.toISOString())
        .where('lastSeenAt', '>', idleBefore.toISOString())
        .orderBy('lastSeenAt', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        ...row,
        handle: sessionHandle(row.id),
        createdAt: toIso(row.createdAt),
        lastSeenAt: toIso(row.lastSeenAt),
      }));
    },

    /** Ends one session of a person by its handle; answers whether there was one. */
    async deleteByHandle(userId: number, handle: string): Promise<boolean> {
      const rows = await db
        .selectFrom('sessions')
        .select('id')
        .where('userId', '=', userId)
        .execute();
      const match = rows.find((row) => sessionHandle(row.id) === handle);
      if (!match) return false;
      await db.deleteFrom('sessions').where('id', '=', match.id).execute();
      return true;
    },

    /** The session and its user, active or not (the caller judges); undefined when unknown. */
    async find(id: string): Promise<{ session: StoredSession; user: User } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([
          'sessions.id',
          'sessions.userId',
          'sessions.createdAt',
          'sessions.lastSeenAt',
          'sessions.expiresAt',
          'sessions.method',
          'users.email',
          'users.name',
          'users.role',
          'users.isActive',
          'users.createdAt as userCreatedAt',
          'users.lastSignInAt',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        session: {
          id: row.id,
          userId: row.userId,
          createdAt: toIso(row.createdAt),
          lastSeenAt: toIso(row.lastSeenAt),
          expiresAt: toIso(row.expiresAt),
          method: row.method as SessionMethod,
        },
        user: toUser({ ...row, id: row.userId, createdAt: row.userCreatedAt }),
      };
    },

    async touch(id: string, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ lastSeenAt: now.toISOString() })
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
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** How this session counts from now on (a person who just turned a second factor on). */
    async setMethod(id: string, method: SessionMethod): Promise<void> {
      await db.updateTable('sessions').set({ method }).where('id', '=', id).execute();
    },

    /** Ends every session signed in this way (a rule that no longer allows it); how many. */
    async deleteByMethod(method: SessionMethod): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('method', '=', method)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Ends every session signed in with a password (any second factor too), but those of
     * `keepUserId` (the break-glass admin); answers how many ended.
     */
    async deletePasswordSessions(keepUserId: number | null): Promise<number> {
      let query = db.deleteFrom('sessions').where('method', 'in', [...PASSWORD_METHODS]);
      if (keepUserId !== null) query = query.where('userId', '<>', keepUserId);
      const result = await query.executeTakeFirst();
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
            eb('expiresAt', '<=', now.toISOString()),
            eb('lastSeenAt', '<=', idleBefore.toISOString()),
          ]),
        )
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;

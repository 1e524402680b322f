import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';

/** What a throttle may read and write while it holds the keys' lock. */
export interface ThrottleStatements {
  /** Failures per key since `since`, and the oldest of them (when the window frees up). */
  count(key: string, since: Date): Promise<{ failures: number; oldest: string | undefined }>;
  /** One failure per key, answering the rows' ids (a reservation to release on success). */
  record(keys: readonly string[], now: Date): Promise<number[]>;
}

function statements(db: Db): ThrottleStatements {
  return {
    async count(key, since) {
      const row = await db
        .selectFrom('signInFailures')
        .select((eb) => [sql<number>`count(*)`.as('n'), eb.fn.min('failedAt').as('oldest')])
        .where('key', '=', key)
        .where('failedAt', '>', since.toISOString())
        .executeTakeFirstOrThrow();
      const oldest = row.oldest === null ? undefined : new Date(row.oldest).toISOString();
      return { failures: Number(row.n), oldest };
    },

    async record(keys, now) {
      const rows = await db
        .insertInto('signInFailures')
        .values(keys.map((key) => ({ key, failedAt: now.toISOString() })))
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

/**
 * Failed sign-ins, counted in the database so every node sees every failure (docs/recruiters.md).
 * The only code that touches the signInFailures table.
 */
export function signInThrottleRepository(db: Db) {
  return {
    /**
     * Runs `work` alone among every caller that names one of `lockKeys`, in one transaction, so
     * a count and the insert it decides cannot interleave with another's (docs/security.md).
     */
    exclusive<T>(
      lockKeys: readonly string[],
      work: (scoped: ThrottleStatements) => Promise<T>,
    ): Promise<T> {
      return writeTransaction(db, (trx) => work(statements(trx)), lockKeys);
    },

    /** Gives back a reservation: the attempt it stood for did not fail. */
    async release(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('signInFailures').where('id', 'in', ids).execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('signInFailures').where('key', '=', key).execute();
    },

    /** Drops failures older than any window looks back. */
    async prune(before: Date): Promise<void> {
      await db.deleteFrom('signInFailures').where('failedAt', '<=', before.toISOString()).execute();
    },
  };
}

export type SignInThrottleRepository = ReturnType<typeof signInThrottleRepository>;

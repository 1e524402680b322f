import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Failed sign-ins, counted in the database so every node sees every failure (docs/recruiters.md).
 * The only code that touches the sign_in_failures table.
 */
export function signInThrottleRepository(db: Db) {
  return {
    async record(keys: readonly string[], now: Date): Promise<void> {
      await db
        .insertInto('sign_in_failures')
        .values(keys.map((key) => ({ key, failed_at: now.toISOString() })))
        .execute();
    },

    /** Failures per key since `since`, and the oldest of them (when the window frees up). */
    async count(
      key: string,
      since: Date,
    ): Promise<{ failures: number; oldest: string | undefined }> {
      const row = await db
        .selectFrom('sign_in_failures')
        .select([
          sql<number>`count(*)`.as('n'),
          sql<string | Date | null>`min(failed_at)`.as('oldest'),
        ])
        .where('key', '=', key)
        .where('failed_at', '>', since.toISOString())
        .executeTakeFirstOrThrow();
      const oldest = row.oldest === null ? undefined : new Date(row.oldest).toISOString();
      return { failures: Number(row.n), oldest };
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
    },

    /** Drops failures older than any window looks back. */
    async prune(before: Date): Promise<void> {
      await db
        .deleteFrom('sign_in_failures')
        .where('failed_at', '<=', before.toISOString())
        .execute();
    },
  };
}

export type SignInThrottleRepository = ReturnType<typeof signInThrottleRepository>;

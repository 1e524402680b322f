import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database';

/**
 * Runs `work` in one transaction that writes. On SQLite it begins IMMEDIATE, taking the file's
 * write lock before the first read: a deferred transaction that reads, then writes after another
 * connection (another thread or process) committed, is refused at once with SQLITE_BUSY, and the
 * busy timeout does not help it. On PostgreSQL it is an ordinary transaction; `lockKeys` take
 * transaction-scoped advisory locks, in sorted order so two callers never wait on each other
 * (SQLite's write lock already covers every key).
 */
export async function writeTransaction<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  lockKeys: readonly string[] = [],
): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.transaction().execute(async (trx) => {
      await holdLocks(trx, lockKeys);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * Takes `keys`' locks inside a writeTransaction that is under way, for keys known only after its
 * first reads; held until it ends. Sorted, as writeTransaction's own: two callers naming the
 * same keys never wait on each other. SQLite: nothing to do, the write lock covers every key.
 */
export async function holdLocks(trx: Db, keys: readonly string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

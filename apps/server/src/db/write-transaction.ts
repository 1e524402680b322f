import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database';

/**
 * Runs `work` in one transaction that writes. On SQLite it begins IMMEDIATE, taking the file's
 * write lock before the first read: a deferred transaction that reads, then writes after another
 * connection (another thread or process) committed, is refused at once with SQLITE_BUSY, and the
 * busy timeout does not help it. On PostgreSQL it is an ordinary transaction; `lockKeys` take
 * transaction-scoped advisory locks, all in one statement and in the order of the locks' own
 * numbers, so two callers never wait on each other (SQLite's write lock already covers every key).
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
 * Takes `keys`' locks inside a writeTransaction that is under way (for keys known only after its
 * first reads), held until it ends: all in one statement, in the order of the locks' own numbers,
 * so two callers naming the same keys never wait on each other and any number of keys (a
 * retention run locks every applicant it erases) costs one round trip. SQLite: nothing to do,
 * the write lock covers every key.
 */
export async function holdLocks(trx: Db, keys: readonly string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  await sql`select pg_advisory_xact_lock(h) from (
      select distinct hashtextextended(k, 0) as h from unnest(${unique}::text[]) as k order by h
    ) as sorted`.execute(trx);
}

/** The lock every writer of one applicant holds, so their changes are judged one after another. */
export const applicantLock = (applicantId: number) => `applicant:${applicantId}`;

/**
 * The lock of one rejection reason: a rejection that gives it and the reason's removal hold it,
 * so a removal never deletes a reason a rejection is giving at that moment.
 */
export const rejectionReasonLock = (reasonId: number) => `rejection-reason:${reasonId}`;

/**
 * The one way to a transaction that writes applicants already stored (a stage, a note, a
 * message, a resume, a decision about them, their erasure): it holds the lock of each of
 * `applicantIds`, with `otherKeys` besides, so an applicant's own action and a recruiter's
 * change are never judged on the same old state (docs/architecture.md, "Data").
 */
export function changeApplicants<T>(
  db: Db,
  applicantIds: readonly number[],
  work: (trx: Db) => Promise<T>,
  otherKeys: readonly string[] = [],
): Promise<T> {
  return writeTransaction(db, work, [...applicantIds.map(applicantLock), ...otherKeys]);
}

/** Why a change whose applicants are found inside it starts again: someone else came in. */
class FoundOthers extends Error {
  constructor(readonly ids: readonly number[]) {
    super('more applicants than locked');
  }
}

/**
 * A change to the applicants `find` finds (by a link, an address, a rule), whose ids are known
 * only by looking: found once to take their locks, then again inside the transaction. When the
 * second look finds one not locked (an application arrived meanwhile), the transaction is
 * rolled back and started again with it locked too, so `work` only ever writes locked ones.
 * `find` only reads: it runs more than once.
 */
export async function changeFoundApplicants<T>(
  db: Db,
  find: (reader: Db) => Promise<readonly number[]>,
  work: (trx: Db, applicantIds: readonly number[]) => Promise<T>,
  otherKeys: readonly string[] = [],
): Promise<T> {
  let locked = new Set(await find(db));
  for (;;) {
    try {
      return await changeApplicants(
        db,
        [...locked],
        async (trx) => {
          const found = await find(trx);
          const others = found.filter((id) => !locked.has(id));
          if (others.length > 0) throw new FoundOthers(others);
          return work(trx, found);
        },
        otherKeys,
      );
    } catch (error) {
      if (!(error instanceof FoundOthers)) throw error;
      locked = new Set([...locked, ...error.ids]);
    }
  }
}

import { sql, SqliteAdapter, type RawBuilder } from 'kysely';
import type { Db } from './database';

/** An instant's milliseconds since the epoch, exactly, in SQL (an integer on both engines). */
export function sqlEpochMs(db: Db, at: RawBuilder<unknown>): RawBuilder<number> {
  // SQLite keeps instants as ISO text with milliseconds; PostgreSQL as timestamptz, whose
  // extract is numeric (exact).
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<number>`(cast(strftime('%s', ${at}) as integer) * 1000 + cast(substr(${at}, 21, 3) as integer))`
    : sql<number>`cast(round(extract(epoch from ${at}) * 1000) as bigint)`;
}

/**
 * The days from one instant to another (a fraction: 36 hours is 1.5), in SQL, on either engine:
 * the exact milliseconds between them divided once, so the very double JavaScript gives for
 * `(to - from) / 86_400_000` (report_stays keeps those milliseconds).
 */
export function sqlDaysBetween(
  db: Db,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
): RawBuilder<number> {
  return sql<number>`(cast(${sqlEpochMs(db, to)} - ${sqlEpochMs(db, from)} as double precision) / 86400000)`;
}

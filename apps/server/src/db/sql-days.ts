import { sql, SqliteAdapter, type RawBuilder } from 'kysely';
import type { Db } from './database';

/**
 * The days from one instant to another (a fraction: 36 hours is 1.5), in SQL, on either engine:
 * SQLite keeps instants as ISO text (julianday reads it), PostgreSQL as timestamptz.
 */
export function sqlDaysBetween(
  db: Db,
  from: RawBuilder<unknown>,
  to: RawBuilder<unknown>,
): RawBuilder<number> {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<number>`(julianday(${to}) - julianday(${from}))`
    : sql<number>`(extract(epoch from (${to} - ${from}))::float8 / 86400)`;
}

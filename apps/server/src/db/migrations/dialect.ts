import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take Kysely<unknown>, not today's Database type.
export type AnyDb = Kysely<unknown>;

/**
 * What the migrations write differently on each engine: the column types that really differ,
 * and a new table's serial key; everything else is shared DDL. Frozen with the migrations that
 * use it: a change here would change what they did.
 */
export function dialect(db: AnyDb) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    instant: postgres ? sql`timestamptz` : sql`text`,
    bytes: postgres ? sql`bytea` : sql`blob`,
    /** A new table with its key, `id`: serial on PostgreSQL, autoincrement on SQLite. */
    tableWithId: (table: string) =>
      db.schema
        .createTable(table)
        .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
          postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
        ),
  };
}

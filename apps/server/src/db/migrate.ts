import {
  Migrator,
  PostgresAdapter,
  sql,
  type DatabaseIntrospector,
  type MigrationProvider,
  type TableMetadata,
} from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * PostgreSQL: the schema the connection works in. Kysely looks for its bookkeeping tables in
 * every schema unless told which, so a second schema in one database would find the first's.
 */
async function currentSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db);
}

/** Applies the migrations up to and including `name` (tests of a migration over older data). */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  return migrate(db, name);
}

/**
 * PostgreSQL: `db` as the Migrator sees it, its introspection answering for `schema` alone. The
 * Migrator asks only whether its own two tables exist; Kysely's introspection answers that by
 * reading every column of every schema in the database, naming each table again to look up its
 * sequence, which fails when another schema is dropped meanwhile (the test suites drop theirs
 * while other files migrate) and grows with every schema the database holds.
 */
function ownSchemaOnly(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables where table_schema = ${schema}
      `.execute(db);
      // The Migrator reads a table's name and schema; it never reads its columns.
      return rows.map(({ name }): TableMetadata => ({ name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  // Kysely keeps its state in private fields: every other member is the instance's own, bound.
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function migrate(db: Db, upTo?: string): Promise<string[]> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({
    db: schema ? ownSchemaOnly(db, schema) : db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results = [] } = await (upTo
    ? migrator.migrateTo(upTo)
    : migrator.migrateToLatest());
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

import { Migrator, PostgresAdapter, sql, type MigrationProvider } from 'kysely';
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

async function migrate(db: Db, upTo?: string): Promise<string[]> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({
    db,
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

import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * Leases of scheduled jobs (the retention run): one row per job; a node runs the job only
 * while it holds the row's lease, so several nodes never run it at once.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres } = dialect(db);
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', postgres ? sql`timestamptz` : sql`text`, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_leases').ifExists().execute();
}

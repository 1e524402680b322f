import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * Duplicate submits: one row per (job, e-mail, resume SHA-256), keyed by a hash of the three,
 * naming the applicant it created. The primary key makes two identical submits racing each
 * other collide in the database on both engines, so only one applicant is ever stored.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres } = dialect(db);
  await db.schema
    .createTable('application_submits')
    .addColumn('submit_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('submitted_at', postgres ? sql`timestamptz` : sql`text`, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('application_submits').ifExists().execute();
}

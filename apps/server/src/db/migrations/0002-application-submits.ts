import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take Kysely<unknown>, not today's Database type.
type AnyDb = Kysely<unknown>;

/**
 * Duplicate submits: one row per (job, e-mail, resume SHA-256), keyed by a hash of the three,
 * naming the applicant it created. The primary key makes two identical submits racing each
 * other collide in the database on both engines, so only one applicant is ever stored.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
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

import type { Kysely } from 'kysely';

// Migrations are frozen history: they take Kysely<unknown>, not today's Database type.
type AnyDb = Kysely<unknown>;

/** A scratch optional field (issue 37): what one more application field costs. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('applicants').addColumn('pronouns', 'varchar(40)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('applicants').dropColumn('pronouns').execute();
}

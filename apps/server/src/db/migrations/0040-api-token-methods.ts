import type { AnyDb } from './dialect';

/**
 * How the session that made a personal API token had signed in (`sessions.method`): when an
 * admin requires a second factor, the tokens made with a password alone (or before this column,
 * not known) are revoked with the rule, as those sessions end (docs/security.md, "Second
 * factor").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('made_with', 'varchar(40)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('made_with').execute();
}

import type { AnyDb } from './dialect';

/**
 * The ID token a single sign-on session began with, kept beside it only to name that sign-in
 * to the provider at sign-out (`id_token_hint`: some providers, Okta among them, refuse a
 * sign-out without it). Deleted with its session; sessions of other methods have none.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('id_token', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('id_token').execute();
}

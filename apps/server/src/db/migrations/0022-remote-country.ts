import type { AnyDb } from './dialect';

/**
 * Where an applicant to a remote opening would work from, when they chose one of its countries
 * instead of one of its places (docs/careers.md): its ISO 3166-1 alpha-2 code. Null for every
 * other application, which has the place it chose (or none) in `place`.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('applicants').addColumn('remote_country', 'varchar(2)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('applicants').dropColumn('remote_country').execute();
}

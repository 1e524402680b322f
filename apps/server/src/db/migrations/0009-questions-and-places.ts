import type { AnyDb } from './dialect';

/**
 * An opening's own questions and its places (docs/recruiters.md, "Questions" and "Places"), and
 * what an applicant answered and where they would work. Lists are JSON text on both engines:
 * they are read and written whole with their opening or applicant, never queried inside, except
 * the knock-out count, which the console filters on and so has a column of its own.
 */
export async function up(db: AnyDb): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  // A JSON array of { city, region, country }; null: the one place job_location names.
  await db.schema.alterTable('jobs').addColumn('locations', 'text').execute();
  // A JSON array of ISO 3166-1 alpha-2 codes: where a remote opening may be held from.
  await db.schema.alterTable('jobs').addColumn('remote_countries', 'text').execute();
  // A JSON array of questions (packages/contract/src/questions.ts); null: none.
  await db.schema.alterTable('jobs').addColumn('questions', 'text').execute();
  // A JSON array of answers, each with its question as asked (label, type, options).
  await db.schema.alterTable('applicants').addColumn('answers', 'text').execute();
  // The place applied for (a JSON { city, region, country }) when the opening had several.
  await db.schema.alterTable('applicants').addColumn('place', 'text').execute();
  // How many answers were among their question's knock-out answers (a flag, never a verdict).
  await db.schema
    .alterTable('applicants')
    .addColumn('knockouts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['answers', 'place', 'knockouts']) {
    await db.schema.alterTable('applicants').dropColumn(column).execute();
  }
  for (const column of ['locations', 'remote_countries', 'questions']) {
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  }
}

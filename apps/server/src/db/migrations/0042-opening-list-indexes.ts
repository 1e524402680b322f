import { sql } from 'kysely';
import type { AnyDb } from './dialect';

/**
 * Indexes for the console's openings list, paged on the server (docs/recruiters.md, "Openings";
 * docs/performance.md, "Data growth"): its default order, newest first (and its reverse), and
 * its title order, lower-cased so both engines order alike. The code order reads the code's own
 * unique index; the state filter reads jobs_listing_idx (is_open, effective_from).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('jobs_effective_idx')
    .on('jobs')
    .columns(['effective_from', 'id'])
    .execute();
  await sql`create index jobs_title_idx on jobs (lower(title), id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of ['jobs_title_idx', 'jobs_effective_idx']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}

import { dialect, type AnyDb } from './dialect';

/**
 * Where applicants come from (docs/recruiters.md, "Sources"): sources a recruiter names, the
 * tracking links `/r/<token>` made for a source and optionally an opening, and on each
 * applicant the source credited at applying with the raw values the visit carried. Deleting a
 * source leaves its links (they still land, crediting nothing) and its applicants' credit text.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  const id = postgres ? 'serial' : 'integer';
  await db.schema
    .createTable('sources')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('referrer_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tracking_links')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('token', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('source_id', 'integer', (c) => c.references('sources.id').onDelete('set null'))
    .addColumn('job_id', 'integer', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('created_by_user_id', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('applicants')
    .addColumn('source_id', 'integer', (c) => c.references('sources.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('applicants')
    .addColumn('tracking_link_id', 'integer', (c) =>
      c.references('tracking_links.id').onDelete('set null'),
    )
    .execute();
  // The credit as it read when applying (a deleted source's name stays), and how it was found.
  await db.schema.alterTable('applicants').addColumn('source_name', 'varchar(100)').execute();
  await db.schema.alterTable('applicants').addColumn('source_via', 'varchar(20)').execute();
  // The raw values the visit carried (src, utm_*, referrer host), cleaned, as JSON.
  await db.schema.alterTable('applicants').addColumn('arrival', 'text').execute();
  await db.schema
    .createIndex('applicants_source_name')
    .on('applicants')
    .column('source_name')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('applicants_source_name').ifExists().execute();
  for (const column of ['arrival', 'source_via', 'source_name', 'tracking_link_id', 'source_id']) {
    await db.schema.alterTable('applicants').dropColumn(column).execute();
  }
  await db.schema.dropTable('tracking_links').ifExists().execute();
  await db.schema.dropTable('sources').ifExists().execute();
}

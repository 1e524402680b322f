import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * The site's editable content (docs/content-store.md):
 * - `content_pages`: one row per editable page, named by its route id (`home`, `servicesCcm`):
 *   its live revision, its one draft, a version that grows with every change visitors see, and
 *   the SHA-256 of its draft's preview token;
 * - `content_revisions`: a page's content as JSON text; a published one is kept for good (who,
 *   when), the draft is edited in place (`updated_at`), a scheduled draft has `publish_at`, a
 *   restore names the revision it copied (`restored_from_id`: a name ending `_from` would be
 *   typed an instant by scripts/db-types.ts).
 * Who wrote or published a revision is set null if the account goes, as on `account_settings`;
 * null `created_by` is the seed. The page's two revision keys are added after both tables
 * exist: each table names the other.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, tableWithId } = dialect(db);
  await db.schema
    .createTable('content_pages')
    .addColumn('page_id', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('preview_token_hash', 'varchar(64)')
    .execute();
  await tableWithId('content_revisions')
    .addColumn('page_id', 'varchar(60)', (c) =>
      c.notNull().references('content_pages.page_id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .addColumn('publish_at', instant)
    .addColumn('published_at', instant)
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('restored_from_id', 'integer', (c) =>
      c.references('content_revisions.id').onDelete('set null'),
    )
    .execute();
  // A page's published revisions, newest first, are read by this index alone.
  await db.schema
    .createIndex('content_revisions_page_idx')
    .on('content_revisions')
    .columns(['page_id', 'published_at'])
    .execute();
  // The scheduled drafts, which every publishing run looks for: few rows among many.
  await db.schema
    .createIndex('content_revisions_publish_at_idx')
    .on('content_revisions')
    .column('publish_at')
    .where(sql.ref('publish_at'), 'is not', null)
    .execute();
  for (const column of ['created_by', 'published_by', 'restored_from_id']) {
    await db.schema
      .createIndex(`content_revisions_${column}_idx`)
      .on('content_revisions')
      .column(column)
      .where(sql.ref(column), 'is not', null)
      .execute();
  }
  for (const column of ['published_revision_id', 'draft_revision_id']) {
    await db.schema
      .alterTable('content_pages')
      .addColumn(column, 'integer', (c) => c.references('content_revisions.id'))
      .execute();
    await db.schema
      .createIndex(`content_pages_${column.replace('_revision_id', '')}_idx`)
      .on('content_pages')
      .column(column)
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  // Each table names the other: PostgreSQL drops the pages' keys with the revisions (cascade);
  // SQLite, which has no cascade here, lets the pages go first (their revisions go with them).
  if (dialect(db).postgres) {
    await db.schema.dropTable('content_revisions').ifExists().cascade().execute();
    await db.schema.dropTable('content_pages').ifExists().execute();
    return;
  }
  await db.schema.dropTable('content_pages').ifExists().execute();
  await db.schema.dropTable('content_revisions').ifExists().execute();
}

import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * The images placed in the site's content (docs/content-store.md, "Images"):
 * - `content_images`: one row per distinct original, found again by the SHA-256 of its bytes
 *   (the same file uploaded twice is one image); its size, its real type (judged by its bytes),
 *   the format of its fallback variant (`jpg`, or `png` when it has alpha), the original bytes
 *   (so the variants can be made again if their sizes change), who uploaded it and when;
 * - `content_image_variants`: each size and format made of it, with its bytes in the database
 *   as resumes' are (`attachments.content`), their SHA-256 (the public answer's ETag) and size.
 * Who uploaded is set null if the account goes, as elsewhere; the variants go with their image.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, bytes, tableWithId } = dialect(db);
  await tableWithId('content_images')
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('fallback_format', 'varchar(4)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('original', bytes, (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_images_uploaded_by_idx')
    .on('content_images')
    .column('uploaded_by')
    .where(sql.ref('uploaded_by'), 'is not', null)
    .execute();
  await db.schema
    .createTable('content_image_variants')
    .addColumn('image_id', 'integer', (c) =>
      c.notNull().references('content_images.id').onDelete('cascade'),
    )
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(4)', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    // The public answer's one look-up, and the image's variants listed, by this key alone.
    .addPrimaryKeyConstraint('content_image_variants_pk', ['image_id', 'width', 'format'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('content_image_variants').ifExists().execute();
  await db.schema.dropTable('content_images').ifExists().execute();
}

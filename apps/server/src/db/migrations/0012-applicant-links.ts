import { dialect, type AnyDb } from './dialect';

/**
 * The applicant's own links (docs/careers.md, "Your application's own page"): the secret of each
 * is mailed once and only its SHA-256 kept.
 * - `status`: the status page, valid 30 days from the application's last change (every change
 *   moves `expires_at` on);
 * - `erase`: the confirmation of "Erase my data", valid 24 hours and usable once (`used_at`).
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant } = dialect(db);
  await db.schema
    .createTable('applicant_links')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .addColumn('used_at', instant)
    .execute();
  await db.schema
    .createIndex('applicant_links_applicant_idx')
    .on('applicant_links')
    .column('applicant_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('applicant_links').ifExists().execute();
}

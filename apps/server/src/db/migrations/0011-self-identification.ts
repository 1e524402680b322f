import { dialect, type AnyDb } from './dialect';

/**
 * Voluntary self-identification (docs/careers.md, docs/security.md), apart from the application:
 * - `self_id_tokens`: the one-time tokens an application's answer carries (the SHA-256 of the
 *   secret only), each valid 24 hours and usable once;
 * - `self_identifications`: the answers (JSON), one row per applicant at most. The applicant id
 *   is there only so that erasing the applicant erases the row; no recruiter read joins it.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  await db.schema
    .createTable('self_id_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .addColumn('used_at', instant)
    .execute();
  await db.schema
    .createIndex('self_id_tokens_applicant_idx')
    .on('self_id_tokens')
    .column('applicant_id')
    .execute();
  await db.schema
    .createTable('self_identifications')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().unique().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('self_identifications_job_idx')
    .on('self_identifications')
    .column('job_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('self_identifications').ifExists().execute();
  await db.schema.dropTable('self_id_tokens').ifExists().execute();
}

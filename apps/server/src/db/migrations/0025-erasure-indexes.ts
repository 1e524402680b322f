import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * An index for every foreign key that had none (docs/performance.md, "Indexes"): deleting or
 * erasing a referenced row looks up each referencing table by its key, and without an index that
 * is a scan of the whole table per row (a retention run over thousands of applicants scanned
 * `application_submits` and `mail_queue` thousands of times). db/foreign-key-indexes.test.ts
 * keeps every later key indexed too. Besides, the job alerts of an erased address are found by
 * `lower(email)`, which the plain index on `email` cannot answer.
 *
 * And the CSV export's order (oldest first: applied on, then id), which it reads a page at a
 * time from the last row's place: SQLite's indexes on `applied_on` and `(job_id, applied_on)`
 * end with the row id and answer it in order already; PostgreSQL's gain the id as their last
 * column (replacing them: what they answered, the longer ones answer too), else each page
 * sorts every match.
 */
const FOREIGN_KEY_INDEXES: readonly [table: string, column: string][] = [
  ['application_submits', 'applicant_id'],
  ['mail_queue', 'applicant_id'],
  ['mail_queue', 'alert_id'],
  ['applicants', 'source_id'],
  ['applicants', 'tracking_link_id'],
  ['applicant_stages', 'changed_by_user_id'],
  ['applicant_stages', 'rejection_reason_id'],
  ['applicant_notes', 'author_user_id'],
  ['applicant_messages', 'template_id'],
  ['applicant_messages', 'sent_by_user_id'],
  ['audit_log', 'actor_user_id'],
  ['bulk_batches', 'user_id'],
  ['duplicate_decisions', 'decided_by_user_id'],
  ['sources', 'referrer_user_id'],
  ['tracking_links', 'source_id'],
  ['tracking_links', 'job_id'],
  ['tracking_links', 'created_by_user_id'],
  ['interviews', 'plan_interview_id'],
  ['interviews', 'created_by_user_id'],
  ['slot_bookings', 'interview_id'],
  ['scorecards', 'user_id'],
];

const indexName = (table: string, column: string) => `${table}_${column}_fk_idx`;

export async function up(db: AnyDb): Promise<void> {
  for (const [table, column] of FOREIGN_KEY_INDEXES) {
    await db.schema.createIndex(indexName(table, column)).on(table).column(column).execute();
  }
  await db.schema
    .createIndex('job_alerts_email_lower_idx')
    .on('job_alerts')
    .expression(sql`lower(email)`)
    .execute();
  if (dialect(db).postgres) {
    for (const [name, columns, replaced] of EXPORT_ORDER_INDEXES) {
      await db.schema
        .createIndex(name)
        .on('applicants')
        .columns([...columns, 'id'])
        .execute();
      await db.schema.dropIndex(replaced).execute();
    }
  }
}

/** PostgreSQL's: the index, the columns before the id, the index it replaces (0020's). */
const EXPORT_ORDER_INDEXES: readonly [string, string[], string][] = [
  ['applicants_applied_id_idx', ['applied_on'], 'applicants_applied_idx'],
  ['applicants_job_applied_id_idx', ['job_id', 'applied_on'], 'applicants_job_applied_idx'],
];

export async function down(db: AnyDb): Promise<void> {
  if (dialect(db).postgres) {
    for (const [name, columns, replaced] of EXPORT_ORDER_INDEXES) {
      await db.schema.createIndex(replaced).on('applicants').columns(columns).execute();
      await db.schema.dropIndex(name).execute();
    }
  }
  await db.schema.dropIndex('job_alerts_email_lower_idx').ifExists().execute();
  for (const [table, column] of FOREIGN_KEY_INDEXES) {
    await db.schema.dropIndex(indexName(table, column)).ifExists().execute();
  }
}

import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';
import { emailKey, phoneKey } from '../../lib/contact-keys';

/** Rows read and written per round of the backfill. */
const BACKFILL_CHUNK = 500;

/**
 * Duplicates (docs/recruiters.md, "Duplicates"): on each applicant the keys the same person
 * applying again is found by, the e-mail address normalised (`email_key`) and the mobile number
 * in E.164 (`phone_e164`, null when it is no valid number), beside the resume's SHA-256 the
 * resume row already holds (indexed here); and a recruiter's decision about a pair of
 * applications (`duplicate_decisions`: the same person, merged; or not, dismissed), one row per
 * pair with the lower id first. Existing applicants are given their keys here.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  const id = postgres ? 'serial' : 'integer';
  await db.schema.alterTable('applicants').addColumn('email_key', 'varchar(320)').execute();
  await db.schema.alterTable('applicants').addColumn('phone_e164', 'varchar(20)').execute();
  await db.schema
    .createIndex('applicants_email_key')
    .on('applicants')
    .column('email_key')
    .execute();
  await db.schema
    .createIndex('applicants_phone_e164')
    .on('applicants')
    .column('phone_e164')
    .execute();
  await db.schema.createIndex('attachments_sha256').on('attachments').column('sha256').execute();
  await db.schema
    .createTable('duplicate_decisions')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('applicants.id'))
    .addColumn('other_id', 'integer', (c) => c.notNull().references('applicants.id'))
    // 'merged' (the same person) or 'dismissed' (not the same person).
    .addColumn('decision', 'varchar(20)', (c) => c.notNull())
    .addColumn('decided_by_user_id', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .addColumn('decided_at', instant, (c) => c.notNull())
    // A merge may be undone until then; null for a dismissal.
    .addColumn('undo_until', instant)
    .addUniqueConstraint('duplicate_decisions_pair_uq', ['applicant_id', 'other_id'])
    .addCheckConstraint('duplicate_decisions_order', sql`applicant_id < other_id`)
    .execute();
  await db.schema
    .createIndex('duplicate_decisions_other')
    .on('duplicate_decisions')
    .column('other_id')
    .execute();
  await backfillDuplicateKeys(db);
}

/**
 * Gives every applicant without keys their keys (the e-mail address; the mobile number read with
 * their country's alpha-2 code as its region), a chunk at a time. Exported for its test.
 */
export async function backfillDuplicateKeys(db: AnyDb): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{
      id: number;
      email: string;
      mobile: string;
      alpha2: string | null;
      // One-word names: the connection may camelCase what it reads (db/create-db.ts).
    }>`select a.id, a.email, a.mobile_number as mobile, c.alpha2
         from applicants a left join countries c on c.value = a.country_id
        where a.id > ${after} and a.email_key is null
        order by a.id limit ${BACKFILL_CHUNK}`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      await sql`update applicants
                   set email_key = ${emailKey(row.email)},
                       phone_e164 = ${phoneKey(row.mobile, row.alpha2)}
                 where id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('duplicate_decisions').ifExists().execute();
  await db.schema.dropIndex('attachments_sha256').ifExists().execute();
  await db.schema.dropIndex('applicants_phone_e164').ifExists().execute();
  await db.schema.dropIndex('applicants_email_key').ifExists().execute();
  await db.schema.alterTable('applicants').dropColumn('phone_e164').execute();
  await db.schema.alterTable('applicants').dropColumn('email_key').execute();
}

import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * Conversations that come back (docs/recruiters.md, "Conversations"):
 * - `reply_addresses`: the token each candidate mail's `Reply-To` names
 *   (`careers+<token>@…`), kept as a SHA-256 hash with the applicant it answers to and when
 *   it stops being accepted; erased with the applicant;
 * - `applicant_replies`: what a candidate answered, by mail or on the status page, kept as
 *   text; `source_key` (a hash of the mail's Message-ID) makes a mail read twice land once;
 * - `attachments.reply_id`: a reply's attachments are stored as resumes are, beside them;
 * - `unmatched_replies`: a mail whose token is unknown or expired, kept whole for an admin so
 *   no reply is lost;
 * - `notifications`: what tells a console person that something needs them (a mention, a
 *   reply, feedback due, a bulk result), read or not, mailed or not.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, bytes, tableWithId: id } = dialect(db);

  await db.schema
    .createTable('reply_addresses')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reply_addresses_applicant_idx')
    .on('reply_addresses')
    .column('applicant_id')
    .execute();

  await id('applicant_replies')
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('channel', 'varchar(20)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('source_key', 'varchar(64)', (c) => c.unique())
    .addColumn('received_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('applicant_replies_applicant_idx')
    .on('applicant_replies')
    .columns(['applicant_id', 'id'])
    .execute();

  await db.schema
    .alterTable('attachments')
    .addColumn('reply_id', 'integer', (c) =>
      c.references('applicant_replies.id').onDelete('cascade'),
    )
    .execute();
  // Only a reply's files: a resume (reply_id null) is found by its applicant's index, and an
  // index holding every resume under null would tempt a planner into scanning them all.
  await db.schema
    .createIndex('attachments_reply_idx')
    .on('attachments')
    .column('reply_id')
    .where(sql.ref('reply_id'), 'is not', null)
    .execute();

  // Each applicant's one resume, now that their reply files share its table: the resume join of
  // the lists and the board finds it by a unique index, priced as one row per applicant.
  await db.schema
    .createIndex('attachments_resume_idx')
    .on('attachments')
    .column('applicant_id')
    .unique()
    .where(sql.ref('reply_id'), 'is', null)
    .execute();

  await id('unmatched_replies')
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('from_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('raw', bytes, (c) => c.notNull())
    .addColumn('source_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('received_at', instant, (c) => c.notNull())
    .execute();

  await id('notifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('applicant_id', 'integer', (c) => c.references('applicants.id').onDelete('cascade'))
    .addColumn('detail', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('read_at', instant)
    .addColumn('mailed_at', instant)
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_applicant_idx')
    .on('notifications')
    .column('applicant_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.dropTable('unmatched_replies').ifExists().execute();
  await db.schema.dropIndex('attachments_resume_idx').ifExists().execute();
  await db.schema.dropIndex('attachments_reply_idx').ifExists().execute();
  await db.schema.alterTable('attachments').dropColumn('reply_id').execute();
  await db.schema.dropTable('applicant_replies').ifExists().execute();
  await db.schema.dropTable('reply_addresses').ifExists().execute();
}

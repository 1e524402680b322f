import { dialect, type AnyDb } from './dialect';

/**
 * Messages to candidates (docs/recruiters.md, "Messages to candidates"):
 * - `message_templates`: the admins' templates (name, subject, body with placeholders);
 * - `rejection_reasons`: short labels; one given to an applicant is retired (`retired_at`),
 *   never deleted, so what was said stays readable;
 * - `applicant_messages`: every message sent to an applicant as it read (the status link
 *   itself is not kept), erased with the applicant;
 * - `applicant_stages.rejection_reason_id`: the reason a move to Rejected was given.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, tableWithId: id } = dialect(db);

  await id('message_templates')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .execute();

  await id('rejection_reasons')
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('retired_at', instant)
    .execute();

  await id('applicant_messages')
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) =>
      c.references('message_templates.id').onDelete('set null'),
    )
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_by_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('sent_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('applicant_messages_applicant_idx')
    .on('applicant_messages')
    .column('applicant_id')
    .execute();

  await db.schema
    .alterTable('applicant_stages')
    .addColumn('rejection_reason_id', 'integer', (c) => c.references('rejection_reasons.id'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('applicant_stages').dropColumn('rejection_reason_id').execute();
  for (const table of ['applicant_messages', 'rejection_reasons', 'message_templates']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

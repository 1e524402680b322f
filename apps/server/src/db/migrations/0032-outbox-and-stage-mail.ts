import { dialect, type AnyDb } from './dialect';

/**
 * Mail a newcomer can read, and mail a stage sends (docs/operations.md, "Mail without a mail
 * server: the local outbox"; docs/recruiters.md, "Automatic messages on a stage move"):
 * - `local_outbox`: mail the sender kept instead of sending it, only while no SMTP_URL is set
 *   and the site runs on a loopback host; the newest few hundred, erased with their applicant;
 * - `stage_templates`: per opening and stage, the message template a move into that stage
 *   sends to the candidate (held as a bulk rejection's mail is, so Undo takes it back);
 * - `applicant_messages.held_mail_id`: the queued mail of such an automatic message while it
 *   may still be taken back (the applicant moved on, or the move undone, within its hold).
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, tableWithId: id } = dialect(db);

  await id('local_outbox')
    .addColumn('applicant_id', 'integer', (c) => c.references('applicants.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('headers', 'text')
    .addColumn('ical_method', 'varchar(10)')
    .addColumn('ical_body', 'text')
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('local_outbox_applicant_idx')
    .on('local_outbox')
    .column('applicant_id')
    .execute();

  await db.schema
    .createTable('stage_templates')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('stage', 'varchar(40)', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) =>
      c.notNull().references('message_templates.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('stage_templates_pk', ['job_id', 'stage'])
    .execute();
  // No foreign key: a sent mail's queue row is deleted, and the id then names nothing.
  await db.schema.alterTable('applicant_messages').addColumn('held_mail_id', 'integer').execute();
  await db.schema
    .createIndex('stage_templates_template_idx')
    .on('stage_templates')
    .column('template_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('applicant_messages').dropColumn('held_mail_id').execute();
  await db.schema.dropTable('stage_templates').ifExists().execute();
  await db.schema.dropTable('local_outbox').ifExists().execute();
}

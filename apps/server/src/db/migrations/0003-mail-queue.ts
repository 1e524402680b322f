import { dialect, type AnyDb } from './dialect';

/**
 * Mail waiting to be sent: written in the transaction that stores an application, sent by the
 * mail sender in the background and deleted once the SMTP server took it. A row about an
 * applicant goes with the applicant (erasure, retention).
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('applicant_id', 'integer', (c) => c.references('applicants.id').onDelete('cascade'))
    .addColumn('to_address', 'varchar(2000)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', instant, (c) => c.notNull())
    .addColumn('locked_until', instant)
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_queue_due_idx')
    .on('mail_queue')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mail_queue').ifExists().execute();
}

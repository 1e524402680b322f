import { dialect, type AnyDb } from './dialect';

/**
 * Bulk actions in the console and their undo (docs/recruiters.md, "Bulk actions"):
 * - `bulk_batches`: one bulk move or rejection, whose person alone may undo it until
 *   `undo_until`;
 * - `bulk_batch_items`: each applicant it changed (from and to which stage, the rejection
 *   mail queued with it), erased with the applicant; `undone_at` once its undo went through.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, tableWithId: id } = dialect(db);

  await id('bulk_batches')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('undo_until', instant)
    .execute();

  await id('bulk_batch_items')
    .addColumn('batch_id', 'integer', (c) =>
      c.notNull().references('bulk_batches.id').onDelete('cascade'),
    )
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('from_stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('to_stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('message_id', 'integer')
    .addColumn('mail_id', 'integer')
    .addColumn('undone_at', instant)
    .execute();
  await db.schema
    .createIndex('bulk_batch_items_batch_idx')
    .on('bulk_batch_items')
    .column('batch_id')
    .execute();
  await db.schema
    .createIndex('bulk_batch_items_applicant_idx')
    .on('bulk_batch_items')
    .column('applicant_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('bulk_batch_items').ifExists().execute();
  await db.schema.dropTable('bulk_batches').ifExists().execute();
}

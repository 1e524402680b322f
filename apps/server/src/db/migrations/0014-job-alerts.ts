import { dialect, type AnyDb } from './dialect';

/**
 * Job alerts (docs/careers.md, "Job alerts"):
 * - `job_alerts`: an address, the careers filters and a frequency; `confirmed_at` null until the
 *   visitor opened the confirmation link (double opt-in); `sent_through` is the instant the last
 *   digest covered, `next_due_at` when the next one is looked for.
 * - `job_alert_links`: the secrets of the confirmation and unsubscribe links, as SHA-256 only
 *   (every alert mail carries a new unsubscribe link); deleted with their alert.
 * - `job_alert_openings`: when the alerts' run first saw each opening visible: "published" for
 *   alerts, whether it was posted now, scheduled for later or reopened.
 * - `mail_queue.headers` (JSON: List-Unsubscribe and its one-click partner) and
 *   `mail_queue.alert_id` (a queued alert mail goes with its alert).
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  await db.schema
    .createTable('job_alerts')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('query', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'integer')
    .addColumn('workplace', 'varchar(10)')
    .addColumn('frequency', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('confirmed_at', instant)
    .addColumn('sent_through', instant)
    .addColumn('next_due_at', instant)
    .execute();
  await db.schema.createIndex('job_alerts_email_idx').on('job_alerts').column('email').execute();
  await db.schema
    .createIndex('job_alerts_due_idx')
    .on('job_alerts')
    .columns(['confirmed_at', 'next_due_at'])
    .execute();
  await db.schema
    .createTable('job_alert_links')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('alert_id', 'integer', (c) =>
      c.notNull().references('job_alerts.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_alert_links_alert_idx')
    .on('job_alert_links')
    .column('alert_id')
    .execute();
  await db.schema
    .createTable('job_alert_openings')
    .addColumn('job_id', 'integer', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('seen_at', instant, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('mail_queue').addColumn('headers', 'text').execute();
  await db.schema
    .alterTable('mail_queue')
    .addColumn('alert_id', 'integer', (c) => c.references('job_alerts.id').onDelete('cascade'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('alert_id').execute();
  await db.schema.alterTable('mail_queue').dropColumn('headers').execute();
  await db.schema.dropTable('job_alert_openings').ifExists().execute();
  await db.schema.dropTable('job_alert_links').ifExists().execute();
  await db.schema.dropTable('job_alerts').ifExists().execute();
}

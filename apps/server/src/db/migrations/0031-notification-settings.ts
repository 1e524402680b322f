import type { AnyDb } from './dialect';

/**
 * Notifications by mail (docs/recruiters.md, "Notifications and mentions", "New-application
 * notices"):
 * - `users.application_notices`: how a console person whose address is an opening's contact
 *   hears of new applications: `instant` (a mail per application, as before) or `daily` (one
 *   digest a day);
 * - an index over the notifications not yet mailed, which the digest run reads on every node's
 *   tick without reading the whole table.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('application_notices', 'varchar(10)', (c) => c.notNull().defaultTo('instant'))
    .execute();
  await db.schema
    .createIndex('notifications_unmailed_idx')
    .on('notifications')
    .columns(['mailed_at', 'user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notifications_unmailed_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('application_notices').execute();
}

import { dialect, type AnyDb } from './dialect';

/**
 * Notifications to search engines about an opening's page (docs/search.md): one row per engine
 * and URL, written in the transaction that published, changed or closed the opening, and sent by
 * the search sender in the background. `due_from` is the not-before moment (a scheduled opening's
 * date); `next_attempt_at` moves on with each retry. Rows that were sent are kept a week: the
 * day's count of them is the engine's budget. No personal data: only the opening's URL.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  await db.schema
    .createTable('search_outbox')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('engine', 'varchar(20)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_from', instant, (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', instant, (c) => c.notNull())
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('sent_at', instant)
    .execute();
  await db.schema
    .createIndex('search_outbox_due_idx')
    .on('search_outbox')
    .columns(['status', 'engine', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('search_outbox_url_idx').on('search_outbox').column('url').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('search_outbox').ifExists().execute();
}

import { dialect, type AnyDb } from './dialect';

/**
 * "Send me my links again" (docs/careers.md, "Your application's own page"): a request is
 * stored and answered at once, the same for every address; the links are looked up and mailed
 * after the answer, off the request, and the row (the address) is deleted once handled.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  await db.schema
    .createTable('link_requests')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('link_requests').ifExists().execute();
}

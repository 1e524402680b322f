import type { AnyDb } from './dialect';

/**
 * Data versions: one row per kind of data a cached answer is made of (`openings`). Every write
 * to that data adds one to its row in the write's own transaction, so a node that reads the row
 * knows whether the answers it cached are still the data's (docs/performance.md, "Live pages
 * and API answers: cached until the data changes").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('data_versions' as never)
    .values({ name: 'openings', version: 0 } as never)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('data_versions').ifExists().execute();
}

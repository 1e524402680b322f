import { sql } from 'kysely';
import { dialect, type AnyDb } from './dialect';

/**
 * Mail a stranger can cause to an address, counted where every node sees it (docs/careers.md,
 * "Mail a stranger can cause"): one row per slot taken, keyed by what is capped (an address's
 * SHA-256, never the address; an application's id), deleted once older than its window.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres } = dialect(db);
  await db.schema
    .createTable('mail_cap_slots')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('taken_at', postgres ? sql`timestamptz` : sql`text`, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_cap_slots_key_idx')
    .on('mail_cap_slots')
    .columns(['key', 'taken_at'])
    .execute();
  // The prune deletes by age alone, across every key.
  await db.schema
    .createIndex('mail_cap_slots_taken_idx')
    .on('mail_cap_slots')
    .column('taken_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mail_cap_slots').ifExists().execute();
}

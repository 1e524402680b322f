import { dialect, type AnyDb } from './dialect';

/**
 * Personal API tokens (docs/recruiters.md): each acts as its owner on the console's API. Only
 * the SHA-256 of the secret is stored; a revoked token's row is deleted.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // SHA-256 hex of the secret: every use looks the token up by it.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('last_used_at', instant)
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_tokens').ifExists().execute();
}

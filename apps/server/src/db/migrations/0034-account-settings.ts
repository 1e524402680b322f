import { dialect, type AnyDb } from './dialect';

/**
 * Accounts a company can trust (docs/security.md):
 * - `account_settings`: the site-wide rules an admin sets for signing in (a second factor
 *   required, password sign-in kept for a break-glass admin only), one row per rule, its value
 *   as JSON, who set it and when;
 * - `sessions.method`: how a session was signed in (`password`, `password+totp`, `passkey`,
 *   `sso` …), so a rule made stricter can end the sessions it no longer allows.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant } = dialect(db);
  await db.schema
    .createTable('account_settings')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(2000)', (c) => c.notNull())
    .addColumn('updated_at', instant, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('account_settings_updated_by_idx')
    .on('account_settings')
    .column('updated_by')
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('method', 'varchar(40)', (c) => c.notNull().defaultTo('password'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('method').execute();
  await db.schema.dropTable('account_settings').execute();
}

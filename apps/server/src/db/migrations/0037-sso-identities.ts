import { dialect, type AnyDb } from './dialect';

/**
 * Single sign-on (docs/security.md, "Single sign-on"): `sso_identities` binds a console account
 * to the provider's subject (`sub`, never reassigned by the provider) at its first single
 * sign-on, so an e-mail address the provider later gives someone else does not open it. One
 * subject per account and issuer; deactivating the account removes its bindings.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant } = dialect(db);
  await db.schema
    .createTable('sso_identities')
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_identities_pk', ['issuer', 'subject'])
    .execute();
  // One subject per account at each provider; also the foreign key's index.
  await db.schema
    .createIndex('sso_identities_user_issuer_idx')
    .on('sso_identities')
    .columns(['user_id', 'issuer'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sso_identities').execute();
}

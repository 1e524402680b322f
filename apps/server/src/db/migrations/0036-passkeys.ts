import { dialect, type AnyDb } from './dialect';

/**
 * Passkeys (WebAuthn) of console accounts (docs/security.md, "Passkeys"):
 * - `passkeys`: a person's registered credentials: the credential id (base64url), its COSE
 *   public key, the signature counter last seen, the transports the browser named, whether it
 *   syncs between devices, the person's name for it, when added and last used;
 * - `passkey_challenges`: a registration's or a sign-in's challenge, one row per ceremony, named
 *   by the SHA-256 of the random value in a short-lived signed cookie and holding only the
 *   SHA-256 of the challenge; deleted when used, expired after five minutes.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, tableWithId } = dialect(db);
  await tableWithId('passkeys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // At most 1023 bytes in WebAuthn: 1364 characters of base64url.
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'varchar(4000)', (c) => c.notNull())
    // An unsigned 32-bit count: past PostgreSQL's integer.
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('synced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('last_used_at', instant)
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('challenge_hash', 'varchar(64)', (c) => c.notNull())
    // The person registering; null for a sign-in (whoever holds the passkey says who they are).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_user_idx')
    .on('passkey_challenges')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expires_idx')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('passkey_challenges').ifExists().execute();
  await db.schema.dropTable('passkeys').ifExists().execute();
}

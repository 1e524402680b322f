import { dialect, type AnyDb } from './dialect';

/**
 * Two-step sign-in (docs/security.md, "Second factor"):
 * - `second_factors`: a person's authenticator secret, encrypted (AES-256-GCM, a key derived
 *   from the cookie secret), on once `confirmed_at` is set; `last_used_step` is the TOTP time
 *   step last accepted, so a code works once;
 * - `recovery_codes`: each one-time code keyed with HMAC-SHA-256, `used_at` once spent;
 * - `pending_sign_ins`: a right password waiting for its second step (or for enrolment), named
 *   by the SHA-256 of its cookie's token, five minutes and five wrong codes at most.
 */
export async function up(db: AnyDb): Promise<void> {
  const { postgres, instant } = dialect(db);
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('totp_secret', 'varchar(200)', (c) => c.notNull())
    .addColumn('confirmed_at', instant)
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('used_at', instant)
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_idx')
    .on('recovery_codes')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('pending_sign_ins_user_idx')
    .on('pending_sign_ins')
    .column('user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('pending_sign_ins').ifExists().execute();
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.dropTable('second_factors').ifExists().execute();
}

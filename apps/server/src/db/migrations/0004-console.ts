import { dialect, type AnyDb } from './dialect';

/**
 * The recruiters' console (docs/recruiters.md): accounts, their server-side sessions, the
 * append-only audit log, the applicants' pipeline (stage changes and notes) and the failed
 * sign-ins every node counts against. An applicant without a stage row is in stage New.
 */
export async function up(db: AnyDb): Promise<void> {
  const { instant, tableWithId: id } = dialect(db);

  await id('users')
    // Stored lower-cased, so the unique key holds whatever case a person types.
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('last_sign_in_at', instant)
    .execute();

  await db.schema
    .createTable('sessions')
    // SHA-256 of the cookie's random token: a leaked table holds no usable session.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('last_seen_at', instant, (c) => c.notNull())
    .addColumn('expires_at', instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  // Append-only: the code has no update or delete for it (domains/audit/audit-repository.ts).
  await id('audit_log')
    .addColumn('at', instant, (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('actor_label', 'varchar(10)')
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)')
    .addColumn('detail', 'varchar(500)')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();

  // ON DELETE CASCADE: erasing an applicant (request or retention) takes their pipeline along.
  await id('applicant_stages')
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('changed_by_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('changed_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('applicant_stages_applicant_idx')
    .on('applicant_stages')
    .column('applicant_id')
    .execute();

  await id('applicant_notes')
    .addColumn('applicant_id', 'integer', (c) =>
      c.notNull().references('applicants.id').onDelete('cascade'),
    )
    .addColumn('author_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('applicant_notes_applicant_idx')
    .on('applicant_notes')
    .column('applicant_id')
    .execute();

  // Failed sign-ins per account (hashed e-mail) and per client address, shared by every node.
  await id('sign_in_failures')
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('failed_at', instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_key_idx')
    .on('sign_in_failures')
    .columns(['key', 'failed_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'sign_in_failures',
    'applicant_notes',
    'applicant_stages',
    'audit_log',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

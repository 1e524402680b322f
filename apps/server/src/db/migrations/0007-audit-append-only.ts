import { PostgresAdapter, sql } from 'kysely';
import type { AnyDb } from './dialect';

/**
 * The audit log refuses UPDATE and DELETE (and TRUNCATE) in the database itself, so neither a
 * bug nor a hand at the SQL prompt rewrites the record without dropping the triggers first.
 * No exception is needed for erasure: audit rows name ids and counts, never the person
 * (docs/security.md, "Reading personal data is audited").
 */
export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op;
      end
      $$`.execute(db);
    await sql`
      create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
    return;
  }
  await sql`
    create trigger audit_log_no_update before update on audit_log
    begin select raise(abort, 'audit_log is append-only: UPDATE refused'); end`.execute(db);
  await sql`
    create trigger audit_log_no_delete before delete on audit_log
    begin select raise(abort, 'audit_log is append-only: DELETE refused'); end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists audit_log_no_truncate on audit_log`.execute(db);
    await sql`drop trigger if exists audit_log_no_change on audit_log`.execute(db);
    await sql`drop function if exists audit_log_append_only()`.execute(db);
    return;
  }
  await sql`drop trigger if exists audit_log_no_delete`.execute(db);
  await sql`drop trigger if exists audit_log_no_update`.execute(db);
}

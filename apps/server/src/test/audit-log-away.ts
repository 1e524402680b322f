import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Runs `work` with the audit table renamed away, so every audit insert fails: a change that
 * records its audit row in its own transaction must then leave nothing behind. The table is
 * back afterwards, whatever `work` did.
 */
export async function withAuditLogAway<T>(db: Db, work: () => Promise<T>): Promise<T> {
  await sql`alter table audit_log rename to audit_log_away`.execute(db);
  try {
    return await work();
  } finally {
    await sql`alter table audit_log_away rename to audit_log`.execute(db);
  }
}

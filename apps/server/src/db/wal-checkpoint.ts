import { SqliteAdapter, sql } from 'kysely';
import { SQLITE_BUSY_TIMEOUT_MS } from './create-db';
import type { Db } from './database';

/**
 * On SQLite, a deleted or overwritten row's old pages live on in the WAL until it is
 * checkpointed: this copies the pages back (already zeroed by secure_delete) and truncates the
 * WAL to nothing, so no file under DATA_DIR holds the old bytes (docs/security.md, "Data on
 * disk"). A reader of another connection (the applicant writer's thread, the CLI, a backup)
 * holding an older snapshot holds it up: it is tried again for up to `patienceMs`, waiting
 * between tries without blocking the event loop (the driver is synchronous, so SQLite's own busy
 * wait would). Answers whether the WAL is empty now; always true on PostgreSQL, whose files are
 * the operator's (docs/security.md).
 */
export async function checkpointWal(db: Db, patienceMs = 500): Promise<boolean> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return true;
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const busy = await db.connection().execute(async (connection) => {
      await sql.raw('PRAGMA busy_timeout = 0').execute(connection);
      try {
        const { rows } = await sql<{
          busy: number;
        }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(connection);
        return rows[0]?.busy !== 0;
      } finally {
        await sql.raw(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(connection);
      }
    });
    if (!busy) return true;
    if (Date.now() - started >= patienceMs) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, 10 * attempt)));
  }
}

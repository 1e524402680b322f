import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config';
import { ensurePrivateFile } from '../lib/private-files';

export class BackupError extends Error {}

/**
 * `npm run admin -- backup --out FILE`: a consistent copy of the SQLite database while the site
 * keeps writing to it, with SQLite's online backup API. The copy is written beside FILE and
 * renamed into place when complete, so FILE is never half a database. Restoring is copying
 * FILE to `site.db` in an empty DATA_DIR (docs/operations.md). PostgreSQL has pg_dump.
 */
export async function backupDatabase(config: Config, out: string | undefined): Promise<string> {
  if (config.databaseUrl) {
    throw new BackupError(
      'backup copies the embedded SQLite database; this site uses PostgreSQL (DATABASE_URL). ' +
        'Use pg_dump: pg_dump --format=custom --file=FILE "$DATABASE_URL", restore with ' +
        'pg_restore (docs/operations.md).',
    );
  }
  if (!out) throw new BackupError('"backup" needs --out FILE.');
  const source = path.join(config.dataDir, 'site.db');
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  const target = path.resolve(out);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists; choose a new file.`);

  const partial = `${target}.partial-${process.pid}`;
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // The copy holds every applicant: 0600 from its first byte, whatever the umask.
    ensurePrivateFile(partial);
    // All pages in one step: one read transaction sees one state of the database. Writers go
    // on meanwhile (WAL); copying in small steps would restart after every write of theirs.
    await db.backup(partial, { progress: () => 1_000_000_000 });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  const copy = new SqliteDatabase(partial, { fileMustExist: true });
  let applicants: number;
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The copy failed its check: ${String(check)}`);
    applicants = (copy.prepare('select count(*) as n from applicants').get() as { n: number }).n;
  } catch (error) {
    copy.close();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  fs.renameSync(partial, target);
  return `Backed up ${source} to ${target} (${fs.statSync(target).size} bytes, ${applicants} applicants).`;
}

import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateFile, makePrivateIfPresent } from '../lib/private-files';
import type { Database, Db, Dialect } from './database';

export interface DbOptions {
  /** postgres://… selects PostgreSQL; unset selects the embedded SQLite file in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string | undefined;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** How it was opened: a worker thread opens its own connection with these. */
  options: DbOptions;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Connections held for the metrics: PostgreSQL's pool, or SQLite's one open file. */
  connections(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// PostgreSQL returns bigint counts as strings by default; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * The one place names are mapped: queries and results speak camelCase (`descriptionHtml`,
 * `mailQueue`), the tables and columns stay snake_case (`description_html`, `mail_queue`), as
 * the migrations wrote them. A snake_case name passes through unchanged, so the migrations
 * (frozen history) still run as written.
 */
const camelCase = new CamelCasePlugin();

/** How long a SQLite connection waits for another's lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export function createDb(options: DbOptions): DbHandle {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let connections: DbHandle['connections'] = () => ({ total: 1, idle: 0, waiting: 0 });
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // A checked-out client (mid-transaction) whose server goes away emits 'error' too; with no
    // listener that kills the process. Its query fails (503) and the pool drops the client.
    pool.on('connect', (client) => client.on('error', () => {}));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase] });
    connections = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
  } else {
    dialect = 'sqlite';
    ensurePrivateDir(options.dataDir);
    const location = path.join(options.dataDir, 'site.db');
    // SQLite gives -wal and -shm the database file's mode: a 0600 file keeps all three private.
    ensurePrivateFile(location);
    for (const suffix of ['-wal', '-shm']) makePrivateIfPresent(location + suffix);
    const file = new SqliteDatabase(location);
    file.pragma('journal_mode = WAL');
    // Deleted rows are overwritten with zeros, not left in free space (erasure, docs/security.md).
    file.pragma('secure_delete = ON');
    // An acknowledged application must survive a crash: sync the WAL on every commit.
    file.pragma('synchronous = FULL');
    file.pragma('foreign_keys = ON');
    file.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: file }),
      plugins: [camelCase],
    });
  }
  return {
    db,
    dialect,
    options,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    connections: () => connections(),
    close: () => db.destroy(),
  };
}

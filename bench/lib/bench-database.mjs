// A fresh database for a bench that runs the server's code in its own process: SQLite in a temp
// folder, or on PostgreSQL a schema of its own, each dropped by `drop` (after closing the handle).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/create-db.ts';

/** Runs one statement on PostgreSQL at `pgUrl` through a connection of its own. */
export async function onPostgres(pgUrl, statement) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `engine` 'sqlite' or 'postgres' (at `pgUrl`); `prefix` names the temp folder. */
export async function benchDatabase(engine, { pgUrl, prefix }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const schema =
    engine === 'postgres' ? `bench_${crypto.randomBytes(5).toString('hex')}` : undefined;
  if (schema) await onPostgres(pgUrl, `create schema ${schema}`);
  const handle = createDb({ databaseUrl: schema ? pgUrl : undefined, dataDir, schema });
  return {
    handle,
    dataDir,
    schema,
    async drop() {
      await handle.close().catch(() => {});
      if (schema) await onPostgres(pgUrl, `drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The server suite runs once per database engine (every store test on every engine).
// SQLite always; PostgreSQL at TEST_DATABASE_URL (default: the local server). In CI a missing
// PostgreSQL is a failure; on a laptop without one it is skipped with a warning.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const run = (env) =>
  spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status ?? 1;

console.log('\n== server tests on SQLite ==');
if (run({ TEST_DB: 'sqlite' }) !== 0) process.exit(1);

let reachable = true;
try {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  await client.end();
} catch (error) {
  reachable = false;
  const message = `PostgreSQL not reachable at ${pgUrl}: ${error.message}`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message}; skipping the PostgreSQL run.`);
}
if (reachable) {
  console.log('\n== server tests on PostgreSQL ==');
  if (run({ TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl }) !== 0) process.exit(1);
}

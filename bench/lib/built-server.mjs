// The built server as `npm start` runs it, for a bench: a fresh SQLite data directory with the
// demo openings, logs at `warn`, the request limit out of the way (every page load of a bench
// is one visitor, not abuse). One place for the benches that start it on their own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { freePort, root, waitAnswering } from '../../tests/resilience/harness.mjs';

/**
 * Starts `checkout`'s built server and waits until it answers. `env` adds to (or, with
 * `undefined`, takes from) the environment; `nodeArgs` go before the script (`--import` of a
 * clock). Answers its `url`, its `env` and `stop()`, which waits for the process to end and
 * removes the data directory.
 */
export async function startBuiltServer({
  checkout = root,
  label = 'server',
  env = {},
  nodeArgs = [],
} = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lumenfield-${label}-`));
  const merged = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_REQUESTS: '100000',
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, 'apps/server/dist/server.mjs'],
    { cwd: checkout, env: merged, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = {
    label,
    url: `http://127.0.0.1:${port}`,
    env: merged,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitAnswering(`${server.url}/healthz`, { child });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

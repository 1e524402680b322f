// `npm start` (the server), `npm run admin -- …` and `npm run db:migrate`: rebuild whatever was
// built from other sources than the ones on disk (scripts/fresh-build.mjs), then run the built
// bundle, so neither a stale build nor a dev dependency (tsx) is ever needed to run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureFresh, root } from './fresh-build.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const bundles = { server: 'server.mjs', admin: 'admin.mjs', migrate: 'migrate.mjs' };
const [first, ...rest] = process.argv.slice(2);
const command = first && first in bundles ? first : 'server';
const args = command === first ? rest : process.argv.slice(2);

try {
  // The server says in one line whether it rebuilt; the CLIs keep stdout for their answers.
  ensureFresh(
    command === 'server'
      ? { quiet: true }
      : { say: (line) => console.error(line), quietWhenFresh: true, quiet: true },
  );
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist', bundles[command]), ...args],
  { cwd: process.cwd(), stdio: 'inherit' },
);
// A process manager stops us with SIGTERM: the server shuts down gracefully, then we exit.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm start`: builds whatever is not built yet, then serves the site and API on one port.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  { workspace: '@lumenfield/web', output: 'apps/web/dist/index.html' },
  { workspace: '@lumenfield/server', output: 'apps/server/dist/server.mjs' },
];

for (const { workspace, output } of builds) {
  if (existsSync(path.join(root, output))) continue;
  console.log(`Building ${workspace} (first start)...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(
  process.execPath,
  ['--enable-source-maps', 'apps/server/dist/server.mjs'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(server.status ?? 0);

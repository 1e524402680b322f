// `npm run build` then `npm prune --omit=dev` leaves a tree that runs the server, its
// migrations and the admin CLI: proven on a fresh clone with its own node_modules.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import {
  cloneRepo,
  freePort,
  request,
  run,
  startProcess,
  stopAll,
  tempDir,
  waitForOutput,
} from './lib.mjs';

after(stopAll);

test('a pruned production tree starts, migrates and runs npm run admin', async () => {
  const dir = cloneRepo('lumenfield-prod-', 'copy');
  const npm = (...args) => run('npm', args, { cwd: dir, env: { DATA_DIR: dataDir } });
  const dataDir = tempDir('lumenfield-prod-data-');

  const build = npm('run', 'build');
  assert.equal(build.status, 0, build.stderr);
  const prune = npm('prune', '--omit=dev', '--no-audit', '--no-fund');
  assert.equal(prune.status, 0, prune.stderr);
  for (const devOnly of ['tsx', 'vite', 'esbuild', 'vitest', 'typescript']) {
    assert.ok(!fs.existsSync(path.join(dir, 'node_modules', devOnly)), `${devOnly} was pruned`);
  }

  const server = await startProcess('npm', ['start'], {
    cwd: dir,
    port: await freePort(),
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  assert.match(server.output, /Build is up to date with its sources/);
  const page = await request(`${server.url}/`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<html/i);
  const listing = await request(
    `${server.url}/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0`,
    { headers: { 'x-requested-with': 'XMLHttpRequest' } },
  );
  assert.equal(listing.status, 200);
  await server.stop();

  const migrate = npm('run', 'db:migrate');
  assert.equal(migrate.status, 0, migrate.stderr);
  assert.match(migrate.stdout, /Database ready: SQLite in /);

  const list = npm('run', 'admin', '--', 'list');
  assert.equal(list.status, 0, list.stderr);
  assert.match(list.stdout, /ID\s+STATE\s+EFFECTIVE/);
  assert.match(list.stdout, /\bopen\b/);

  const backupFile = path.join(tempDir('lumenfield-prod-backup-'), 'site.db');
  const backup = npm('run', 'admin', '--', 'backup', '--out', backupFile);
  assert.equal(backup.status, 0, backup.stderr);
  assert.ok(fs.statSync(backupFile).size > 0);

  // Readable logs need pino-pretty, a dev dependency: asked for here, the server says why it
  // logs JSON instead, and serves. No account yet: it ends with the command for the first admin.
  const start = async () => {
    const proc = await startProcess('npm', ['start'], {
      cwd: dir,
      port: await freePort(),
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' },
    });
    await waitForOutput(proc, /Console: /);
    return proc;
  };
  const logLines = (output) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
  let pretty = await start();
  await pretty.stop();
  const messages = logLines(pretty.output).map((line) => line.msg);
  assert.ok(messages.some((msg) => /LOG_FORMAT=pretty needs pino-pretty/.test(msg)));
  const banner = messages.slice(messages.findIndex((msg) => msg.startsWith('Site:')));
  assert.deepEqual(banner.slice(0, 3), [
    `Site:        ${pretty.url}`,
    `Console:     ${pretty.url}/recruiters`,
    'First admin: printf \'%s\' "$PASSWORD" | npm run admin -- users add --email "$EMAIL" --name "Your Name" --role admin --password-stdin',
  ]);

  const added = run(
    'npm',
    [
      ...['run', 'admin', '--', 'users', 'add', '--email', 'ada@example.com'],
      ...['--name', 'Ada Admin', '--role', 'admin', '--password-stdin'],
    ],
    { cwd: dir, env: { DATA_DIR: dataDir }, input: 'correct horse battery staple 7' },
  );
  assert.equal(added.status, 0, added.stderr);
  pretty = await start();
  await pretty.stop();
  const later = logLines(pretty.output).map((line) => line.msg);
  assert.ok(later.includes(`Console:     ${pretty.url}/recruiters`));
  assert.ok(!later.some((msg) => msg.startsWith('First admin:')), 'an account exists');
});

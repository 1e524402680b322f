// A newcomer's first commands print no warning the project causes: a fresh clone's
// `npm run build` and `npm start`, and no deprecated package in the lockfile (npm install
// prints a notice for each). A warning we cannot fix goes into ALLOWED with why (and the
// README names it); anything else fails here.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import {
  cloneRepo,
  freePort,
  root,
  run,
  startProcess,
  stopAll,
  tempDir,
  waitForOutput,
} from './lib.mjs';

after(stopAll);

/** Warnings we cannot fix, each with the reason; none today. */
const ALLOWED = [];

// Vite's "(!)", npm's "npm warn", Node's "(node:…) Warning" and "ExperimentalWarning", and any
// deprecation notice.
const WARNING = /warn|deprecat|\(!\)|experimental/i;
const strip = stripVTControlCharacters;

function warningLines(output) {
  return strip(output)
    .split('\n')
    .filter((line) => WARNING.test(line))
    .filter((line) => !ALLOWED.some(({ pattern }) => pattern.test(line)));
}

test('the lockfile holds no deprecated package', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const deprecated = Object.entries(lock.packages)
    .filter(([, entry]) => entry.deprecated)
    .map(([name, entry]) => `${name}: ${entry.deprecated}`);
  assert.deepEqual(deprecated, []);
});

test('a fresh clone builds and starts without a warning', async () => {
  const dir = cloneRepo('lumenfield-first-build-');
  const build = run('npm', ['run', 'build'], { cwd: dir });
  assert.equal(build.status, 0, build.stderr);
  const output = `${build.stdout}\n${build.stderr}`;
  assert.match(output, /Building @lumenfield\/web and @lumenfield\/server\./, 'the build ran');
  assert.deepEqual(warningLines(output), [], `npm run build:\n${output}`);

  const server = await startProcess('npm', ['start'], {
    cwd: dir,
    port: await freePort(),
    env: { DATA_DIR: tempDir('lumenfield-first-build-data-'), LOG_LEVEL: 'info', LOG_FORMAT: '' },
  });
  await waitForOutput(server, /Console: +http:\/\/127\.0\.0\.1:\d+\/recruiters/);
  await server.stop();
  // No pino line at warn (40) or above either.
  const levels = strip(server.output)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line).level);
  assert.ok(levels.length > 0, server.output);
  assert.deepEqual(
    levels.filter((level) => level >= 40),
    [],
    server.output,
  );
  assert.deepEqual(warningLines(server.output), [], `npm start:\n${server.output}`);
});

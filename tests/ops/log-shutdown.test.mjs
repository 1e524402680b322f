// The request log is written asynchronously (apps/server/src/plugins/log-output.ts): a request
// never waits on its line. Nothing is lost for it: the built server, sent SIGTERM right after a
// burst of requests, has written every request's line, with its id and status, before it exits.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import { ensureFresh } from '../../scripts/fresh-build.mjs';
import { freePort, request, root, startProcess, stopAll, tempDir } from './lib.mjs';

after(stopAll);

const bundle = path.join(root, 'apps/server/dist/server.mjs');
const BURST = 200;

test('every request of a burst has its log line when SIGTERM ends the server', async () => {
  // The built server, as the sources say it is (a test file of its own: run alone, or first).
  ensureFresh({ say: (line) => console.log(`# ${line}`), quietWhenFresh: true });
  const server = await startProcess(process.execPath, [bundle], {
    cwd: root,
    port: await freePort(),
    env: {
      DATA_DIR: tempDir('lumenfield-log-'),
      STATIC_DIR: '',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      RATE_LIMIT_REQUESTS: '100000',
    },
  });
  // A path the start's own health checks do not ask for.
  const answers = await Promise.all(
    Array.from({ length: BURST }, () => request(`${server.url}/robots.txt`)),
  );
  assert.ok(answers.every((answer) => answer.status === 200));
  await server.stop('SIGTERM');

  const lines = server.output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  // Each request of the burst: one line, naming its path and status, with its own id.
  const burst = lines.filter(
    (line) => line.msg === 'request completed' && line.req?.url === '/robots.txt',
  );
  assert.equal(burst.length, BURST, 'a line for each request');
  assert.equal(new Set(burst.map((line) => line.requestId)).size, BURST, 'each with its own id');
  assert.ok(burst.every((line) => line.res?.statusCode === 200));
  assert.ok(
    lines.some((line) => line.msg === 'shutting down: finishing requests in flight'),
    'the shutdown line is there too',
  );
  // Logged a moment before the process exits: written all the same.
  assert.equal(lines.at(-1)?.msg, 'stopped');
});

// `npm start` never serves a build older than its sources: on a fresh clone, start, stop, edit
// a sentence of a content module, start again, and the page shows the new sentence.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { cloneRepo, freePort, request, startProcess, stopAll, tempDir } from './lib.mjs';

after(stopAll);

/** The about page's HTML, wherever this build serves it (its path, or the prerendered file). */
async function aboutPage(url) {
  const bodies = [];
  for (const page of ['/about', '/prerendered/about.html']) {
    const res = await request(`${url}${page}`);
    if (res.ok) bodies.push(await res.text());
  }
  return bodies.join('\n');
}

test('npm start rebuilds what changed since the last build, and says so', async () => {
  const dir = cloneRepo('lumenfield-fresh-');
  const dataDir = tempDir('lumenfield-fresh-data-');
  const start = async () =>
    startProcess('npm', ['start'], {
      cwd: dir,
      port: await freePort(),
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
  const contentFile = path.join(dir, 'packages/site-content/src/seed/about.ts');
  const source = fs.readFileSync(contentFile, 'utf8');
  const old = /lead: '(A technology partner[^']*)'/.exec(source)?.[1];
  assert.ok(
    old,
    'the about page lead sentence to edit is in packages/site-content/src/seed/about.ts',
  );

  let server = await start();
  assert.match(
    server.output,
    /Rebuilding @lumenfield\/web \(no build yet\) and @lumenfield\/server \(no build yet\)\./,
  );
  assert.ok((await aboutPage(server.url)).includes(old), 'the first build shows the sentence');
  await server.stop();

  const edited = 'A technology partner that answers the telephone on the first ring, every time.';
  fs.writeFileSync(contentFile, source.replace(old, edited));
  server = await start();
  const rebuilt = server.output.split('\n').filter((line) => /^(Rebuilding|Build is)/.test(line));
  assert.equal(rebuilt.length, 1, `one line about the build:\n${server.output}`);
  // The content package is shared (packages/), so the server, which will seed from it, rebuilds too.
  assert.match(
    rebuilt[0],
    /^Rebuilding @lumenfield\/web \(sources changed: \w+ -> \w+\) and @lumenfield\/server \(sources changed: \w+ -> \w+\)\.$/,
  );
  const page = await aboutPage(server.url);
  assert.ok(page.includes(edited), 'the page shows the new sentence');
  assert.ok(!page.includes(old), 'and not the old one');
  await server.stop();

  // Unchanged sources: nothing is rebuilt, in one line. A touched file with the same content
  // is not a change (timestamps are not trusted either way).
  fs.utimesSync(contentFile, new Date(), new Date());
  server = await start();
  assert.match(
    server.output,
    /^Build is up to date with its sources \(apps\/web \w+, apps\/server \w+\)\.$/m,
  );
  assert.doesNotMatch(server.output, /Rebuilding/);
  await server.stop();
});

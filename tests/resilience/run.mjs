// npm run test:resilience: load, faults, graceful shutdown and several nodes against real
// server processes on both engines, then one summary. Exit code 1 if any promise is broken.
// Usage: node tests/resilience/run.mjs [scenario ...]   (names below; default: all)
//   LOAD_SECONDS (default 3 here; bench/load alone defaults to 30)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanupAll, root, serverBundle, started, startPrivatePostgres } from './harness.mjs';
import {
  abusedLinksScenario,
  backupScenario,
  crashScenario,
  gracefulShutdownScenario,
  postgresOutageScenario,
  redisDownScenario,
  twoNodesScenario,
} from './scenarios.mjs';

/** The load bench on one engine, short; its figures come back as JSON. */
async function loadScenario({ engine, pg }) {
  const out = path.join(os.tmpdir(), `lumenfield-load-${process.pid}-${engine}.json`);
  const env = {
    ...process.env,
    LOAD_SECONDS: process.env.LOAD_SECONDS ?? '3',
    LOAD_RESULT_FILE: out,
    LOAD_SERVER_BUNDLE: serverBundle(),
    LOAD_DATABASE_URL: engine === 'postgres' ? await pg.createDatabase() : '',
  };
  const result = spawnSync(process.execPath, ['bench/load/run.mjs'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const figures = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : undefined;
  fs.rmSync(out, { force: true });
  if (result.status !== 0 || !figures) throw new Error(`bench/load on ${engine} failed`);
  const reads = figures.phases.filter((p) => p.kind === 'read');
  const uploads = figures.phases.find((p) => p.kind === 'applications');
  return {
    name: `load held (${engine})`,
    detail:
      reads
        .map((p) => `${p.name} ${Math.round(p.requestsPerSecond)} req/s p99 ${p.latencyMs.p99} ms`)
        .join('; ') +
      `; ${uploads.requests} x 1 MB applications at once, p99 ${uploads.latencyMs.p99} ms; ` +
      `errors ${figures.errors}; peak RSS ${figures.serverPeakRssMiB.toFixed(0)} MiB; event-loop p99 ${figures.eventLoopDelayP99Ms} ms`,
    acked: uploads.ok,
    lost: figures.lost,
    halfWritten: 0,
  };
}

const scenarios = {
  'load-sqlite': (ctx) => loadScenario({ ...ctx, engine: 'sqlite' }),
  'load-postgres': (ctx) => loadScenario({ ...ctx, engine: 'postgres' }),
  'crash-sqlite': (ctx) => crashScenario({ ...ctx, engine: 'sqlite' }),
  'crash-postgres': (ctx) => crashScenario({ ...ctx, engine: 'postgres' }),
  'postgres-outage': postgresOutageScenario,
  'redis-down': redisDownScenario,
  'abused-links': abusedLinksScenario,
  'graceful-shutdown': gracefulShutdownScenario,
  'two-nodes': twoNodesScenario,
  'backup-sqlite': backupScenario,
};

const chosen = process.argv.slice(2);
for (const name of chosen) {
  if (!scenarios[name]) {
    console.error(`Unknown scenario ${name}; known: ${Object.keys(scenarios).join(', ')}`);
    process.exit(2);
  }
}
const names = chosen.length > 0 ? chosen : Object.keys(scenarios);
const runStarted = Date.now();
process.on('SIGINT', () => void cleanupAll().then(() => process.exit(130)));

const results = [];
try {
  console.log('Building the server bundle...');
  serverBundle();
  const needsPostgres = names.some((n) => n.includes('postgres') || n === 'two-nodes');
  const pg = needsPostgres ? await startPrivatePostgres() : undefined;
  for (const name of names) {
    const t0 = Date.now();
    process.stdout.write(`\n--- ${name}\n`);
    started.length = 0;
    try {
      const figures = await scenarios[name]({ pg });
      results.push({ name, ok: true, seconds: (Date.now() - t0) / 1000, ...figures });
      console.log(`ok ${figures.name}: ${figures.detail}`);
    } catch (error) {
      results.push({ name, ok: false, seconds: (Date.now() - t0) / 1000, error: error.message });
      console.log(`FAILED ${name}: ${error.stack ?? error.message}`);
      pg?.ensureRunning();
      // The last words of servers that died on their own (not killed by the scenario).
      for (const server of started.filter(
        (s) => s.child.exitCode !== null && s.child.exitCode !== 0,
      )) {
        console.log(
          `server ${server.url} exited ${server.child.exitCode}:\n${server.log.slice(-15).join('\n')}`,
        );
      }
    }
  }
} finally {
  await cleanupAll();
}

const lost = results.reduce((n, r) => n + (r.lost ?? 0), 0);
const acked = results.reduce((n, r) => n + (r.acked ?? 0), 0);
const halfWritten = results.reduce((n, r) => n + (r.halfWritten ?? 0), 0);
console.log('\n=== Resilience summary');
console.table(
  results.map((r) => ({
    scenario: r.name,
    result: r.ok ? 'ok' : 'FAILED',
    s: r.seconds.toFixed(1),
    acknowledged: r.acked ?? '',
    lost: r.lost ?? '',
  })),
);
for (const r of results)
  console.log(`- ${r.ok ? 'ok' : 'FAILED'} ${r.name}: ${r.ok ? r.detail : r.error}`);
const failed = results.filter((r) => !r.ok).length;
console.log(
  `\nLoad held: ${results.filter((r) => r.name.startsWith('load') && r.ok).length}/${names.filter((n) => n.startsWith('load')).length} runs. ` +
    `Faults survived: ${results.filter((r) => !r.name.startsWith('load') && r.ok).length}/${names.filter((n) => !n.startsWith('load')).length}. ` +
    `Applications acknowledged: ${acked}; lost: ${lost}; half-written: ${halfWritten}. ` +
    `${((Date.now() - runStarted) / 1000).toFixed(0)} s.`,
);
process.exit(failed > 0 || lost > 0 || halfWritten > 0 ? 1 : 0);

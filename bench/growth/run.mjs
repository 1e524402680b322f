// bench/growth: what the console's reads cost as the data grows (docs/performance.md, "Data
// growth"). For each engine and size (10 k, 100 k and 1 M applicants by default) it migrates a
// fresh database (SQLite: a file in a temp folder; PostgreSQL: a database of its own, dropped
// after), seeds it with SQL as a large employer's would look (seed.mjs: 300 openings, 50 open,
// stage histories, notes, answers, sources, a resume each), starts the built server on it and
// times every console read through the real HTTP API with a personal API token: the median of
// GROWTH_RUNS sequential requests (5 for the slowest), after one unmeasured. Then 10 concurrent
// list readers, the CSV of the largest opening with the server's peak memory, and a retention
// run (the server's own, plugins/retention.ts) erasing the applicants of openings closed past
// the retention period. Prints a table per engine (read x size) with the load average and
// saves the figures. A read that fails shows its status instead of a time. Not a test.
// Usage: npm run bench:growth
//   GROWTH_SIZES=10000,100000,1000000 GROWTH_ENGINES=sqlite,postgres GROWTH_RUNS=20
//   GROWTH_READERS_SECONDS=10 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEFAULT_APPLICANT_RETENTION_DAYS } from '@lumenfield/contract';
import { createDb } from '../../apps/server/src/db/create-db.ts';
import { prepareDatabase } from '../../apps/server/src/prepare.ts';
import { createRepositories } from '../../apps/server/src/domains/index.ts';
import { createRetention } from '../../apps/server/src/plugins/retention.ts';
import {
  cleanupAll,
  processMemory,
  serverBundle,
  startServer,
  workDir,
} from '../../tests/resilience/harness.mjs';
import { onPostgres } from '../lib/bench-database.mjs';
import { loadAverage } from '../lib/machine.mjs';
import { saveResults } from '../lib/results.mjs';
import { seedGrowth } from './seed.mjs';

const SIZES = (process.env.GROWTH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const ENGINES = (process.env.GROWTH_ENGINES ?? 'sqlite,postgres').split(',');
const RUNS = Number(process.env.GROWTH_RUNS ?? 20);
const SLOW_RUNS = Math.min(5, RUNS);
/** A read whose unmeasured first call takes longer than this is timed SLOW_RUNS times. */
const SLOW_MS = 2_000;
const READERS = 10;
const READERS_SECONDS = Number(process.env.GROWTH_READERS_SECONDS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DAY_MS = 86_400_000;
/** The goals at 1 M (docs/performance.md): lists and the like, and year-wide reports. */
const LIST_BUDGET_MS = 200;
const REPORT_BUDGET_MS = 500;

const log = (line) => console.error(line);
const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A fresh, empty database: its server URL (PostgreSQL) or data folder (SQLite), and a drop. */
async function freshDatabase(engine, size) {
  if (engine === 'sqlite') {
    const dataDir = workDir('lumenfield-growth-');
    return {
      databaseUrl: '',
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `growth_${size}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = (statement) => onPostgres(PG_URL, statement);
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: workDir('lumenfield-growth-'),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** Times `call` (answers a Response): the median of `runs` after one unmeasured, or a status. */
async function timeRead(call, runs = RUNS) {
  const once = async () => {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    // A call that times only part of its work says how long that part took.
    return { ms: res.took ?? performance.now() - started, status: res.status };
  };
  const first = await once();
  if (first.status >= 300) return { status: first.status };
  const times = [];
  const count = first.ms > SLOW_MS ? Math.min(SLOW_RUNS, runs) : runs;
  for (let i = 0; i < count; i++) {
    const { ms, status } = await once();
    if (status >= 300) return { status };
    times.push(ms);
  }
  return { medianMs: median(times), runs: count };
}

/** Every console read of the brief, through the server's HTTP API; answers the figures. */
async function measureReads(server, seeded, now) {
  const headers = { authorization: `Bearer ${seeded.token}` };
  const get = (path) => () => fetch(`${server.url}${path}`, { headers });
  const query = (params) => `?${new URLSearchParams(params)}`;
  const figures = {};
  const read = async (name, budgetMs, call, runs) => {
    try {
      figures[name] = { ...(await timeRead(call, runs)), budgetMs };
    } catch (error) {
      figures[name] = { error: error.message, budgetMs };
    }
    const f = figures[name];
    log(
      `  ${name}: ${f.medianMs !== undefined ? `${f.medianMs.toFixed(1)} ms` : (f.status ?? f.error)}`,
    );
  };

  const first = await fetch(`${server.url}/api/recruiters/applicants`, { headers });
  const total = first.ok ? (await first.json()).total : 0;
  const deepest = Math.max(1, Math.min(500, Math.ceil(total / 50)));
  // Page 500 as its pager's link names it: the page after the last row of page 499 (read once
  // by its number, unmeasured).
  const previousPage = await (
    await get(`/api/recruiters/applicants${query({ page: Math.max(1, deepest - 1) })}`)()
  ).json();
  const edge = previousPage.items?.at(-1)?.applicantId;
  await read('applicants, page 1', LIST_BUDGET_MS, get('/api/recruiters/applicants'));
  await read(
    `applicants, page 500 (or the last)`,
    LIST_BUDGET_MS,
    get(
      `/api/recruiters/applicants${query(deepest > 1 && edge ? { page: deepest, after: edge } : {})}`,
    ),
  );
  await read(
    'applicants in one stage (Interview)',
    LIST_BUDGET_MS,
    get(`/api/recruiters/applicants${query({ stage: 'Interview' })}`),
  );
  await read(
    'applicants sorted by name',
    LIST_BUDGET_MS,
    get(`/api/recruiters/applicants${query({ sort: 'name' })}`),
  );
  // A search that found nobody would time nothing: each must find the middle applicant.
  for (const [what, q] of [
    ['surname', seeded.surname],
    ['e-mail fragment', seeded.emailFragment],
  ]) {
    const found = await (await get(`/api/recruiters/applicants${query({ q })}`)()).json();
    if (!(found.total > 0)) throw new Error(`searching the ${what} "${q}" found nobody`);
  }
  await read(
    'search a surname',
    LIST_BUDGET_MS,
    get(`/api/recruiters/applicants${query({ q: seeded.surname })}`),
  );
  await read(
    'search an e-mail fragment',
    LIST_BUDGET_MS,
    get(`/api/recruiters/applicants${query({ q: seeded.emailFragment })}`),
  );
  await read(
    'board of the largest opening',
    LIST_BUDGET_MS,
    get(`/api/recruiters/jobs/${seeded.largestJobId}/board`),
  );
  await read(
    'next/previous, mid-list applicant',
    LIST_BUDGET_MS,
    get(`/api/recruiters/applicants/${seeded.middleId}/neighbours`),
  );
  await read('openings list', LIST_BUDGET_MS, get('/api/recruiters/jobs'));
  const year = {
    from: new Date(now.getTime() - 365 * DAY_MS).toISOString().slice(0, 10),
    to: now.toISOString().slice(0, 10),
  };
  for (const report of [
    'time-in-stage',
    'rejection-reasons',
    'time-to-hire',
    'pass-through',
    'sources',
  ]) {
    await read(
      `report: ${report} (a year)`,
      REPORT_BUDGET_MS,
      get(`/api/recruiters/reports/${report}${query(year)}`),
    );
  }
  await read(
    'select all matching (Screening)',
    LIST_BUDGET_MS,
    get(`/api/recruiters/applicant-ids${query({ stage: 'Screening' })}`),
  );

  // A bulk move of 500: Screening to Interview, then back, and so on, each time the first 500
  // that "select all matching" finds in the stage they leave.
  let turn = 0;
  await read(
    'bulk move of 500',
    undefined,
    async () => {
      const [from, to] = turn++ % 2 === 0 ? ['Screening', 'Interview'] : ['Interview', 'Screening'];
      const ids = await fetch(
        `${server.url}/api/recruiters/applicant-ids${query({ stage: from })}`,
        {
          headers,
        },
      ).then((r) => r.json());
      const started = performance.now();
      const res = await fetch(`${server.url}/api/recruiters/applicants/bulk`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ applicants: ids.items, action: { kind: 'move', stage: to } }),
      });
      await res.arrayBuffer();
      // Only the move is timed: what the list's "select all" took is measured above.
      const took = performance.now() - started;
      return { status: res.status, arrayBuffer: async () => {}, took };
    },
    SLOW_RUNS,
  );

  // The CSV of the largest opening, with the server's peak memory while it answers: the peak
  // (VmHWM) is reset first where the kernel lets us, and the resident size sampled too.
  let peakMiB = 0;
  try {
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  } catch {
    // Without the reset, the sampled resident size is the figure.
  }
  const before = processMemory(server.pid).rssMiB;
  const sampler = setInterval(() => {
    peakMiB = Math.max(peakMiB, processMemory(server.pid).rssMiB);
  }, 20);
  await read(
    `CSV of the largest opening`,
    undefined,
    get(`/api/recruiters/applicants.csv${query({ jobId: seeded.largestJobId })}`),
    SLOW_RUNS,
  );
  clearInterval(sampler);
  const csvMemory = {
    rows: seeded.largestJobApplicants,
    rssBeforeMiB: before,
    peakRssMiB: Math.max(peakMiB, processMemory(server.pid).peakMiB),
  };
  log(`  CSV peak RSS: ${csvMemory.peakRssMiB.toFixed(0)} MiB (${before.toFixed(0)} before)`);

  // Ten readers, each reading the list's first ten pages in turn for READERS_SECONDS, as a
  // person clicking "Next page" does (each link names the row its page starts after).
  const latencies = [];
  let failed = 0;
  const until = performance.now() + READERS_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      let after;
      for (let n = 0; performance.now() < until; n++) {
        const page = 1 + (n % 10);
        if (page === 1) after = undefined;
        const started = performance.now();
        try {
          const res = await fetch(
            `${server.url}/api/recruiters/applicants${query(after ? { page, after } : {})}`,
            { headers },
          );
          const body = await res.json();
          if (res.ok) latencies.push(performance.now() - started);
          else failed++;
          after = body.items?.at(-1)?.applicantId;
        } catch {
          failed++;
          after = undefined;
        }
      }
    }),
  );
  const readers = {
    answersPerSecond: latencies.length / READERS_SECONDS,
    medianMs: latencies.length ? median(latencies) : undefined,
    failed,
  };
  log(
    `  ${READERS} list readers: ${readers.answersPerSecond.toFixed(1)} answers/s, median ${readers.medianMs?.toFixed(0)} ms, ${failed} failed`,
  );
  return { reads: figures, csvMemory, readers };
}

async function benchSize(engine, size) {
  const now = new Date();
  const database = await freshDatabase(engine, size);
  const result = { engine, size, loadBefore: loadAverage() };
  try {
    log(`${engine}, ${size} applicants: seeding (load ${result.loadBefore})`);
    let handle = createDb({
      databaseUrl: database.databaseUrl || undefined,
      dataDir: database.dataDir,
    });
    const started = performance.now();
    let seeded;
    try {
      await prepareDatabase(handle, { seedDemoData: false });
      seeded = await seedGrowth(handle.db, createRepositories(handle.db), engine, size, {
        now,
        log,
      });
    } finally {
      await handle.close();
    }
    result.seedSeconds = (performance.now() - started) / 1000;
    result.rows = seeded.rows;
    result.largestJobApplicants = seeded.largestJobApplicants;
    log(`  seeded in ${result.seedSeconds.toFixed(0)} s: ${JSON.stringify(seeded.rows)}`);

    const server = await startServer({
      env: {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        SEED_DEMO_DATA: 'false',
        RETENTION_INTERVAL_MS: '0',
        LOG_LEVEL: 'warn',
      },
    });
    try {
      Object.assign(result, await measureReads(server, seeded, now));
    } finally {
      await server.kill('SIGTERM');
    }

    // The retention run, as the server's timer runs it, on the applicants seeded past it.
    handle = createDb({
      databaseUrl: database.databaseUrl || undefined,
      dataDir: database.dataDir,
    });
    try {
      const repos = createRepositories(handle.db);
      const job = createRetention({ repos, retentionDays: DEFAULT_APPLICANT_RETENTION_DAYS });
      const startedRun = performance.now();
      const erased = await job.runOnce(now);
      result.retention = {
        seconds: (performance.now() - startedRun) / 1000,
        erased: erased?.applicants ?? 0,
        expected: seeded.retention,
      };
      log(
        `  retention: ${result.retention.erased} erased in ${result.retention.seconds.toFixed(1)} s`,
      );
    } catch (error) {
      result.retention = { error: error.message };
      log(`  retention failed: ${error.message}`);
    } finally {
      await handle.close();
    }
  } catch (error) {
    result.error = error.stack ?? String(error);
    log(`  ${engine} ${size} failed: ${result.error}`);
  } finally {
    await database.drop().catch((error) => log(`  dropping the database: ${error.message}`));
  }
  result.loadAfter = loadAverage();
  return result;
}

const cell = (f) => {
  if (!f) return '–';
  if (f.medianMs === undefined) return f.status ? `HTTP ${f.status}` : 'failed';
  const over = f.budgetMs !== undefined && f.medianMs >= f.budgetMs ? ' ⚠' : '';
  return `${f.medianMs < 10 ? f.medianMs.toFixed(1) : Math.round(f.medianMs)}${over}`;
};

function table(engine, results) {
  const sized = results.filter((r) => r.engine === engine);
  if (sized.length === 0) return;
  const names = [...new Set(sized.flatMap((r) => Object.keys(r.reads ?? {})))];
  const head = sized.map((r) => r.size.toLocaleString('en-US'));
  const lines = [
    `### ${engine}`,
    '',
    `| Read (median ms) | ${head.join(' | ')} |`,
    `| --- | ${head.map(() => '---:').join(' | ')} |`,
    ...names.map((name) => `| ${name} | ${sized.map((r) => cell(r.reads?.[name])).join(' | ')} |`),
    `| ${READERS} list readers: answers/s (median ms) | ${sized
      .map((r) =>
        r.readers
          ? `${r.readers.answersPerSecond.toFixed(1)} (${Math.round(r.readers.medianMs ?? NaN)})`
          : '–',
      )
      .join(' | ')} |`,
    `| CSV: rows, server's peak RSS (MiB) | ${sized
      .map((r) =>
        r.csvMemory ? `${r.csvMemory.rows}, ${Math.round(r.csvMemory.peakRssMiB)}` : '–',
      )
      .join(' | ')} |`,
    `| retention run: erased, seconds | ${sized
      .map((r) =>
        r.retention?.seconds !== undefined
          ? `${r.retention.erased}, ${r.retention.seconds.toFixed(1)}`
          : '–',
      )
      .join(' | ')} |`,
    `| seeding (s) | ${sized.map((r) => (r.seedSeconds ? Math.round(r.seedSeconds) : '–')).join(' | ')} |`,
    `| load average before; after | ${sized.map((r) => `${r.loadBefore}; ${r.loadAfter}`).join(' | ')} |`,
  ];
  console.log(lines.join('\n'));
  console.log('');
}

const loadBefore = loadAverage();
console.log(
  `bench:growth: sizes ${SIZES.join(', ')} on ${ENGINES.join(', ')}; ${RUNS} runs (${SLOW_RUNS} for the slowest); load average ${loadBefore}; ${os.cpus().length} cores`,
);
serverBundle();
const results = [];
try {
  for (const engine of ENGINES) {
    for (const size of SIZES) results.push(await benchSize(engine, size));
  }
} finally {
  await cleanupAll();
}
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, load average before ${loadBefore}, after ${loadAverage()}; ⚠: over the goal (lists ${LIST_BUDGET_MS} ms, year-wide reports ${REPORT_BUDGET_MS} ms)\n`,
);
for (const engine of ENGINES) table(engine, results);
saveResults('growth', { sizes: SIZES, engines: ENGINES, runs: RUNS, results });
if (results.some((r) => r.error)) process.exitCode = 1;

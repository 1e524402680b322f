// bench/reports: how long does each recruiters' report take with 10 000 applicants? On SQLite
// (a file in a temp folder) and on PostgreSQL (a schema of its own, dropped after), it migrates a
// fresh database, seeds REPORT_APPLICANTS applicants over a year across 20 openings and 9
// sources, each with a stage history (moves, rejections with reasons, a few reopened), then
// times each report as its route asks for it (the filter, then the report) over the whole year
// and over one opening: RUNS runs after WARM_UP, median and p95. Prints a table and whether each
// median is under 200 ms. Not a test: the figures go to docs/performance.md ("Reports").
// Usage: npm run bench:reports -w @lumenfield/bench
//   (REPORT_APPLICANTS=10000 RUNS=25 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test;
//    ENGINES=sqlite to skip PostgreSQL)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { prepareDatabase } from '../../apps/server/src/prepare.ts';
import { benchDatabase } from '../lib/bench-database.mjs';
import { createRepositories } from '../../apps/server/src/domains/index.ts';
import { reportRange } from '../../apps/server/src/domains/pipeline/reports-repository.ts';
import { FORWARD, random, stagePath } from '../../apps/server/src/test/seeded-history.ts';

const APPLICANTS = Number(process.env.REPORT_APPLICANTS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 25);
const WARM_UP = 3;
const BUDGET_MS = 200;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');

const DAY = 86_400_000;
const HOUR = 3_600_000;
const END = Date.parse('2026-10-31T00:00:00Z');
const START = END - 365 * DAY;
const SOURCES = [
  'LinkedIn',
  'Indeed',
  'Referral',
  'Campus fair',
  'Newsletter',
  'Company site',
  'Meetup',
  'Stack Overflow',
  null,
];
const REASONS = ['Skills', 'Experience', 'Salary', 'Location', 'Position filled'];
/** Where each stage may go next: the test's way forward, and a few rejected reconsidered. */
const NEXT = {
  ...FORWARD,
  Rejected: [
    ['Screening', 1],
    ['stay', 9],
  ],
};

async function seed(db, repos) {
  const now = new Date(END);
  const jobIds = [];
  for (let i = 0; i < 20; i++) {
    jobIds.push(
      await repos.jobs.create({
        code: `BENCH-${i}`,
        title: `Bench opening ${i}`,
        location: 'Pune, Maharashtra, India',
        descriptionHtml: '<p>Bench.</p>',
        effectiveFrom: new Date(START).toISOString(),
        recruitmentManagers: 'Rahul Menon',
        contactPersons: 'Priya Raman',
        contactEmails: 'priya.raman@example.com',
        isOpen: true,
      }),
    );
  }
  const user = await repos.users.create(
    { email: 'bench@example.com', name: 'Bench', role: 'admin', passwordHash: 'x' },
    now,
  );
  const reasonIds = [];
  for (const label of REASONS) {
    reasonIds.push((await repos.messages.createReason(label, user.id, now)).reasonId);
  }
  const state = await db.selectFrom('states').select(['value', 'countryValue']).executeTakeFirst();
  const rand = random(10_000);
  const applicants = [];
  const histories = [];
  for (let i = 0; i < APPLICANTS; i++) {
    const applied = START + Math.floor(rand() * 364 * 24) * HOUR;
    const source = SOURCES[Math.floor(rand() * SOURCES.length)];
    applicants.push({
      jobId: jobIds[Math.floor(rand() * jobIds.length)],
      firstName: 'Bench',
      lastName: `Applicant${i}`,
      email: `bench.applicant${i}@example.com`,
      mobileNumber: '5550101234',
      city: 'Pune',
      countryId: state.countryValue,
      stateId: state.value,
      appliedOn: new Date(applied).toISOString(),
      sourceName: source,
      sourceVia: source ? 'utm' : null,
    });
    const history = stagePath(rand, NEXT, applied, (stage, at) => ({
      stage,
      changedAt: new Date(at).toISOString(),
      changedByUserId: user.id,
      rejectionReasonId:
        stage === 'Rejected' && rand() < 0.85
          ? reasonIds[Math.floor(rand() * reasonIds.length)]
          : null,
    }));
    histories.push(history);
    // The stored current stage, as setStage keeps it: the history's last row, or New.
    applicants[i].currentStage = history.at(-1)?.stage ?? 'New';
  }
  let stageRows = 0;
  for (let start = 0; start < applicants.length; start += 200) {
    const ids = await db
      .insertInto('applicants')
      .values(applicants.slice(start, start + 200))
      .returning('id')
      .execute();
    const rows = ids.flatMap(({ id }, k) =>
      histories[start + k].map((move) => ({ applicantId: id, ...move })),
    );
    stageRows += rows.length;
    for (let r = 0; r < rows.length; r += 500) {
      await db
        .insertInto('applicantStages')
        .values(rows.slice(r, r + 500))
        .execute();
    }
  }
  return { jobIds, stageRows };
}

const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function time(work) {
  for (let i = 0; i < WARM_UP; i++) await work();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95) };
}

async function benchEngine(engine) {
  const { handle, drop } = await benchDatabase(engine, {
    pgUrl: PG_URL,
    prefix: 'lumenfield-bench-reports-',
  });
  try {
    await prepareDatabase(handle, { seedDemoData: false });
    const repos = createRepositories(handle.db);
    const seeded = performance.now();
    const { jobIds, stageRows } = await seed(handle.db, repos);
    // Fresh statistics, as autovacuum would have them on a database that grew over a year.
    if (engine === 'postgres') await sql`analyze`.execute(handle.db);
    console.error(
      `${engine}: seeded ${APPLICANTS} applicants, ${stageRows} stage rows in ${Math.round(performance.now() - seeded)} ms`,
    );
    const year = {
      from: new Date(START).toISOString().slice(0, 10),
      to: new Date(END).toISOString().slice(0, 10),
    };
    const filters = {
      'whole year': year,
      'one opening': { ...year, jobId: jobIds[0] },
    };
    const results = [];
    for (const [scope, query] of Object.entries(filters)) {
      for (const report of [
        'timeToHire',
        'timeInStage',
        'passThrough',
        'sources',
        'rejectionReasons',
      ]) {
        const figures = await time(async () => {
          const everything = { kind: 'all' };
          const filter = await repos.reports.filter(reportRange(query, new Date(END)), everything);
          return repos.reports[report](filter, everything);
        });
        results.push({ engine, scope, report, ...figures, under200: figures.medianMs < BUDGET_MS });
      }
    }
    return results;
  } finally {
    await drop();
  }
}

const load = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
const all = [];
for (const engine of ENGINES) all.push(...(await benchEngine(engine)));
console.log(
  `applicants: ${APPLICANTS}, runs: ${RUNS} after ${WARM_UP} warm-up, load average before: ${load}, after: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, cores: ${os.cpus().length}`,
);
console.log('| Engine | Filter | Report | Median (ms) | p95 (ms) | Under 200 ms |');
console.log('| --- | --- | --- | ---: | ---: | --- |');
for (const r of all) {
  console.log(
    `| ${r.engine} | ${r.scope} | ${r.report} | ${r.medianMs.toFixed(1)} | ${r.p95Ms.toFixed(1)} | ${r.under200 ? 'yes' : 'NO'} |`,
  );
}
if (all.some((r) => !r.under200)) process.exitCode = 1;

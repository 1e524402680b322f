// bench/growth/export-memory: does exporting every applicant as CSV grow the server's memory with
// the number exported? On SQLite (a file in a temp folder) and on PostgreSQL (a schema of its
// own, dropped after), it migrates a fresh database, seeds EXPORT_APPLICANTS applicants (copies of
// one real application, over a year, across 20 openings), starts the app on a port and downloads
// the console's CSV of every applicant (no filter) over HTTP, reading and dropping it, while it
// samples the process's heap and RSS every 20 ms. Prints the bytes, the time, and the peak heap
// and RSS above what they were before the download. Not a test: the figures go to
// docs/performance.md ("CSV export").
// Run it with a small heap (--max-old-space-size=100): a peak that is garbage V8 has not yet
// collected is no growth, and an export that outgrew the heap would crash.
// Usage: node --max-old-space-size=100 --expose-gc --import tsx bench/growth/export-memory.mjs
//   (EXPORT_APPLICANTS=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test;
//    ENGINES=sqlite to skip PostgreSQL)
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { prepareDatabase } from '../../apps/server/src/prepare.ts';
import { hashPassword } from '../../apps/server/src/domains/accounts/passwords.ts';
import { SESSION_COOKIE_NAME } from '../../apps/server/src/plugins/console-sessions.ts';
import {
  confirmationOnly,
  copyApplicant,
  newApplication,
} from '../../apps/server/src/test/applicants.ts';
import { benchDatabase } from '../lib/bench-database.mjs';
import { loadAverage } from '../lib/machine.mjs';

const APPLICANTS = Number(process.env.EXPORT_APPLICANTS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const END = Date.parse('2026-10-31T00:00:00Z');
const YEAR = 365 * 86_400_000;
const MIB = 1024 * 1024;

/** Copies of one stored application (with its resume row), straight into the tables. */
async function seed(app, db) {
  const jobIds = [];
  for (let i = 0; i < 20; i++) {
    const id = await app.repos.jobs.create({
      code: `GROW-${i}`,
      title: `Opening ${i}`,
      location: 'Bengaluru, Karnataka, India',
      descriptionHtml: '<p>Work.</p>',
      effectiveFrom: new Date(END - YEAR).toISOString(),
      recruitmentManagers: 'Rahul Menon',
      contactPersons: 'Priya Raman',
      contactEmails: 'priya.raman@example.com',
      isOpen: true,
    });
    jobIds.push(id);
  }
  const { applicantId } = await app.repos.applicants.create(
    { ...newApplication(jobIds[0], {}, 5000), mail: confirmationOnly(jobIds[0]) },
    new Date(END - YEAR),
  );
  // Each copy with its own e-mail key and search text, as applying would store it.
  await copyApplicant(
    db,
    applicantId,
    Array.from({ length: APPLICANTS - 1 }, (_, k) => {
      const i = k + 1;
      return {
        jobId: jobIds[i % jobIds.length],
        lastName: `Copy ${i}`,
        email: `copy.${i}@example.com`,
        appliedOn: new Date(END - YEAR + Math.floor((i / APPLICANTS) * YEAR)),
      };
    }),
  );
}

/** Downloads `url`, dropping what arrives; its bytes, and the peak memory above the start's. */
async function download(url, cookie) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 20);
  const started = performance.now();
  const bytes = await new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        let count = 0;
        res.on('data', (chunk) => (count += chunk.length));
        res.on('end', () => resolve(count));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  clearInterval(sampler);
  return {
    bytes,
    seconds: (performance.now() - started) / 1000,
    heapMiB: (peakHeap - before.heapUsed) / MIB,
    rssMiB: (peakRss - before.rss) / MIB,
  };
}

async function run(engine) {
  const {
    handle: database,
    dataDir,
    drop,
  } = await benchDatabase(engine, {
    pgUrl: PG_URL,
    prefix: 'bench-export-',
  });
  try {
    await prepareDatabase(database, { seedDemoData: false, startingContent: false });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-site'),
      RATE_LIMIT_REQUESTS: '100000',
      MAIL_POLL_MS: '0',
      RETENTION_INTERVAL_MS: '0',
      ALERTS_INTERVAL_MS: '0',
      CALENDAR_INTERVAL_MS: '0',
    });
    const app = await buildApp({
      config,
      database,
      cookieSecret: crypto.randomBytes(24).toString('hex'),
    });
    await app.ready();
    const seeded = performance.now();
    await seed(app, database.db);
    const seedSeconds = (performance.now() - seeded) / 1000;
    // A table grown over a year has its statistics: as autovacuum would have gathered them.
    if (engine === 'postgres') await sql`analyze`.execute(database.db);
    const user = await app.repos.users.create(
      {
        email: 'bench.admin@example.com',
        name: 'Bench Admin',
        role: 'admin',
        passwordHash: await hashPassword('correct horse battery staple 7'),
      },
      new Date(),
    );
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date();
    await app.repos.sessions.create({
      id: crypto.createHash('sha256').update(token).digest('hex'),
      userId: user.id,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    const cookie = `${SESSION_COOKIE_NAME}=${app.signCookie(token)}`;
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const result = await download(`${origin}/api/recruiters/applicants.csv`, cookie);
    await app.close();
    return { engine, seedSeconds, ...result };
  } finally {
    await drop();
  }
}

console.log(`Export of every applicant as CSV, ${APPLICANTS} applicants; load ${loadAverage()}`);
for (const engine of ENGINES) {
  const r = await run(engine);
  console.log(
    `${r.engine.padEnd(8)} ${(r.bytes / MIB).toFixed(1)} MiB in ${r.seconds.toFixed(1)} s` +
      ` (seeded in ${r.seedSeconds.toFixed(0)} s); peak above start: heap ${r.heapMiB.toFixed(1)} MiB,` +
      ` RSS ${r.rssMiB.toFixed(1)} MiB`,
  );
}

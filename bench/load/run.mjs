// bench/load: drives the running site on loopback with autocannon. The listing, a detail and
// the dropdowns at LOAD_CONNECTIONS (100) for LOAD_SECONDS (30) each, then LOAD_APPLICATIONS
// (200) applications at once, each with its own 1 MB resume. Prints req/s, p50/p99 latency,
// errors (must be 0: the limits are raised, so a 429 here would be a failure too), the
// server's peak memory and its event-loop delay p99; exits 1 on any error or lost application.
// Usage: npm run bench:load -w @lumenfield/bench
//   LOAD_DATABASE_URL=postgres://... runs on PostgreSQL (default: a fresh SQLite file)
//   LOAD_RESULT_FILE=<path> also writes the figures there (the resilience suite reads them)
import fs from 'node:fs';
import autocannon from 'autocannon';
import {
  FIXED_HEADER,
  apply,
  applicationTarget,
  cleanupAll,
  metrics,
  processMemory,
  startServer,
  storedApplicants,
  workDir,
  xsrfHeaders,
} from '../../tests/resilience/harness.mjs';
import { saveResults } from '../lib/results.mjs';

const seconds = Number(process.env.LOAD_SECONDS ?? 30);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 100);
const applications = Number(process.env.LOAD_APPLICATIONS ?? 200);
const databaseUrl = process.env.LOAD_DATABASE_URL ?? '';
const engine = databaseUrl ? 'postgres' : 'sqlite';

const percentile = (sorted, p) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let peakRss = 0;
let server;
try {
  server = await startServer({
    env: {
      DATA_DIR: workDir('lumenfield-load-'),
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'true',
    },
  });
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, processMemory(server.pid).rssMiB);
    } catch {
      // the process is gone; the run reports it
    }
  }, 50);

  const target = await applicationTarget(server.url);
  const reads = [
    ['listing', `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0`],
    [
      'detail',
      `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${target.jobId}`,
    ],
    [
      'dropdowns',
      [
        '/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Country',
        `/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=State&CountryID=${target.countryId}`,
        '/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Experience',
        `/api/Jobs/GetStatesByCountry?CountryID=${target.countryId}`,
      ],
    ],
  ];
  console.log(
    `bench/load on ${engine}: reads ${seconds} s each at ${connections} connections; ` +
      `${applications} applications with 1 MB resumes at once.`,
  );
  const phases = [];
  for (const [name, urlPath] of reads) {
    await metrics(server.url); // starts a fresh event-loop window
    // Several paths: each connection cycles through them (the form's four dropdown calls).
    const many = Array.isArray(urlPath);
    const result = await autocannon({
      url: `${server.url}${many ? urlPath[0] : urlPath}`,
      ...(many ? { requests: urlPath.map((p) => ({ method: 'GET', path: p })) } : {}),
      headers: FIXED_HEADER,
      connections,
      duration: seconds,
    });
    const loop = await metrics(server.url);
    const codes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    );
    phases.push({
      kind: 'read',
      name,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      statusCodes: codes,
      rateLimited: codes['429'] ?? 0,
      errors: result.errors + result.timeouts + result.non2xx,
      eventLoopDelayP99Ms: loop.eventLoopDelayMs.p99,
    });
  }

  // Applications: every one distinct (its own address and resume), all sent at once.
  let busy = 0;
  const headers = await xsrfHeaders(server.url);
  await metrics(server.url); // starts a fresh event-loop window
  const t0 = Date.now();
  const outcomes = await Promise.all(
    Array.from({ length: applications }, async () => {
      const started = Date.now();
      try {
        // A node that holds all the upload bytes it may answers 503 with Retry-After; a client
        // (our page, the old one retried by its user) sends the application again after it.
        let r = await apply(server.url, target, headers, { size: 1024 * 1024, timeoutMs: 120_000 });
        for (let tries = 0; r.status === 503 && r.retryAfter && tries < 5; tries++) {
          busy += 1;
          await new Promise((resolve) => setTimeout(resolve, r.retryAfter * 1000));
          r = await apply(server.url, target, headers, { size: 1024 * 1024, timeoutMs: 120_000 });
        }
        return {
          status: r.status,
          ms: Date.now() - started,
          id: r.body?.ApplicantID,
          sha: r.sha256,
        };
      } catch (error) {
        return { status: error.cause?.code ?? error.name, ms: Date.now() - started };
      }
    }),
  );
  const wall = (Date.now() - t0) / 1000;
  const loop = await metrics(server.url);
  const ok = outcomes.filter((o) => o.status === 201);
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const stored = await storedApplicants(server.url, target.jobId);
  const lost = ok.filter((o) => stored.get(o.id)?.sha256 !== o.sha).length;
  const statusCodes = {};
  for (const o of outcomes) statusCodes[o.status] = (statusCodes[o.status] ?? 0) + 1;
  phases.push({
    kind: 'applications',
    name: `applications (${applications} x 1 MB at once)`,
    requests: applications,
    ok: ok.length,
    requestsPerSecond: applications / wall,
    latencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
    },
    statusCodes,
    rateLimited: statusCodes['429'] ?? 0,
    busyRetries: busy,
    errors: applications - ok.length,
    eventLoopDelayP99Ms: loop.eventLoopDelayMs.p99,
  });
  clearInterval(sampler);
  const { peakMiB } = processMemory(server.pid);
  peakRss = Math.max(peakRss, peakMiB);

  const errors = phases.reduce((n, p) => n + p.errors, 0);
  const eventLoopDelayP99Ms = Math.max(...phases.map((p) => p.eventLoopDelayP99Ms));
  console.table(
    phases.map((p) => ({
      phase: p.name,
      requests: p.requests,
      'req/s': p.requestsPerSecond.toFixed(p.kind === 'read' ? 0 : 1),
      'p50 ms': p.latencyMs.p50,
      'p99 ms': p.latencyMs.p99,
      errors: p.errors,
      '429s': p.rateLimited,
      'loop p99 ms': p.eventLoopDelayP99Ms,
    })),
  );
  console.log(
    `Errors: ${errors}. Applications lost: ${lost}. Server peak RSS: ${peakRss.toFixed(0)} MiB. ` +
      `Event-loop delay p99 (worst phase): ${eventLoopDelayP99Ms} ms.`,
  );
  const figures = saveResults(`load-${engine}`, {
    engine,
    seconds,
    connections,
    phases,
    errors,
    lost,
    serverPeakRssMiB: peakRss,
    eventLoopDelayP99Ms,
  });
  if (process.env.LOAD_RESULT_FILE)
    fs.writeFileSync(process.env.LOAD_RESULT_FILE, JSON.stringify(figures));
  process.exitCode = errors > 0 || lost > 0 ? 1 : 0;
} finally {
  await cleanupAll();
}

// bench/uploads: applications per second with a 1 MiB resume, and the server's peak RSS, in each
// form the server takes, in one run: the apply dialog's multipart/form-data
// (POST /api/openings/:id/applications), and the JSON of POST /Jobs/SaveApplicantDetail with the
// resume as base64 and as the old client's array of byte numbers. autocannon, a fixed number of
// connections, a new applicant per request (the same one again is a duplicate, answered without
// storing). Each form gets a server of its own (the built bundle, SQLite, a fresh data
// directory), so each peak RSS is that form's alone; the three run back to back.
// Targets (docs/performance.md): multipart >= 100 applications/s, peak RSS <= 300 MiB.
// Usage: npm run bench:uploads -w @lumenfield/bench
//   UPLOAD_SECONDS (default 10), UPLOAD_CONNECTIONS (default 8), UPLOAD_FORMS=multipart,base64,bytes
//   UPLOAD_CPU_PROF=1: the server writes a CPU profile per form (bench/results/uploads-prof-*)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  FIXED_HEADER,
  METRICS_TOKEN,
  applicationTarget,
  cleanupAll,
  legacyApplication,
  makeResume,
  processCpuMs,
  processMemory,
  startServer,
  workDir,
  xsrfHeaders,
} from '../../tests/resilience/harness.mjs';
import { loadAverage } from '../lib/machine.mjs';
import { resultsDir, saveResults } from '../lib/results.mjs';

const seconds = Number(process.env.UPLOAD_SECONDS ?? 10);
const connections = Number(process.env.UPLOAD_CONNECTIONS ?? 8);
const forms = (process.env.UPLOAD_FORMS ?? 'multipart,base64,bytes').split(',');
const profile = process.env.UPLOAD_CPU_PROF === '1';
const RESUME_BYTES = 1024 * 1024;

/** CPU seconds a process has used (user + system). */
const cpuSeconds = (pid) => processCpuMs(pid) / 1000;

/**
 * Each form's body, built once, with a fixed-length e-mail address that each request rewrites in
 * a copy (a new applicant per request). `at` is where the address's serial starts.
 */
function bodies(target, pdf) {
  const email = 'bench-000000000@example.com';
  const legacy = (content) =>
    legacyApplication(
      target,
      { FirstName: 'Bench', LastName: 'Mark', Email: email },
      content,
      'bench-resume.pdf',
    );
  const boundary = '----lumenfield-bench-uploads';
  const field = (name, value) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  // As the dialog's FormData sends it: the fields, then the resume as a file.
  const multipart = Buffer.concat([
    Buffer.from(
      field('firstName', 'Bench') +
        field('lastName', 'Mark') +
        field('mobileNumber', '5550100000') +
        field('countryId', String(target.countryId)) +
        field('stateId', String(target.stateId)) +
        field('city', 'Manila') +
        field('email', email) +
        field('experience', '2') +
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="bench-resume.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const json = { 'content-type': 'application/json' };
  return {
    multipart: {
      name: 'multipart/form-data (the dialog)',
      path: `/api/openings/${target.jobId}/applications`,
      type: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    },
    base64: {
      name: 'JSON, base64 resume (SaveApplicantDetail)',
      path: `/api/Jobs/SaveApplicantDetail?jobID=${target.jobId}`,
      type: json,
      body: Buffer.from(legacy(pdf.toString('base64'))),
    },
    bytes: {
      name: 'JSON, byte-array resume (the old client)',
      path: `/api/Jobs/SaveApplicantDetail?jobID=${target.jobId}`,
      type: json,
      body: Buffer.from(legacy([...pdf])),
    },
    email,
  };
}

async function measure(form) {
  const profileDir = path.join(resultsDir, `uploads-prof-${form}`);
  if (profile) fs.mkdirSync(profileDir, { recursive: true });
  const env = {
    DATA_DIR: workDir('lumenfield-uploads-'),
  };
  // V8's CPU profiler (Node refuses --cpu-prof in NODE_OPTIONS): a .cpuprofile per thread,
  // written when the server exits.
  const nodeFlags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startServer({ env, nodeFlags });
  const target = await applicationTarget(server.url);
  const { cookie, 'x-xsrf-token': token } = await xsrfHeaders(server.url);
  const all = bodies(target, makeResume(RESUME_BYTES));
  const each = all[form];
  const at = each.body.indexOf(all.email) + 'bench-'.length;
  let serial = 0;
  const idle = processMemory(server.pid);
  // One application first: the worker threads (the body decoder, the writer) start on their
  // first task; RSS with them started and nothing in flight is the baseline that load adds to.
  const warm = await fetch(`${server.url}${each.path}`, {
    method: 'POST',
    headers: { ...FIXED_HEADER, ...each.type, cookie, 'x-xsrf-token': token },
    body: each.body,
  });
  if (warm.status !== 201) throw new Error(`${form}: ${warm.status} ${await warm.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const started = processMemory(server.pid);
  let peakSampled = 0;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, processMemory(server.pid).rssMiB);
  }, 50);
  // What the main thread holds, from the server's own metrics (prom-client's process gauges):
  // the JS heap, and memory outside it (Buffers, the resumes in flight), at their highest.
  const held = { heapMiB: 0, externalMiB: 0 };
  let scraping = true;
  const scraper = (async () => {
    while (scraping) {
      try {
        const res = await fetch(`${server.url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        const text = await res.text();
        const gauge = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0);
        held.heapMiB = Math.max(held.heapMiB, gauge('nodejs_heap_size_total_bytes') / 1048576);
        held.externalMiB = Math.max(
          held.externalMiB,
          gauge('nodejs_external_memory_bytes') / 1048576,
        );
      } catch {
        // a scrape that failed under load: the next one counts
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const cpuBefore = cpuSeconds(server.pid);
  const loadBefore = loadAverage();
  const result = await autocannon({
    url: `${server.url}${each.path}`,
    method: 'POST',
    duration: seconds,
    connections,
    headers: { ...FIXED_HEADER, ...each.type, cookie, 'x-xsrf-token': token },
    body: each.body,
    requests: [
      {
        setupRequest: (request) => {
          const body = Buffer.from(each.body);
          body.write(String(++serial).padStart(9, '0'), at, 'latin1');
          return { ...request, body };
        },
      },
    ],
  });
  clearInterval(sampler);
  scraping = false;
  await scraper;
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const { peakMiB: peak } = processMemory(server.pid);
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${count}x ${code}`)
    .join(', ');
  const row = {
    form,
    name: each.name,
    bodyMiB: each.body.length / 1048576,
    applicationsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    answers: codes,
    notOk: result.non2xx + result.errors + result.timeouts,
    idleRssMiB: idle.rssMiB,
    threadsStartedRssMiB: started.rssMiB,
    peakRssMiB: Math.max(peak, peakSampled),
    mainHeapMaxMiB: held.heapMiB,
    mainExternalMaxMiB: held.externalMiB,
    serverCpuSecondsPerApplication: result.requests.total > 0 ? cpu / result.requests.total : NaN,
    loadBefore,
    loadAfter: loadAverage(),
  };
  // SIGINT: the server closes cleanly (and writes its CPU profile when asked).
  await server.kill('SIGINT');
  return row;
}

try {
  const rows = [];
  console.log(
    `bench/uploads: ${seconds}s per form, ${connections} connections, 1 MiB resume, ` +
      `${os.cpus().length} cores; load average ${loadAverage()} (1, 5, 15 min)`,
  );
  for (const form of forms) {
    console.log(`  ${form}...`);
    rows.push(await measure(form));
  }
  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
  console.log(
    '\n| form | body | applications/s | p50 | p99 | answers | server CPU per application | peak RSS (idle, threads started) | main heap / external max | load before → after |',
  );
  console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${fmt(r.bodyMiB, 2)} MiB | ${fmt(r.applicationsPerSecond, 1)} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.answers} | ${fmt(r.serverCpuSecondsPerApplication * 1000, 1)} ms | ${fmt(r.peakRssMiB)} MiB (${fmt(r.idleRssMiB)}, ${fmt(r.threadsStartedRssMiB)}) | ${fmt(r.mainHeapMaxMiB)} / ${fmt(r.mainExternalMaxMiB)} MiB | ${r.loadBefore} → ${r.loadAfter} |`,
    );
  }
  const multipart = rows.find((r) => r.form === 'multipart');
  if (multipart) {
    const met = multipart.applicationsPerSecond >= 100 && multipart.peakRssMiB <= 300;
    console.log(
      `\ntargets (multipart >= 100/s, peak RSS <= 300 MiB): ${met ? 'met' : 'NOT met'} ` +
        `(${fmt(multipart.applicationsPerSecond, 1)}/s, ${fmt(multipart.peakRssMiB)} MiB)`,
    );
  }
  saveResults('uploads', { seconds, connections, rows });
} finally {
  await cleanupAll();
}

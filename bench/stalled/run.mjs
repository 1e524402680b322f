// bench/stalled: do stalled requests keep real applications out? Against the built server with
// its defaults (BODY_TIMEOUT_MS 30 s, UPLOAD_BYTES_IN_FLIGHT 88 MB, UPLOAD_BODIES_PER_CLIENT 1,
// UPLOAD_MIN_BYTES_PER_SECOND 10 KB/s after UPLOAD_RATE_GRACE_MS 5 s), in two parts.
// 1. Four clients (127.0.0.2-5) each open an application that declares 22 MB and sends 14 bytes
//    (together the whole upload budget), with 500 sign-ins whose bodies stop after a few bytes
//    and 10 requests whose headers never end. Meanwhile a real application (from 127.0.0.1) is
//    sent, and sent again after each 503's Retry-After, until it is accepted. Prints when it was
//    accepted and when each kind of stalled socket was closed, with its answer. Targets: accepted
//    within 35 s; every stalled socket closed, with 408.
// 2. One client (127.0.0.2) keeps four stalled 22 MB applications open for STALLED_ONE_CLIENT_S
//    (75 s), each opened again 100 ms after the server closes it, while another client
//    (127.0.0.3) sends real applications one after another. Prints the status counts of both.
//    Target: every real application answered 201.
// Loopback only (the 127.0.0.x addresses are all this machine); every loop ends with its time.
// STALLED_PARTS=2 runs part 2 alone; STALLED_LIMITS=off lifts the per-address share and the
// minimum rate (the server as it was before them), for a before-and-after in one sitting.
// Usage: npm run bench:stalled -w @lumenfield/bench   (STALLED_SIGN_INS=500 STALLED_ONE_CLIENT_S=75)
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import {
  apply,
  applicationBody,
  applicationTarget,
  cleanupAll,
  makeResume,
  request,
  sleep,
  startServer,
  workDir,
  xsrfHeaders,
} from '../../tests/resilience/harness.mjs';
import { loadAverage } from '../lib/machine.mjs';

const signIns = Number(process.env.STALLED_SIGN_INS ?? 500);
const oneClientMs = Number(process.env.STALLED_ONE_CLIENT_S ?? 75) * 1000;
const parts = (process.env.STALLED_PARTS ?? '1,2').split(',');
const limitsOff = process.env.STALLED_LIMITS === 'off';
/** Past this, a socket still open counts as never closed. */
const GIVE_UP_MS = 90_000;
/** A real application's resume: a typical one. */
const RESUME_BYTES = 256 * 1024;

/**
 * Opens a connection from `from`, sends `text`, and resolves when the server closes it (or we
 * give up, or `stop` is called: then it counts as closed by us).
 */
function stall(port, text, startedAt, from = '127.0.0.1') {
  let stop = () => {};
  const closed = new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () =>
      socket.write(text),
    );
    let answer = '';
    let byUs = false;
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closedMs: Infinity, status: 'still open' });
    }, GIVE_UP_MS);
    stop = () => {
      byUs = true;
      socket.destroy();
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({
        closedMs: performance.now() - startedAt,
        status: answer ? answer.split(' ')[1] : byUs ? 'closed by us' : 'no answer',
      });
    });
  });
  return { closed, stop: () => stop() };
}

const head = (method, path, headers) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n';

/** One real application sent from the loopback address `from`: its status and time taken. */
function applyFrom(from, port, target, headers) {
  const body = Buffer.from(applicationBody(target, makeResume(RESUME_BYTES)));
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const req = http.request({
      port,
      host: '127.0.0.1',
      localAddress: from,
      method: 'POST',
      path: `/api/Jobs/SaveApplicantDetail?jobID=${target.jobId}`,
      headers: { ...headers, 'content-length': String(body.length) },
      timeout: 60_000,
    });
    const done = (status) => resolve({ status, ms: performance.now() - startedAt });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done(String(res.statusCode)));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => done(error.message === 'timeout' ? 'no answer in 60 s' : 'reset'));
    req.end(body);
  });
}

const counts = (statuses) => {
  const by = {};
  for (const status of statuses) by[status] = (by[status] ?? 0) + 1;
  return Object.entries(by)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${n} x ${status}`)
    .join(', ');
};

function summary(name, results) {
  const closed = results.filter((r) => Number.isFinite(r.closedMs));
  const latest = closed.length ? Math.max(...closed.map((r) => r.closedMs)) : NaN;
  const earliest = closed.length ? Math.min(...closed.map((r) => r.closedMs)) : NaN;
  return {
    name,
    count: results.length,
    closed: closed.length,
    statuses: counts(results.map((r) => r.status)),
    earliestS: (earliest / 1000).toFixed(1),
    latestS: (latest / 1000).toFixed(1),
  };
}

/** Part 1: four clients' stalled uploads, slow sign-ins, endless headers; one real application. */
async function severalStalledClients(server, target, headers) {
  const { port } = server;
  const startedAt = performance.now();
  const uploads = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].map(
    (from) =>
      stall(
        port,
        head('POST', `/api/Jobs/SaveApplicantDetail?jobID=${target.jobId}`, {
          ...headers,
          'content-length': '22000000',
        }) + '{"FirstName":"',
        startedAt,
        from,
      ).closed,
  );
  const signInBodies = Array.from(
    { length: signIns },
    () =>
      stall(
        port,
        head('POST', '/api/recruiters/session', { ...headers, 'content-length': '200' }) +
          '{"email":',
        startedAt,
      ).closed,
  );
  const endlessHeaders = Array.from(
    { length: 10 },
    () => stall(port, 'GET /careers HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: te', startedAt).closed,
  );
  // The server has read the stalled requests' headers, and reserved the budget, by now (on a
  // loaded machine their hooks may finish after a /healthz round trip: a second more).
  await (await request(`${server.url}/healthz`)).arrayBuffer();
  await sleep(1_000);

  // The real application, as a client would send it: again after each Retry-After.
  const answers = [];
  let acceptedMs = Infinity;
  while (performance.now() - startedAt < GIVE_UP_MS) {
    const res = await apply(server.url, target, headers, { size: RESUME_BYTES, timeoutMs: 60_000 });
    answers.push(res.status);
    if (res.status === 201) {
      acceptedMs = performance.now() - startedAt;
      break;
    }
    await sleep((res.retryAfter || 1) * 1000);
  }

  const rows = [
    summary('4 uploads declaring 22 MB, 14 bytes sent, 4 clients', await Promise.all(uploads)),
    summary(`${signIns} sign-ins, body stopped after 9 bytes`, await Promise.all(signInBodies)),
    summary('10 requests whose headers never end', await Promise.all(endlessHeaders)),
  ];
  console.log(`\npart 1: several stalled clients (load average ${loadAverage()})\n`);
  console.log(
    `real application: ${answers.join(', ')}; accepted after ${(acceptedMs / 1000).toFixed(1)} s`,
  );
  console.log('\n| stalled | closed | answers | first closed | last closed |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.closed}/${r.count} | ${r.statuses} | ${r.earliestS} s | ${r.latestS} s |`,
    );
  }
  const met =
    acceptedMs <= 35_000 &&
    rows.every((r) => r.closed === r.count && r.statuses === `${r.count} x 408`);
  console.log(
    `\npart 1 targets (accepted within 35 s; every stalled socket closed with 408): ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

/** Part 2: one client re-opening four stalled uploads while another applies in a loop. */
async function oneStalledClient(server, target, headers) {
  const { port } = server;
  const startedAt = performance.now();
  const until = startedAt + oneClientMs;
  const stalledAnswers = [];
  const open = new Set();
  const reopening = async () => {
    while (performance.now() < until) {
      const socket = stall(
        port,
        head('POST', `/api/Jobs/SaveApplicantDetail?jobID=${target.jobId}`, {
          ...headers,
          'content-length': '22000000',
        }) + '{"FirstName":"A',
        startedAt,
        '127.0.0.2',
      );
      open.add(socket);
      const { status } = await socket.closed;
      open.delete(socket);
      stalledAnswers.push(status);
      await sleep(100);
    }
  };
  const attacking = Promise.all([1, 2, 3, 4].map(reopening));
  await sleep(500);

  const real = [];
  while (performance.now() < until) real.push(await applyFrom('127.0.0.3', port, target, headers));
  // What is still open when the time is up is closed by us (counted as such).
  for (const socket of open) socket.stop();
  await attacking;

  const times = real.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  const realCounts = counts(real.map((r) => r.status));
  console.log(
    `\npart 2: one client (127.0.0.2) re-opening four stalled 22 MB uploads for ${oneClientMs / 1000} s ` +
      `while 127.0.0.3 applies (load average ${loadAverage()})\n`,
  );
  console.log('| client | requests | answers | median | p95 | slowest |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| 127.0.0.3, real applications (${RESUME_BYTES / 1024} KiB resume) | ${real.length} | ${realCounts} | ${at(0.5).toFixed(0)} ms | ${at(0.95).toFixed(0)} ms | ${times.at(-1)?.toFixed(0)} ms |`,
  );
  console.log(
    `| 127.0.0.2, stalled 22 MB uploads | ${stalledAnswers.length} | ${counts(stalledAnswers)} | | | |`,
  );
  const met = real.length > 0 && real.every((r) => r.status === '201');
  console.log(`\npart 2 target (every real application 201): ${met ? 'met' : 'NOT met'}`);
  return met;
}

try {
  const server = await startServer({
    env: {
      DATA_DIR: workDir('lumenfield-stalled-'),
      // The shipped defaults, whatever the caller's environment says.
      BODY_TIMEOUT_MS: '',
      UPLOAD_BYTES_IN_FLIGHT: '',
      UPLOAD_BODIES_PER_CLIENT: limitsOff ? '1000' : '',
      UPLOAD_MIN_BYTES_PER_SECOND: limitsOff ? '0' : '',
      UPLOAD_RATE_GRACE_MS: '',
    },
  });
  const target = await applicationTarget(server.url);
  const headers = await xsrfHeaders(server.url);
  const limits = limitsOff
    ? 'no share per address, no minimum rate (STALLED_LIMITS=off)'
    : 'one body per address, 10 KB/s after 5 s';
  console.log(
    `bench/stalled: built server, BODY_TIMEOUT_MS 30 s, UPLOAD_BYTES_IN_FLIGHT 88 MB, ${limits}, ` +
      `${os.cpus().length} cores, load average ${loadAverage()}`,
  );
  const first = parts.includes('1') ? await severalStalledClients(server, target, headers) : true;
  const second = parts.includes('2') ? await oneStalledClient(server, target, headers) : true;
  if (!first || !second) process.exitCode = 1;
} finally {
  await cleanupAll();
}

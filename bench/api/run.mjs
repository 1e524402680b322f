// bench/api: one run measures the server's reads (a prebuilt page, the careers page, a job page,
// the API's listing and detail, first calls and calls with the cookie held) against nginx with
// one worker serving the very bytes our server answered (saved from its answer, brotli as a
// browser asks), and against a bare Fastify answering the same bytes from memory (the
// platform's ceiling, for the pages as for the API), on this machine, at the same time and
// load. Twice: as production runs (ours logging at its default level, nginx's access log on)
// and with both logs off. The ratios are the figures that travel (targets in
// docs/performance.md: 80 % of nginx logging, 80 % of the bare Fastify for the API), with each
// server's CPU time per request beside them.
// In each mode a second server of ours has an editor's change published, one every page shows
// (bench/lib/content-edits.mjs): each page is read on it too, in the same alternating turns,
// against nginx serving its new bytes, so a page rendered at a publish is measured beside the
// build's own.
// Then applications per second with a 1 MB resume sent as base64 and as a byte array, with the
// server's peak memory.
// Usage: npm run bench:api -w @lumenfield/bench
//   BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (unmeasured, per case and side; 2),
//   BENCH_ROUNDS (each side's seconds of a read case taken in this many turns, the sides
//   alternating, so a machine whose speed drifts weighs on each alike; 5),
//   BENCH_CONNECTIONS (default 50), BENCH_UPLOAD_CONNECTIONS (8),
//   BENCH_PORTS=a,b (the server's and nginx's; default: free ports), BENCH_ONLY=reads
//   (skip the uploads), BENCH_MODES=logging|quiet (one mode only; default both),
//   BENCH_CASES=<regular expression> (only the read cases whose names match), BENCH_EDITS=0
//   (skip the pages read again after an editor publishes a change, bench/lib/content-edits.mjs)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { LOOPBACK_LIMITS } from '../../scripts/loopback-limits.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import {
  freePort,
  legacyApplication,
  makeResume,
  processCpuMs,
  processMemory,
  root,
  waitAnswering,
} from '../../tests/resilience/harness.mjs';
import { EDITED, publishContentEdits } from '../lib/content-edits.mjs';
import { loadAverage } from '../lib/machine.mjs';
import { saveResults } from '../lib/results.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const uploadConnections = Number(process.env.BENCH_UPLOAD_CONNECTIONS ?? 8);
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const FIXED_HEADER = { 'x-requested-with': 'XMLHttpRequest' };
/** What a browser sends: both sides answer brotli. */
const BROWSER = { 'accept-encoding': 'br, gzip' };
const [serverPortWanted, nginxPortWanted] = (process.env.BENCH_PORTS ?? '').split(',').map(Number);
const readsOnly = process.env.BENCH_ONLY === 'reads';
const withEdits = process.env.BENCH_EDITS !== '0';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-bench-'));
const children = [];

/**
 * One autocannon run. With `pid`, the process's peak memory while it ran; with `cpuPid` (and
 * `cpuChildren` for nginx, whose worker is its master's child), the server's CPU time per
 * request served: a figure the machine's drift moves much less than the requests a second.
 */
async function measure(name, options, pid, { cpuPid, cpuChildren = false } = {}) {
  let peak = 0;
  const sampler = pid
    ? setInterval(() => {
        peak = Math.max(peak, processMemory(pid).rssMiB);
      }, 50)
    : undefined;
  const cpuBefore = cpuPid && processCpuMs(cpuPid, { children: cpuChildren });
  const result = await autocannon({ duration: seconds, connections, ...options });
  const cpuMs = cpuPid && processCpuMs(cpuPid, { children: cpuChildren }) - cpuBefore;
  if (sampler) clearInterval(sampler);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count}x ${code}`);
    console.warn(
      `  ! ${name}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.non2xx} not 2xx ${codes.join(', ')}`,
    );
  }
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    throughputMiBs: result.throughput.average / 1024 / 1024,
    total: result.requests.total,
    cpuMs,
    notOk: bad,
    peakRssMiB: pid ? peak : undefined,
  };
}

/** One side's turns at a case as one measurement: its rate over all of them, the median p99. */
function combined(turns) {
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const sum = (key) => turns.reduce((total, turn) => total + turn[key], 0);
  return {
    name: turns[0].name,
    requestsPerSecond: sum('requestsPerSecond') / turns.length,
    p99Ms: median(turns.map((turn) => turn.p99Ms)),
    throughputMiBs: sum('throughputMiBs') / turns.length,
    total: sum('total'),
    /** The server's CPU time per request over every turn, in microseconds. */
    cpuUsPerRequest:
      turns[0].cpuMs === undefined ? undefined : (sum('cpuMs') * 1000) / sum('total'),
    notOk: sum('notOk'),
    peakRssMiB:
      turns[0].peakRssMiB === undefined
        ? undefined
        : Math.max(...turns.map((turn) => turn.peakRssMiB)),
  };
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', () => {
  stopAll();
  fs.rmSync(work, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

// 1. The site, built once. The server's PUBLIC_URL is the origin the build stored the prebuilt
// pages for, so it sends the very bytes the build wrote.
console.log('Building the site and the server...');
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const storedManifest = path.join(root, 'apps/web/dist/server/stored-pages.json');
const builtOrigin = JSON.parse(fs.readFileSync(storedManifest, 'utf8')).origin;

/** Starts a process whose standard output goes to `logFile` (or nowhere); answers it. */
function startLogged(command, args, { env, logFile, cwd = root }) {
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, 'inherit'] });
  if (typeof out === 'number') fs.closeSync(out);
  children.push(child);
  return child;
}

/** Stops a child and waits for it to be gone. */
function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Our server as `npm start` runs it, on a fresh SQLite database with demo openings: with
 * `logging`, at its default level (info: a line per request) with standard output to a file as
 * a process manager keeps it; without, at `warn`.
 */
async function startOurs(mode, portWanted = serverPortWanted) {
  const port = portWanted || (await freePort());
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(work, `data-${mode.id}`),
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: mode.logging ? 'info' : 'warn',
    LOG_FORMAT: 'json',
    // The limits protect the site from abuse; the bench measures what is behind them.
    ...LOOPBACK_LIMITS,
    DATABASE_URL: '',
    REDIS_URL: '',
    PUBLIC_URL: builtOrigin,
  };
  const child = startLogged(
    process.execPath,
    [...SERVER_NODE_FLAGS, 'apps/server/dist/server.mjs'],
    {
      logFile: mode.logging ? path.join(work, `ours-${mode.id}.log`) : undefined,
      env,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitAnswering(`${url}/healthz`, { child });
  return { child, url, env };
}

const listingPath = '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0';

/** One answer of our server as it came: status, the headers nginx must repeat, raw bytes. */
function rawAnswer(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            type: res.headers['content-type'],
            encoding: res.headers['content-encoding'],
            bytes: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** What is read: each as a browser (or the old client, with the fixed header) asks for it. */
async function readCases(apiUrl) {
  const listingRes = await fetch(`${apiUrl}${listingPath}`, { headers: FIXED_HEADER });
  const jobId = (await listingRes.json())[0].Job_id;
  const detailPath = `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${jobId}`;
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(listingRes.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('no XSRF cookie on the listing');
  const api = { ...BROWSER, ...FIXED_HEADER };
  const held = { ...api, cookie: `XSRF-TOKEN=${xsrf}` };
  const cases = [
    { name: '/ (prebuilt)', path: '/', headers: BROWSER },
    { name: '/about (prebuilt)', path: '/about', headers: BROWSER },
    { name: '/careers (live)', path: '/careers', headers: BROWSER },
    { name: 'a job page (live)', path: `/careers/jobs/${jobId}`, headers: BROWSER },
    // A client that keeps no cookie: every call is a first one, answered with a new XSRF cookie.
    { name: 'listing API, first call', path: listingPath, headers: api, api: true },
    { name: 'detail API, first call', path: detailPath, headers: api, api: true },
    // The careers page's own calls: the browser holds the cookie the page (or a call) set.
    { name: 'listing API, cookie held', path: listingPath, headers: held, api: true },
    { name: 'detail API, cookie held', path: detailPath, headers: held, api: true },
  ].filter(
    (each) => !process.env.BENCH_CASES || new RegExp(process.env.BENCH_CASES).test(each.name),
  );
  await saveAnswers(apiUrl, cases, 'case');
  return { cases, jobId, xsrf };
}

/** Each case's answer from our server as it came, kept in `file` for nginx and the bare Fastify. */
async function saveAnswers(apiUrl, cases, prefix) {
  for (const [index, each] of cases.entries()) {
    each.answer = await rawAnswer(`${apiUrl}${each.path}`, each.headers);
    if (each.answer.status !== 200) throw new Error(`${each.path}: ${each.answer.status}`);
    each.file = `${prefix}-${index}`;
  }
}

/**
 * The pages on a second server of the mode once an editor has published the home page's first
 * claim and an office's phone there (every page's footer names it): each page is then the
 * renderer's output stored at the publish, not the build's file. Each page case gets the edited
 * page as its `twin`, read in the same turns (measureReads).
 */
async function addEditedTwins(edited, cases) {
  await publishContentEdits(edited.url, edited.env);
  const twins = cases
    .filter((each) => !each.api)
    .map((each) => {
      each.twin = { name: `${each.name}, after an edit`, path: each.path, headers: each.headers };
      return each.twin;
    });
  await saveAnswers(edited.url, twins, 'edited');
  for (const twin of twins) {
    if (!decoded(twin.answer).toString().includes(EDITED.phone)) {
      throw new Error(`${twin.path} does not show the edit`);
    }
  }
  return twins;
}

/** An answer's body as the browser reads it. */
function decoded({ bytes, encoding }) {
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes);
  if (encoding === 'gzip') return zlib.gunzipSync(bytes);
  return bytes;
}

/**
 * nginx from Debian's packages, one worker, serving the very same bytes as static files with
 * the same Content-Type and Content-Encoding; with `logging`, its access log on as Debian
 * configures it (the combined format, a line per request to a file).
 */
async function startNginx(mode, cases) {
  const port = nginxPortWanted || (await freePort());
  const dir = path.join(work, `nginx-${mode.id}`);
  const htdocs = path.join(dir, 'htdocs');
  fs.mkdirSync(htdocs, { recursive: true });
  // nginx's workers drop to an unprivileged user: they must be able to read the files.
  for (const each of [work, dir, htdocs]) fs.chmodSync(each, 0o755);
  for (const each of cases) fs.writeFileSync(path.join(htdocs, each.file), each.answer.bytes);
  const temp = (name) => path.join(dir, name);
  const locations = cases
    .map(
      ({ file, answer }) => `    location = /${file} {
      default_type "${answer.type}";
      ${answer.encoding ? `add_header Content-Encoding ${answer.encoding};` : ''}
      add_header Vary accept-encoding;
    }`,
    )
    .join('\n');
  const conf = temp('nginx.conf');
  fs.writeFileSync(
    conf,
    `# One worker: the Node server is one process too.
worker_processes 1;
daemon off;
pid ${temp('pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log ${mode.logging ? temp('access.log') : 'off'};
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${htdocs};
${locations}
  }
}
`,
  );
  if (mode.logging) fs.writeFileSync(temp('access.log'), '', { mode: 0o666 });
  const child = startLogged(NGINX, ['-c', conf, '-p', dir], {});
  const url = `http://127.0.0.1:${port}`;
  await waitAnswering(`${url}/${cases[0].file}`, { child });
  await sameBytes(url, cases, 'nginx');
  return { child, url };
}

/** The platform's ceiling: bare-fastify.mjs with every case's bytes (and its log as ours). */
async function startBare(mode, cases) {
  const port = await freePort();
  const dir = path.join(work, `bare-${mode.id}`);
  fs.mkdirSync(dir, { recursive: true });
  const list = cases.map(({ file, answer }) => {
    const bytesFile = path.join(dir, file);
    fs.writeFileSync(bytesFile, answer.bytes);
    return { file, type: answer.type, encoding: answer.encoding, bytesFile };
  });
  fs.writeFileSync(path.join(dir, 'cases.json'), JSON.stringify(list));
  const child = startLogged(
    process.execPath,
    [path.join(root, 'bench/api/bare-fastify.mjs'), String(port), path.join(dir, 'cases.json')],
    {
      logFile: mode.logging ? path.join(dir, 'bare.log') : undefined,
      env: { ...process.env, BARE_LOG: mode.logging ? 'info' : '' },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitAnswering(`${url}/${cases[0].file}`, { child });
  await sameBytes(url, cases, 'the bare Fastify');
  return { child, url };
}

async function sameBytes(url, cases, who) {
  for (const each of cases) {
    const copy = await rawAnswer(`${url}/${each.file}`, each.headers);
    if (!copy.bytes.equals(each.answer.bytes) || copy.encoding !== each.answer.encoding) {
      throw new Error(`${who} does not send our bytes for ${each.path}`);
    }
  }
}

/**
 * Each case read by ours, nginx and the bare Fastify, in alternating turns: a
 * machine whose speed drifts weighs on each alike. A page with a `twin` (the same page on the
 * server an editor published a change on, and nginx serving its bytes) is read in the same
 * turns, so the ratios before and after the edit see the same machine.
 */
async function measureReads(mode, cases, ours, nginx, bare, edited) {
  const rows = [];
  for (const each of cases) {
    const sides = [
      { side: 'ours', url: `${ours.url}${each.path}`, pid: ours.child.pid },
      { side: 'nginx', url: `${nginx.url}/${each.file}`, pid: nginx.child.pid, children: true },
      { side: 'bare', url: `${bare.url}/${each.file}`, pid: bare.child.pid },
      ...(each.twin
        ? [
            { side: 'ours, edited', url: `${edited.url}${each.path}`, pid: edited.child.pid },
            {
              side: 'nginx, edited',
              url: `${nginx.url}/${each.twin.file}`,
              pid: nginx.child.pid,
              children: true,
            },
          ]
        : []),
    ];
    // Each side first answers this case for a while unmeasured: the server's JIT compiles the
    // case's path, as it has on a node that has been up for a minute.
    for (const { url } of sides) {
      await autocannon({ url, headers: each.headers, duration: warmupSeconds, connections });
    }
    const turns = Object.fromEntries(sides.map(({ side }) => [side, []]));
    for (let turn = 0; turn < rounds; turn += 1) {
      for (const { side, url, pid, children } of sides) {
        turns[side].push(
          await measure(
            `${mode.name}, ${each.name}: ${side}`,
            { url, headers: each.headers, duration: seconds / rounds },
            side.startsWith('nginx') ? undefined : pid,
            { cpuPid: pid, cpuChildren: children },
          ),
        );
      }
    }
    const row = (name, answer, oursSide, nginxSide) => {
      const of = (side) => (turns[side] ? combined(turns[side]) : undefined);
      const ratioTo = (side) =>
        turns[side] &&
        turns[oursSide].map(
          (turn, index) => turn.requestsPerSecond / turns[side][index].requestsPerSecond,
        );
      const made = {
        mode: mode.name,
        case: name,
        bytes: answer.bytes.length,
        encoding: answer.encoding ?? 'identity',
        ours: of(oursSide),
        nginx: of(nginxSide),
        bare: oursSide === 'ours' ? of('bare') : undefined,
        turnRatios: ratioTo(nginxSide),
        bareTurnRatios: oursSide === 'ours' ? ratioTo('bare') : undefined,
      };
      made.ratio = made.ours.requestsPerSecond / made.nginx.requestsPerSecond;
      made.bareRatio = made.bare && made.ours.requestsPerSecond / made.bare.requestsPerSecond;
      return made;
    };
    rows.push(row(each.name, each.answer, 'ours', 'nginx'));
    if (each.twin)
      rows.push(row(each.twin.name, each.twin.answer, 'ours, edited', 'nginx, edited'));
  }
  return rows;
}

// 2. The reads, as production runs (both sides logging) and with both logs off; each mode on a
// server of its own, so one's log never weighs on the other's figures.
const MODES = [
  { id: 'logging', name: 'logging', logging: true },
  { id: 'quiet', name: 'logs off', logging: false },
];
const modes = MODES.filter(
  (mode) => !process.env.BENCH_MODES || process.env.BENCH_MODES.split(',').includes(mode.id),
);
const reads = [];
const loadBefore = loadAverage();
console.log(
  `\nReads: ${seconds}s each, ${connections} connections; ours, nginx's and a ` +
    `bare Fastify's in ${rounds} alternating turns per case. Load average ${loadBefore} ` +
    `(1, 5, 15 min) on ${os.cpus().length} cores.`,
);
let api;
let target;
for (const [index, mode] of modes.entries()) {
  const ours = await startOurs(mode);
  const { cases, jobId, xsrf } = await readCases(ours.url);
  const edited = withEdits ? await startOurs({ ...mode, id: `${mode.id}-edited` }, 0) : undefined;
  const twins = edited ? await addEditedTwins(edited, cases) : [];
  // One nginx serves both: the pages as built and as the edit made them.
  const nginx = await startNginx(mode, [...cases, ...twins]);
  // The bare Fastify answers every case: what Node itself reaches for a page as for the API.
  const bare = await startBare(mode, cases);
  reads.push(...(await measureReads(mode, cases, ours, nginx, bare, edited)));
  await Promise.all([stop(nginx.child), stop(bare.child), edited && stop(edited.child)]);
  // The last mode's server (logs off, as the upload figures have always been taken) stays up.
  if (index < modes.length - 1) await stop(ours.child);
  else {
    api = ours.child;
    target = { apiUrl: ours.url, jobId, xsrf };
  }
}
const loadAfterReads = loadAverage();

// 3. Applications with a 1 MB resume (a real PDF), in both wire forms.
const uploads = [];
if (!readsOnly) await measureUploads();
async function measureUploads() {
  const resume = makeResume(1024 * 1024);
  const { apiUrl, jobId, xsrf } = target;
  const states = await fetch(`${apiUrl}/api/Jobs/GetStatesByCountry?CountryID=608`, {
    headers: FIXED_HEADER,
  });
  const stateId = (await states.json())[0].value;
  const application = (content) =>
    legacyApplication(
      { countryId: 608, stateId },
      { FirstName: 'Bench', LastName: 'Mark', Email: 'bench@example.com' },
      content,
      'bench-resume.pdf',
    );
  const writeHeaders = {
    ...FIXED_HEADER,
    'content-type': 'application/json',
    cookie: `XSRF-TOKEN=${xsrf}`,
    'x-xsrf-token': decodeURIComponent(xsrf),
  };
  const uploadUrl = `${apiUrl}/api/Jobs/SaveApplicantDetail?jobID=${jobId}`;
  const base64Body = application(resume.toString('base64'));
  const arrayBody = application([...resume]);
  console.log(
    `\nApplications: ${seconds}s each, ${uploadConnections} connections, 1 MiB PDF; ` +
      `body ${(base64Body.length / 1048576).toFixed(1)} MiB as base64, ` +
      `${(arrayBody.length / 1048576).toFixed(1)} MiB as a byte array.`,
  );
  let applicantSeq = 0;
  for (const [name, body] of [
    ['application, base64 resume', base64Body],
    ['application, byte-array resume', arrayBody],
  ]) {
    uploads.push(
      await measure(
        name,
        {
          url: uploadUrl,
          method: 'POST',
          headers: writeHeaders,
          body,
          // A new applicant per request: the same one again within 10 minutes is a duplicate
          // submit, answered without storing anything, which is not what this measures.
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: body.replace('bench@example.com', `bench.${++applicantSeq}@example.com`),
              }),
            },
          ],
          connections: uploadConnections,
        },
        api.pid,
      ),
    );
  }
}
const { peakMiB: peak } = processMemory(api.pid);

// 4. The report.
const fmt = (n, digits = 0) => (n === undefined ? '' : n.toFixed(digits));
console.log('');
const pct = (ratio) => (ratio === undefined ? '' : `${fmt(ratio * 100)} %`);
const spread = (ratios) =>
  ratios ? `${fmt(Math.min(...ratios) * 100)}-${fmt(Math.max(...ratios) * 100)} %` : '';
for (const mode of modes) {
  console.log(
    `\n${mode.logging ? 'Both logging (ours at info, nginx access log on)' : 'Logs off (ours at warn, nginx access_log off)'}:`,
  );
  console.table(
    reads
      .filter((r) => r.mode === mode.name)
      .map((r) => ({
        case: r.case,
        bytes: `${r.bytes} ${r.encoding}`,
        'ours req/s': fmt(r.ours.requestsPerSecond),
        'ours p99': fmt(r.ours.p99Ms, 1),
        'nginx req/s': fmt(r.nginx.requestsPerSecond),
        'nginx p99': fmt(r.nginx.p99Ms, 1),
        'of nginx': pct(r.ratio),
        turns: spread(r.turnRatios),
        'bare req/s': r.bare ? fmt(r.bare.requestsPerSecond) : '',
        'of bare': pct(r.bareRatio),
        'bare turns': spread(r.bareTurnRatios),
        'CPU µs/req ours': fmt(r.ours.cpuUsPerRequest),
        nginx: fmt(r.nginx.cpuUsPerRequest),
        bare: r.bare ? fmt(r.bare.cpuUsPerRequest) : '',
        'not 2xx': r.ours.notOk + r.nginx.notOk + (r.bare?.notOk ?? 0),
      })),
  );
}
const AFTER_EDIT = ', after an edit';
const editedRows = reads.filter((r) => r.case.endsWith(AFTER_EDIT));
if (editedRows.length > 0) {
  console.log('\nThe pages before and after an editor publishes a change (docs/content.md):');
  console.table(
    editedRows.map((after) => {
      const before = reads.find(
        (r) => r.mode === after.mode && r.case === after.case.slice(0, -AFTER_EDIT.length),
      );
      return {
        mode: after.mode,
        page: before.case,
        'of nginx before': pct(before.ratio),
        'after the edit': pct(after.ratio),
        'turns after': spread(after.turnRatios),
        'CPU µs/req before': fmt(before.ours.cpuUsPerRequest),
        after: fmt(after.ours.cpuUsPerRequest),
      };
    }),
  );
}
console.log(`Load average before the reads ${loadBefore}, after ${loadAfterReads}.`);
if (uploads.length > 0) {
  console.table(
    uploads.map((r) => ({
      case: r.name,
      'req/s': fmt(r.requestsPerSecond),
      'p99 ms': fmt(r.p99Ms, 1),
      'MiB/s': fmt(r.throughputMiBs, 1),
      requests: r.total,
      'not 2xx': r.notOk,
      'peak RSS MiB': fmt(r.peakRssMiB, 0),
    })),
  );
  console.log(
    `Applications/s with a 1 MiB resume: ${fmt(uploads[0].requestsPerSecond, 1)} as base64, ` +
      `${fmt(uploads[1].requestsPerSecond, 1)} as a byte array. Server peak RSS (whole run): ` +
      `${peak.toFixed(0)} MiB.`,
  );
}

console.log();
saveResults('api', {
  seconds,
  rounds,
  connections,
  uploadConnections,
  loadAverage: { beforeReads: loadBefore, afterReads: loadAfterReads, end: loadAverage() },
  reads,
  uploads,
  serverPeakRssMiB: peak,
});
stopAll();

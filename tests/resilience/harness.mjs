// Shared pieces of the resilience suite and bench/load: the server bundle, real server
// processes, a private PostgreSQL and a private Redis, and the careers API over real HTTP.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK_LIMITS } from '../../scripts/loopback-limits.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_TOKEN = 'resilience-admin-token-0123456789';
export const METRICS_TOKEN = 'resilience-metrics-token-0123456789';
export const COOKIE_SECRET = 'resilience-cookie-secret-0123456789abcdef';
export const FIXED_HEADER = { 'x-requested-with': 'XMLHttpRequest' };
// Debian's PostgreSQL binaries (the newest installed major), unless PG_BIN says otherwise.
export const PG_BIN =
  process.env.PG_BIN ??
  (() => {
    const base = '/usr/lib/postgresql';
    const majors = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => /^\d+$/.test(v)) : [];
    const newest = majors.sort((a, b) => Number(b) - Number(a))[0] ?? '15';
    return path.join(base, newest, 'bin');
  })();

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

const cleanups = [];
/** Registers something to undo when the run ends, however it ends. */
export function onCleanup(fn) {
  cleanups.push(fn);
}
export async function cleanupAll() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.warn(`cleanup: ${error.message}`);
    }
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A temp folder inside node_modules/.cache so the bundle resolves the repo's dependencies. */
export function workDir(prefix) {
  const cache = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let bundle;
/** Builds the server bundle once per run (as `npm start` runs it) and returns its path. */
export function serverBundle() {
  // A parent run (the resilience suite) hands its bundle to bench/load.
  bundle ??= process.env.LOAD_SERVER_BUNDLE || undefined;
  if (bundle) return bundle;
  const out = path.join(workDir('lumenfield-resilience-'), 'server');
  const result = spawnSync(process.execPath, ['build.mjs', out], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('building the server bundle failed');
  bundle = path.join(out, 'server.mjs');
  return bundle;
}

/** fetch with a hard deadline: a hang is a failure, never a stuck test. */
export async function request(url, { timeoutMs = 10_000, ...init } = {}) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

/**
 * Resolves once `url` answers 2xx; fails after `timeoutMs`, or at once if `child` (the process
 * that should answer) exits. Generous: on a busy 2-core machine a start (migrations, seed
 * check) can take seconds.
 */
export async function waitAnswering(url, { child, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${url}: its process exited (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const res = await request(url, { timeoutMs: 2_000 });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

/** Every server started in this run, for failure reports. */
export const started = [];

/**
 * Starts the built server as a real process on a free port (or `port`), with Node's `nodeFlags`
 * after the shipped ones. Returns its URL and handles to signal it. Its log lines are kept
 * (last 200) for failure reports.
 */
export async function startServer({ env = {}, port, nodeFlags = [] } = {}) {
  const chosen = port ?? (await freePort());
  const url = `http://127.0.0.1:${chosen}`;
  const staticDir = workDir('lumenfield-static-');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeFlags, serverBundle()], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN,
      METRICS_TOKEN,
      COOKIE_SECRET,
      SEED_DEMO_DATA: 'true',
      // Many applicants, one loopback address (bench/stalled sets the shipped share back).
      ...LOOPBACK_LIMITS,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
  });
  const log = [];
  started.push({ url, log, child });
  const keep = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line) log.push(line);
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  await waitAnswering(`${url}/healthz`, { child });
  return {
    url,
    port: chosen,
    pid: child.pid,
    child,
    log,
    exited,
    kill: async (signal = 'SIGKILL') => {
      child.kill(signal);
      return exited;
    },
  };
}

/** An XSRF cookie and its echo header, minted by a GET under /api. */
export async function xsrfHeaders(url) {
  const res = await request(
    `${url}/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Country`,
    {
      headers: FIXED_HEADER,
    },
  );
  await res.arrayBuffer();
  const token = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error(`no XSRF cookie from ${url}`);
  return {
    ...FIXED_HEADER,
    'content-type': 'application/json',
    cookie: `XSRF-TOKEN=${token}`,
    'x-xsrf-token': decodeURIComponent(token),
  };
}

/** What an application needs: an open job and a valid country/state pair. */
export async function applicationTarget(url) {
  const listing = await (
    await request(`${url}/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0`, {
      headers: FIXED_HEADER,
    })
  ).json();
  if (!Array.isArray(listing) || listing.length === 0) throw new Error('no open job to apply to');
  const states = await (
    await request(`${url}/api/Jobs/GetStatesByCountry?CountryID=608`, { headers: FIXED_HEADER })
  ).json();
  return { jobId: listing[0].Job_id, countryId: 608, stateId: states[0].value };
}

/** A real-looking PDF of `size` bytes, unique content every call. */
export function makeResume(size) {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, crypto.randomBytes(size - head.length - tail.length), tail]);
}

/**
 * The old client's JSON application (POST /api/Jobs/SaveApplicantDetail) from Manila, in
 * `target`'s country and state: `who` names the applicant (FirstName, LastName, Email), and
 * `fileContent` is the resume as the client sends it (base64, or an array of byte numbers).
 */
export function legacyApplication(target, who, fileContent, fileName = 'resume.pdf') {
  return JSON.stringify({
    ...who,
    MobileNumber: '5550100000',
    City: 'Manila',
    Experience: 2,
    CountyID: target.countryId,
    StateID: target.stateId,
    AttachmentHeader: {
      HeaderID: 0,
      CreatedBy: 0,
      CreatedOn: new Date().toISOString(),
      IsActive: true,
      AttachmentDetails: [{ FileName: fileName, FileContent: fileContent }],
    },
  });
}

let serial = 0;
/** A new applicant's application to `target`, with `resume` (bytes) as base64. */
export function applicationBody(target, resume) {
  serial += 1;
  return legacyApplication(
    target,
    {
      FirstName: 'Resilience',
      // Names take letters only (docs/api.md): the serial is spelled in letters.
      LastName: `Run${[...String(serial)].map((d) => 'abcdefghij'[Number(d)]).join('')}`,
      // A fresh address per application: never a duplicate submit.
      Email: `applicant-${process.pid}-${serial}-${crypto.randomBytes(3).toString('hex')}@example.com`,
    },
    resume.toString('base64'),
  );
}

/** Sends one application; resolves with the status, the body and the resume's hash. */
export async function apply(url, target, headers, { size = 64 * 1024, timeoutMs = 20_000 } = {}) {
  const resume = makeResume(size);
  const res = await request(`${url}/api/Jobs/SaveApplicantDetail?jobID=${target.jobId}`, {
    method: 'POST',
    headers,
    body: applicationBody(target, resume),
    timeoutMs,
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return {
    status: res.status,
    body,
    sha256: sha256(resume),
    contentType: res.headers.get('content-type'),
    retryAfter: Number(res.headers.get('retry-after') ?? 0),
  };
}

const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Every applicant of a job through the recruiters API: id -> { guid, sha256 }. */
export async function storedApplicants(url, jobId) {
  const res = await request(`${url}/api/admin/jobs/${jobId}/applicants`, { headers: adminHeaders });
  if (!res.ok) throw new Error(`recruiters API answered ${res.status}`);
  const rows = await res.json();
  return new Map(
    rows.map((r) => [r.ApplicantID, { guid: r.AttachmentGuid, sha256: r.AttachmentSha256 }]),
  );
}

/** The stored resume's bytes, hashed, as a recruiter downloads it. */
export async function downloadedSha256(url, guid) {
  const res = await request(
    `${url}/api/Physical/DownloadAttachment?AttachmentGuid=${encodeURIComponent(guid)}`,
    { headers: adminHeaders, timeoutMs: 20_000 },
  );
  if (!res.ok) throw new Error(`DownloadAttachment answered ${res.status}`);
  return sha256(Buffer.from(await res.arrayBuffer()));
}

/**
 * Scrapes GET /metrics (Prometheus text format). The event-loop percentiles cover the time
 * since the previous scrape, so a scrape also starts a fresh window.
 */
export async function metrics(url) {
  const res = await request(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!res.ok) throw new Error(`metrics answered ${res.status}`);
  const text = await res.text();
  const sample = (name) => {
    const value = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
    if (value === undefined) throw new Error(`no ${name} in /metrics`);
    return Number(value);
  };
  const ms = (seconds) => Math.round(seconds * 100_000) / 100;
  return {
    eventLoopDelayMs: {
      p50: ms(sample('nodejs_eventloop_lag_p50_seconds')),
      p99: ms(sample('nodejs_eventloop_lag_p99_seconds')),
      max: ms(sample('nodejs_eventloop_lag_max_seconds')),
    },
    heapUsedMiB: sample('nodejs_heap_size_used_bytes') / 1048576,
  };
}

/**
 * Checks that every acknowledged application is stored with identical bytes, and that nothing
 * is half-written (an applicant without its resume, a resume without its applicant, a resume
 * whose bytes do not match its recorded hash). Returns counts for the report.
 */
export async function verifyNoLoss(url, jobId, acked, integrity) {
  const stored = await storedApplicants(url, jobId);
  const lost = [];
  let downloaded = 0;
  for (const { id, sha } of acked) {
    const row = stored.get(id);
    if (!row || row.sha256 !== sha) {
      lost.push(id);
      continue;
    }
    // Download a sample (every one up to 80) to prove the bytes, not just the recorded hash.
    if (downloaded < 80) {
      downloaded += 1;
      if ((await downloadedSha256(url, row.guid)) !== sha) lost.push(id);
    }
  }
  const halfWritten = await integrity();
  return {
    acked: acked.length,
    stored: stored.size,
    lost: lost.length,
    lostIds: lost,
    downloaded,
    halfWritten,
  };
}

/** Half-written rows in the SQLite file of a data directory (read-only, WAL aware). */
export async function sqliteHalfWritten(dataDir) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return countHalfWritten((q) => db.prepare(q).all());
  } finally {
    db.close();
  }
}

/** Half-written rows in a PostgreSQL database. */
export async function postgresHalfWritten(databaseUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = [];
    const run = async (q) => (await client.query(q)).rows;
    const noAttachment = await run(
      'select count(*)::int as n from applicants a left join attachments t on t.applicant_id = a.id where t.id is null',
    );
    const orphans = await run(
      'select count(*)::int as n from attachments t left join applicants a on a.id = t.applicant_id where a.id is null',
    );
    const files = await run('select sha256, size_bytes, content from attachments');
    for (const f of files) rows.push(f);
    return {
      applicantsWithoutResume: noAttachment[0].n,
      orphanResumes: orphans[0].n,
      corruptResumes: rows.filter(
        (f) => sha256(f.content) !== f.sha256 || f.content.length !== f.size_bytes,
      ).length,
    };
  } finally {
    await client.end();
  }
}

function countHalfWritten(all) {
  const noAttachment = all(
    'select count(*) as n from applicants a left join attachments t on t.applicant_id = a.id where t.id is null',
  )[0].n;
  const orphans = all(
    'select count(*) as n from attachments t left join applicants a on a.id = t.applicant_id where a.id is null',
  )[0].n;
  const files = all('select sha256, size_bytes, content from attachments');
  return {
    applicantsWithoutResume: noAttachment,
    orphanResumes: orphans,
    corruptResumes: files.filter(
      (f) => sha256(f.content) !== f.sha256 || f.content.length !== f.size_bytes,
    ).length,
  };
}

export function halfWrittenTotal(h) {
  return h.applicantsWithoutResume + h.orphanResumes + h.corruptResumes;
}

/**
 * A private PostgreSQL cluster on a free port, owned by the postgres user (it refuses root).
 * The shared server on :5432 is never touched: this one may be stopped and started at will.
 */
export async function startPrivatePostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  const asPostgres = (cmd, args) => {
    const runAs =
      process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    return spawnSync(runAs[0], runAs[1], { encoding: 'utf8' });
  };
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dir]);
  const init = asPostgres(path.join(PG_BIN, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=on -c max_connections=60`;
  const ctl = (...args) => {
    const r = asPostgres(path.join(PG_BIN, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      ...args,
    ]);
    if (r.status !== 0) throw new Error(`pg_ctl ${args[0]} failed: ${r.stderr || r.stdout}`);
  };
  const start = () => ctl('start', '-w', '-t', '30', '-o', opts);
  const stop = (mode = 'fast') => ctl('stop', '-w', '-t', '30', '-m', mode);
  start();
  let running = true;
  onCleanup(() => {
    if (running) stop('immediate');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const { default: pg } = await import('pg');
  let databases = 0;
  /** A fresh database on this cluster for one scenario. */
  const createDatabase = async () => {
    databases += 1;
    const name = `resilience_${databases}`;
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    return `postgres://postgres@127.0.0.1:${port}/${name}`;
  };
  return {
    port,
    createDatabase,
    stop: (mode) => {
      stop(mode);
      running = false;
    },
    start: () => {
      start();
      running = true;
    },
    /** After a failed scenario: the next one gets a running cluster. */
    ensureRunning: () => {
      if (!running) {
        start();
        running = true;
      }
    },
  };
}

/** A private Redis on a free port (or `port`, to bring one back), in the foreground: killable. */
export async function startPrivateRedis({ port: chosen } = {}) {
  const port = chosen ?? (await freePort());
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  for (let i = 0; i < 50; i++) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) break;
    await sleep(100);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resident memory of a process in MiB: now and its high-water mark (Linux /proc). */
export function processMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/**
 * The CPU time a process has used, user and system, in milliseconds; with `children`, that of
 * its children too (nginx's worker under its master). From /proc's clock ticks (100 a second).
 */
export function processCpuMs(pid, { children = false } = {}) {
  const ticks = (id) => {
    const fields = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const kids = children
    ? fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean)
    : [];
  return [pid, ...kids].reduce((sum, id) => sum + ticks(id), 0) * 10;
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// bench/api: one run measures the careers API against nginx serving the same bytes as static
// files, on this machine, at the same time of day and load; the ratio is the figure that
// travels. Then applications per second with a 1 MB resume sent as base64 and as a byte array,
// with the server's peak memory. Usage: npm run bench:api -w @lumenfield/bench
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_UPLOAD_CONNECTIONS (8)
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, root, waitAnswering } from '../../tests/resilience/harness.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const uploadConnections = Number(process.env.BENCH_UPLOAD_CONNECTIONS ?? 8);
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const FIXED_HEADER = { 'x-requested-with': 'XMLHttpRequest' };

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-bench-'));
const children = [];

/** Resident memory of a process now, and its high-water mark, in MiB (Linux /proc). */
function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function measure(name, options, pid) {
  let peak = 0;
  const sampler = pid
    ? setInterval(() => {
        peak = Math.max(peak, memory(pid).rss);
      }, 50)
    : undefined;
  const result = await autocannon({ duration: seconds, connections, ...options });
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
    notOk: bad,
    peakRssMiB: pid ? peak : undefined,
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

// 1. The server bundle, as `npm start` runs it, on a fresh SQLite database with demo openings.
console.log('Building the server bundle...');
const build = spawnSync('npm', ['run', 'build', '-w', '@lumenfield/server'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

const apiPort = await freePort();
const api = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(apiPort),
    DATA_DIR: path.join(work, 'data'),
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    // The limits protect the site from abuse; the bench measures what is behind them.
    RATE_LIMIT_REQUESTS: '100000000',
    RATE_LIMIT_APPLICATIONS: '100000000',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
});
children.push(api);
const apiUrl = `http://127.0.0.1:${apiPort}`;
await waitAnswering(`${apiUrl}/healthz`);

const listingPath = '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0';
const listingRes = await fetch(`${apiUrl}${listingPath}`, { headers: FIXED_HEADER });
const listing = await listingRes.json();
const jobId = listing[0].Job_id;
const detailPath = `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${jobId}`;
const detailBytes = Buffer.from(
  await (await fetch(`${apiUrl}${detailPath}`, { headers: FIXED_HEADER })).arrayBuffer(),
);
const listingBytes = Buffer.from(JSON.stringify(listing));
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(listingRes.headers.get('set-cookie') ?? '')?.[1];
if (!xsrf) throw new Error('no XSRF cookie on the listing');

// 2. nginx from Debian's packages serving the very same bytes as static files.
const nginxPort = await freePort();
const htdocs = path.join(work, 'htdocs');
fs.mkdirSync(htdocs);
// nginx's workers drop to an unprivileged user: they must be able to read the files.
fs.chmodSync(work, 0o755);
fs.chmodSync(htdocs, 0o755);
fs.writeFileSync(path.join(htdocs, 'listing.json'), listingBytes);
fs.writeFileSync(path.join(htdocs, 'detail.json'), detailBytes);
const temp = (name) => path.join(work, `nginx-${name}`);
const conf = path.join(work, 'nginx.conf');
fs.writeFileSync(
  conf,
  `# One worker: the Node server is one process too.
worker_processes 1;
daemon off;
pid ${temp('pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  types { application/json json; }
  server {
    listen 127.0.0.1:${nginxPort};
    root ${htdocs};
  }
}
`,
);
const nginx = spawn(NGINX, ['-c', conf, '-p', work], { stdio: ['ignore', 'ignore', 'inherit'] });
children.push(nginx);
const nginxUrl = `http://127.0.0.1:${nginxPort}`;
await waitAnswering(`${nginxUrl}/listing.json`);

console.log(
  `\nReads: ${seconds}s each, ${connections} connections. Listing ${listingBytes.length} B ` +
    `(${listing.length} openings), detail ${detailBytes.length} B.`,
);
const reads = [];
reads.push(
  await measure(
    'listing (API)',
    { url: `${apiUrl}${listingPath}`, headers: FIXED_HEADER },
    api.pid,
  ),
);
reads.push(await measure('listing (nginx static)', { url: `${nginxUrl}/listing.json` }));
reads.push(
  await measure('detail (API)', { url: `${apiUrl}${detailPath}`, headers: FIXED_HEADER }, api.pid),
);
reads.push(await measure('detail (nginx static)', { url: `${nginxUrl}/detail.json` }));

// 3. Applications with a 1 MB resume (a real PDF), in both wire forms.
const pdfHead = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%');
const resume = Buffer.concat([
  pdfHead,
  crypto.randomBytes(1024 * 1024 - pdfHead.length - 7),
  Buffer.from('\n%%EOF\n'),
]);
const states = await fetch(`${apiUrl}/api/Jobs/GetStatesByCountry?CountryID=608`, {
  headers: FIXED_HEADER,
});
const stateId = (await states.json())[0].value;
const application = (content) =>
  JSON.stringify({
    FirstName: 'Bench',
    LastName: 'Mark',
    MobileNumber: '5550100000',
    City: 'Manila',
    Email: 'bench@example.com',
    Experience: 2,
    CountyID: 608,
    StateID: stateId,
    AttachmentHeader: {
      HeaderID: 0,
      CreatedBy: 0,
      CreatedOn: new Date().toISOString(),
      IsActive: true,
      AttachmentDetails: [{ FileName: 'bench-resume.pdf', FileContent: content }],
    },
  });
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
const uploads = [];
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
const { peak } = memory(api.pid);

// 4. The report.
const fmt = (n, digits = 0) => (n === undefined ? '' : n.toFixed(digits));
const table = [...reads, ...uploads].map((r) => ({
  case: r.name,
  'req/s': fmt(r.requestsPerSecond),
  'p99 ms': fmt(r.p99Ms, 1),
  'MiB/s': fmt(r.throughputMiBs, 1),
  requests: r.total,
  'not 2xx': r.notOk,
  'peak RSS MiB': fmt(r.peakRssMiB, 0),
}));
console.log('');
console.table(table);
const ratio = (api_, static_) => ({
  throughput: api_.requestsPerSecond / static_.requestsPerSecond,
  p99: api_.p99Ms / Math.max(static_.p99Ms, 0.001),
});
const listingRatio = ratio(reads[0], reads[1]);
const detailRatio = ratio(reads[2], reads[3]);
console.log(
  `Listing: the API serves ${(listingRatio.throughput * 100).toFixed(0)}% of nginx's requests/s ` +
    `(p99 ${listingRatio.p99.toFixed(1)}x nginx's).`,
);
console.log(
  `Detail:  the API serves ${(detailRatio.throughput * 100).toFixed(0)}% of nginx's requests/s ` +
    `(p99 ${detailRatio.p99.toFixed(1)}x nginx's).`,
);
console.log(
  `Applications/s with a 1 MiB resume: ${fmt(uploads[0].requestsPerSecond, 1)} as base64, ` +
    `${fmt(uploads[1].requestsPerSecond, 1)} as a byte array. Server peak RSS (whole run): ` +
    `${peak.toFixed(0)} MiB.`,
);

const resultsDir = path.join(root, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      seconds,
      connections,
      uploadConnections,
      reads,
      uploads,
      ratios: { listing: listingRatio, detail: detailRatio },
      serverPeakRssMiB: peak,
    },
    null,
    2,
  ),
);
console.log(`\nSaved ${path.relative(root, file)}`);
stopAll();

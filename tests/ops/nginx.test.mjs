// Debian's nginx, configured by deploy/nginx/lumenfield.conf (rendered with test ports and a
// self-signed certificate), in front of the built site. Proves what the proxy and TRUST_PROXY
// promise together (docs/operations.md): a client cannot pick its own address, HTTPS from
// the proxy (and only from it) means Secure cookies and HSTS, a 5 MB resume passes in both
// file forms, request ids join nginx's log to ours, and the server's log holds no secret.
// Without nginx: skipped with a warning on a laptop, a failure in CI.
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ensureFresh } from '../../scripts/fresh-build.mjs';
import { LOOPBACK_LIMITS } from '../../scripts/loopback-limits.mjs';
import { applicationBody, makeResume } from '../resilience/harness.mjs';
import { freePort, root, sleep, startProcess, stopAll, tempDir } from './lib.mjs';
import { NGINX, exchange, selfSignedCertificate, startNginx, stopProxies } from './nginx-proxy.mjs';

const ADMIN_TOKEN = 'nginx-test-admin-token-0123456789';
const METRICS_TOKEN = 'nginx-test-metrics-token-0123456789';
const COOKIE_SECRET = 'nginx-test-cookie-secret-0123456789abcdef';
const FIXED = { 'x-requested-with': 'XMLHttpRequest' };
const countries = '/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Country';
const RESUME_BYTES = 5 * 1024 * 1024;

const haveNginx = fs.existsSync(NGINX);
if (!haveNginx) {
  const message = `nginx not found at ${NGINX} (Debian: apt-get install nginx)`;
  if (process.env.CI) {
    test('nginx is installed', () => assert.fail(message));
  } else {
    console.warn(`${message}; skipping the reverse-proxy tests.`);
  }
}
const nginxTest = haveNginx ? test : test.skip;

const bundle = path.join(root, 'apps/server/dist/server.mjs');
async function startSite(env) {
  return startProcess(process.execPath, [bundle], {
    cwd: root,
    port: await freePort(),
    env: {
      DATA_DIR: tempDir('lumenfield-nginx-data-'),
      ADMIN_TOKEN,
      METRICS_TOKEN,
      COOKIE_SECRET,
      SEED_DEMO_DATA: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: '',
      STATIC_DIR: '',
      ...env,
    },
  });
}

let tls;
let site; // TRUST_PROXY=127.0.0.1, every log line kept (trace)
let proxy;
before(async () => {
  if (!haveNginx) return;
  ensureFresh({ say: (line) => console.log(`# ${line}`), quietWhenFresh: true });
  tls = selfSignedCertificate(tempDir('lumenfield-tls-'));
  site = await startSite({
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'trace',
    // Many applicants, one loopback address.
    ...LOOPBACK_LIMITS,
  });
  proxy = await startNginx({ appPorts: [site.port], tls });
});
after(async () => {
  await stopProxies();
  await stopAll();
});

/** The XSRF cookie (and its echo) that a page gets over this origin. */
async function writeHeaders(origin) {
  const res = await exchange(`${origin}${countries}`, { headers: FIXED });
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
  assert.match(cookie, /XSRF-TOKEN=/);
  const token = decodeURIComponent(cookie.split('=')[1]);
  return { ...FIXED, 'content-type': 'application/json', cookie, 'x-xsrf-token': token };
}

async function json(origin, urlPath) {
  const res = await exchange(`${origin}${urlPath}`, { headers: FIXED });
  assert.equal(res.status, 200, `${urlPath}: ${res.body}`);
  return JSON.parse(res.body.toString());
}

for (const appendForwardedFor of [false, true]) {
  nginxTest(
    `a client varying X-Forwarded-For is still rate-limited (${appendForwardedFor ? 'a proxy that appends, TRUST_PROXY=1' : 'deploy/nginx, which overwrites'})`,
    async () => {
      const limited = await startSite({ TRUST_PROXY: '1', RATE_LIMIT_REQUESTS: '5' });
      const front = await startNginx({ appPorts: [limited.port], tls, appendForwardedFor });
      const statuses = [];
      for (let i = 1; i <= 8; i++) {
        const res = await exchange(`${front.https}${countries}`, {
          headers: {
            ...FIXED,
            'x-forwarded-for': `198.51.100.${i}`,
            'x-real-ip': `198.51.100.${i}`,
          },
        });
        statuses.push(res.status);
        if (res.status === 429) assert.ok(res.headers['retry-after'], 'a 429 says when to retry');
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
      await front.stop();
      await limited.stop();
    },
  );
}

nginxTest(
  'HTTPS through the proxy gives __Host- Secure cookies and HSTS; a client saying so does not',
  async () => {
    const viaProxy = await exchange(`${proxy.https}${countries}`, { headers: FIXED });
    assert.equal(viaProxy.status, 200);
    assert.match(String(viaProxy.headers['set-cookie']), /^__Host-XSRF-TOKEN=[^;]+;.*\bSecure\b/);
    assert.match(String(viaProxy.headers['strict-transport-security']), /max-age=31536000/);

    // Straight to the node from another address, claiming HTTPS: not a trusted proxy.
    const direct = await exchange(`${site.url}${countries}`, {
      headers: { ...FIXED, 'x-forwarded-proto': 'https' },
      localAddress: '127.0.0.3',
    });
    assert.equal(direct.status, 200);
    assert.match(String(direct.headers['set-cookie']), /^XSRF-TOKEN=/);
    assert.doesNotMatch(String(direct.headers['set-cookie']), /Secure/);
    assert.equal(direct.headers['strict-transport-security'], undefined);

    // Plain HTTP at the proxy is sent to HTTPS.
    const plain = await exchange(`${proxy.http}/careers`);
    assert.equal(plain.status, 301);
    assert.match(String(plain.headers.location), /^https:\/\/127\.0\.0\.1\/careers$/);
  },
);

nginxTest('a 5 MB resume passes through, as base64 and as an array of byte numbers', async () => {
  const headers = await writeHeaders(proxy.https);
  const [job] = await json(
    proxy.https,
    '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0',
  );
  const [state] = await json(proxy.https, '/api/Jobs/GetStatesByCountry?CountryID=608');
  for (const form of ['base64', 'bytes']) {
    const resume = makeResume(RESUME_BYTES);
    const application = JSON.parse(
      applicationBody({ jobId: job.Job_id, countryId: 608, stateId: state.value }, resume),
    );
    if (form === 'bytes')
      application.AttachmentHeader.AttachmentDetails[0].FileContent = [...resume];
    const body = JSON.stringify(application);
    assert.ok(Buffer.byteLength(body) > 1024 * 1024, 'bigger than nginx would take by default');
    const res = await exchange(`${proxy.https}/api/Jobs/SaveApplicantDetail?jobID=${job.Job_id}`, {
      method: 'POST',
      headers,
      body,
    });
    assert.equal(res.status, 201, `${form}: ${res.body}`);
    const { ApplicantID } = JSON.parse(res.body.toString());
    const applicants = JSON.parse(
      (
        await exchange(`${proxy.https}/api/admin/jobs/${job.Job_id}/applicants`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).body.toString(),
    );
    const stored = applicants.find((a) => a.ApplicantID === ApplicantID);
    const download = await exchange(
      `${proxy.https}/api/Physical/DownloadAttachment?AttachmentGuid=${stored.AttachmentGuid}`,
      { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
    );
    assert.equal(download.status, 200);
    assert.equal(download.body.length, RESUME_BYTES);
    assert.ok(download.body.equals(resume), `${form}: the stored bytes are the sent bytes`);
  }
});

nginxTest('compressed answers and cached hashed assets pass through', async () => {
  const sitemap = await exchange(`${proxy.https}/sitemap.xml`, {
    headers: { 'accept-encoding': 'br' },
  });
  assert.equal(sitemap.status, 200);
  assert.equal(sitemap.headers['content-encoding'], 'br');

  const index = (await exchange(`${proxy.https}/`)).body.toString();
  const asset = /\/assets\/[\w.-]+\.js/.exec(index)?.[0];
  assert.ok(asset, 'the page names a hashed script');
  const first = await exchange(`${proxy.https}${asset}`, { headers: { 'accept-encoding': 'br' } });
  const again = await exchange(`${proxy.https}${asset}`, { headers: { 'accept-encoding': 'br' } });
  assert.equal(first.status, 200);
  assert.match(String(first.headers['cache-control']), /max-age=31536000, immutable/);
  assert.equal(again.headers['x-cache-status'], 'HIT');
  assert.equal(again.headers['content-encoding'], 'br');
  // A client without brotli gets the plain file, not the cached brotli one.
  const plain = await exchange(`${proxy.https}${asset}`);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.ok(plain.body.length > again.body.length);
});

nginxTest(
  "request ids: nginx's id is answered and logged; a client's own is not taken",
  async () => {
    const viaProxy = await exchange(`${proxy.https}/healthz`, {
      headers: { 'x-request-id': 'client-chosen' },
    });
    const id = viaProxy.headers['x-request-id'];
    assert.match(String(id), /^[0-9a-f]{32}$/, "nginx's $request_id");
    const direct = await exchange(`${site.url}/healthz`, {
      headers: { 'x-request-id': 'client-chosen' },
      localAddress: '127.0.0.3',
    });
    assert.match(String(direct.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    await sleep(200);
    const lines = site.output.split('\n').filter((line) => line.includes(`"requestId":"${id}"`));
    assert.ok(lines.length >= 2, 'the request and its answer are logged with that id');
  },
);

nginxTest("nginx's access log holds no applicant link token and no query value", async () => {
  const token = 'Ab3_'.repeat(10) + 'xY9';
  const asked = [
    `/applications/${token}`,
    `/%61pplications/${token}/messages`,
    `/applications/erase/${token}`,
    `/alerts/${token}/stop`,
    '/careers?q=night-shift-welder&location=Basel',
  ];
  for (const url of asked) await exchange(`${proxy.https}${url}`);
  await sleep(200);
  const lines = proxy
    .accessLog()
    .split('\n')
    .filter((line) => line.includes('[token]') || line.includes('/careers?'));
  assert.ok(lines.length >= asked.length, `every request is logged:\n${lines.join('\n')}`);
  const log = proxy.accessLog();
  for (const secret of [token, 'night-shift-welder', 'Basel']) {
    assert.ok(!log.includes(secret), `the access log holds "${secret}"`);
  }
  assert.match(log, /"GET \/applications\/\[token\]\/messages HTTP/);
  assert.match(log, /"GET \/careers\?\[query\] HTTP/);
});

nginxTest(
  'the server log holds no password, token, cookie, session id or resume bytes',
  async () => {
    const secrets = {
      password: 'correct-horse-battery-staple-42',
      session: 'session-id-7f9c2ba4e88f827d616045507605853e',
    };
    const headers = await writeHeaders(proxy.https);
    secrets.xsrf = headers['x-xsrf-token'];
    // A sign-in shaped request, a session cookie and every token the site knows, with the log at trace.
    await exchange(`${proxy.https}/api/recruiters/session`, {
      method: 'POST',
      headers: { ...headers, cookie: `${headers.cookie}; __Host-session=${secrets.session}` },
      body: JSON.stringify({
        email: 'recruiter@example.com',
        password: secrets.password,
      }),
    });
    await exchange(`${proxy.https}/api/admin/jobs`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    await exchange(`${proxy.https}/api/admin/jobs`, {
      headers: { authorization: 'Bearer wrong-token-0123456789' },
    });
    await exchange(`${site.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const resume = makeResume(4096);
    await exchange(`${proxy.https}/api/Jobs/SaveApplicantDetail?jobID=1`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        FirstName: '',
        AttachmentHeader: {
          AttachmentDetails: [{ FileName: 'a.pdf', FileContent: resume.toString('base64') }],
        },
      }),
    });
    await sleep(200);

    const log = site.output;
    assert.ok(log.split('\n').length > 20 && log.includes('"requestId"'), 'the log was captured');
    const leaks = {
      ADMIN_TOKEN,
      METRICS_TOKEN,
      COOKIE_SECRET,
      ...secrets,
      'resume (base64)': resume.toString('base64').slice(200, 264),
      'resume (bytes)': [...resume.subarray(200, 216)].join(','),
    };
    for (const [what, value] of Object.entries(leaks)) {
      assert.ok(!log.includes(value), `the log holds the ${what}`);
    }
  },
);

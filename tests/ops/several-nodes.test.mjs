// Two nodes behind the shipped nginx config, on one PostgreSQL and one Redis (private ones this
// test may stop), with a slow SMTP server and a mail backlog: the multi-node runbook of
// docs/operations.md tried step by step. Proves a rolling restart of both nodes under steady
// load answers no visitor anything but 2xx; a node that lost its database costs no request;
// rate limits hold per node while Redis is down and are shared again once it is back; every
// acknowledged application is stored, and every mail sent exactly once.
// Without nginx: skipped with a warning on a laptop, a failure in CI.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { ensureFresh } from '../../scripts/fresh-build.mjs';
import { LOOPBACK_LIMITS } from '../../scripts/loopback-limits.mjs';
import {
  ADMIN_TOKEN,
  COOKIE_SECRET,
  METRICS_TOKEN,
  PG_BIN,
  applicationBody,
  cleanupAll,
  halfWrittenTotal,
  makeResume,
  postgresHalfWritten,
  sha256,
  startPrivatePostgres,
  startPrivateRedis,
  verifyNoLoss,
} from '../resilience/harness.mjs';
import { freePort, root, sleep, startProcess, stopAll, tempDir } from './lib.mjs';
import { NGINX, exchange, selfSignedCertificate, startNginx, stopProxies } from './nginx-proxy.mjs';

const FIXED = { 'x-requested-with': 'XMLHttpRequest' };
const LISTING = '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0';
const SMTP_DELAY_MS = 250;
const RATE_LIMIT = 30;
/** The upstream's fail_timeout in deploy/nginx/lumenfield.conf. */
const FAIL_TIMEOUT_MS = 5_000;

const haveNginx = fs.existsSync(NGINX);
if (!haveNginx) {
  const message = `nginx not found at ${NGINX} (Debian: apt-get install nginx)`;
  if (process.env.CI) test('nginx is installed', () => assert.fail(message));
  else console.warn(`${message}; skipping the several-nodes tests.`);
}
const nodesTest = haveNginx ? test : test.skip;

/** A slow mail server: each message is taken SMTP_DELAY_MS after it arrived. */
async function startSlowSmtp() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          received.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, SMTP_DELAY_MS),
      );
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A TCP relay to PostgreSQL that can be cut: one node's road to its database, so that node
 * alone loses it (connections dropped, new ones refused) while the other keeps it.
 */
async function cuttableRelay(targetPort) {
  const port = await freePort();
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = () => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen();
  return {
    port,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** Whether something accepts connections on `port`. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Polls `check` until it holds; a bound, never a hang. */
async function until(what, check, { tries = 300, everyMs = 100 } = {}) {
  for (let n = 0; n < tries; n++) {
    if (await check()) return;
    await sleep(everyMs);
  }
  assert.fail(`${what}: not within ${(tries * everyMs) / 1000} s`);
}

const bundle = path.join(root, 'apps/server/dist/server.mjs');
let pg;
let redis;
let smtp;
let relay;
let tls;
let proxy;
let databaseUrl;
const nodes = {};
const nodeLogs = { a: '', b: '' };
const acked = []; // { id, sha, email } of every 201/200 through the proxy

/** Starts node `name` on `port`: A reaches PostgreSQL directly, B through the cuttable relay. */
async function startNode(name, port, env = {}) {
  const url = new URL(databaseUrl);
  if (name === 'b') url.port = String(relay.port);
  const proc = await startProcess(process.execPath, [bundle], {
    cwd: root,
    port,
    env: {
      DATA_DIR: tempDir(`lumenfield-node-${name}-`),
      STATIC_DIR: '',
      DATABASE_URL: url.href,
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO_DATA: 'true',
      ADMIN_TOKEN,
      METRICS_TOKEN,
      COOKIE_SECRET,
      PUBLIC_URL: '',
      LOG_LEVEL: 'info',
      // Many applicants, one loopback address.
      ...LOOPBACK_LIMITS,
      ...env,
    },
  });
  proc.child.stdout.on('data', (chunk) => (nodeLogs[name] += chunk));
  nodes[name] = proc;
  return proc;
}

/** SIGTERM as systemd sends it; the port frees long before the process has finished. */
async function stopNode(name) {
  const proc = nodes[name];
  const started = Date.now();
  const stopping = proc.stop('SIGTERM');
  await until(`node ${name} frees its port`, async () => !(await listening(proc.port)), {
    everyMs: 20,
    tries: 1_000,
  });
  const portFreeMs = Date.now() - started;
  await stopping;
  return { portFreeMs, exitCode: proc.child.exitCode, exitMs: Date.now() - started };
}

/** One scrape of a node's /metrics, from another loopback address than the traffic's. */
async function metric(name, sample) {
  const res = await exchange(`${nodes[name].url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    localAddress: '127.0.0.2',
  });
  assert.equal(res.status, 200, `/metrics of node ${name}: ${res.status}`);
  const line = res.body
    .toString()
    .split('\n')
    .find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

/** Requests a node has answered, its own /metrics scrapes aside. */
async function answered(name) {
  const res = await exchange(`${nodes[name].url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    localAddress: '127.0.0.2',
  });
  return res.body
    .toString()
    .split('\n')
    .filter(
      (l) => l.startsWith('http_request_duration_seconds_count{') && !l.includes('"/metrics"'),
    )
    .reduce((sum, l) => sum + Number(l.split(' ')[1]), 0);
}

let writeHeaders;
let jobId;
let target;
/** An application through the proxy; a 201 or 200 is recorded as acknowledged. */
async function apply(agent) {
  const resume = makeResume(32 * 1024);
  const body = applicationBody(target, resume);
  const res = await exchange(`${proxy.https}/api/Jobs/SaveApplicantDetail?jobID=${jobId}`, {
    method: 'POST',
    headers: writeHeaders,
    body,
    agent,
    timeoutMs: 30_000,
  });
  if (res.status === 201 || res.status === 200) {
    const { ApplicantID } = JSON.parse(res.body.toString());
    acked.push({ id: ApplicantID, sha: sha256(resume), email: JSON.parse(body).Email });
  }
  return res;
}

/** Visitors: pages and API reads in `readers` loops, applications in one, until stopped. */
function steadyLoad({ readers = 3, applications = true } = {}) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: readers + 1 });
  const paths = ['/', '/careers', `/careers/jobs/${jobId}`, '/about', LISTING, '/healthz'];
  const failures = [];
  let requests = 0;
  let stopped = false;
  const record = (what, res) => {
    requests += 1;
    if (res.status < 200 || res.status > 299) failures.push(`${what}: ${res.status}`);
  };
  const loop = async (step) => {
    while (!stopped) {
      try {
        await step();
      } catch (error) {
        requests += 1;
        failures.push(`socket: ${error.message}`);
      }
    }
  };
  const loops = [
    ...Array.from({ length: readers }, (_, n) =>
      loop(async () => {
        const at = paths[(requests + n) % paths.length];
        const headers = at.startsWith('/api') ? FIXED : {};
        record(`GET ${at}`, await exchange(`${proxy.https}${at}`, { headers, agent }));
      }),
    ),
    // About four applications a second: a steady stream the slow mail server can catch up with.
    ...(applications
      ? [
          loop(async () => {
            record('application', await apply(agent));
            await sleep(250);
          }),
        ]
      : []),
  ];
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      return { requests, failures };
    },
  };
}

before(async () => {
  if (!haveNginx) return;
  ensureFresh({ say: (line) => console.log(`# ${line}`), quietWhenFresh: true });
  pg = await startPrivatePostgres();
  databaseUrl = await pg.createDatabase();
  redis = await startPrivateRedis();
  smtp = await startSlowSmtp();
  relay = await cuttableRelay(pg.port);
  tls = selfSignedCertificate(tempDir('lumenfield-tls-'));
  // One at a time: the first start migrates and seeds, the second finds it done.
  await startNode('a', await freePort());
  await startNode('b', await freePort());
  proxy = await startNginx({ appPorts: [nodes.a.port, nodes.b.port], tls });

  const minted = await exchange(
    `${proxy.https}/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Country`,
    { headers: FIXED },
  );
  const cookie = String(minted.headers['set-cookie']).split(';')[0];
  writeHeaders = {
    ...FIXED,
    'content-type': 'application/json',
    cookie,
    'x-xsrf-token': decodeURIComponent(cookie.split('=')[1]),
  };
  const listing = JSON.parse((await exchange(`${proxy.https}${LISTING}`, { headers: FIXED })).body);
  jobId = listing[0].Job_id;
  const states = JSON.parse(
    (await exchange(`${proxy.https}/api/Jobs/GetStatesByCountry?CountryID=608`, { headers: FIXED }))
      .body,
  );
  target = { jobId, countryId: 608, stateId: states[0].value };
});

after(async () => {
  await stopProxies();
  await stopAll();
  relay?.close();
  await smtp?.close();
  await cleanupAll();
});

nodesTest(
  'a rolling restart of both nodes under steady load and a mail backlog: only 2xx',
  async () => {
    // The backlog: 30 applications at once, 60 mails for a server that takes 4 a second.
    const agent = new https.Agent({ keepAlive: true, maxSockets: 6 });
    const backlog = await Promise.all(Array.from({ length: 30 }, () => apply(agent)));
    agent.destroy();
    assert.deepEqual([...new Set(backlog.map((r) => r.status))], [201]);

    const load = steadyLoad();
    await sleep(1_000);
    const restarts = [];
    for (const name of ['a', 'b']) {
      const pending = await metric(name, 'lumenfield_mail_queue{status="pending"}');
      const port = nodes[name].port;
      const stopped = await stopNode(name);
      restarts.push({ name, pending, ...stopped });
      await startNode(name, port);
      // nginx counted the stopped node's refusals against it: it sends it traffic again only
      // after fail_timeout (5 s). Stopping the other node sooner would leave none alive.
      await sleep(FAIL_TIMEOUT_MS + 2_000);
    }
    const { requests, failures } = await load.stop();
    console.log(`# rolling restart: ${requests} requests, ${failures.length} not 2xx`);
    for (const r of restarts) {
      console.log(
        `# node ${r.name}: ${r.pending} mails pending at SIGTERM; port free after ${r.portFreeMs} ms, exit ${r.exitCode} after ${r.exitMs} ms`,
      );
    }
    if (failures.length > 0) console.log(proxy.errorLog().split('\n').slice(-30).join('\n'));
    assert.deepEqual(failures, []);
    assert.ok(requests > 50, `steady load: ${requests} requests`);
    assert.ok(restarts[0].pending > 0, 'the first node stopped with mail still queued');
    // Exit 0: every shutdown finished inside SHUTDOWN_TIMEOUT_MS (past it the node exits 1).
    assert.deepEqual(
      restarts.map((r) => r.exitCode),
      [0, 0],
    );

    // The backlog drains; every mail went exactly once (stopped nodes released what they held).
    await until(
      'the mail queue drains',
      async () => {
        return (await metric('a', 'lumenfield_mail_queue{status="pending"}')) === 0;
      },
      { tries: 1_200 },
    );
    // Each new application queues two mails: the applicant's confirmation and the notice.
    const confirmations = new Map();
    for (const to of smtp.received.flat()) confirmations.set(to, (confirmations.get(to) ?? 0) + 1);
    for (const { email } of acked) assert.equal(confirmations.get(email), 1, email);
    assert.equal(smtp.received.length, 2 * new Set(acked.map((a) => a.id)).size);
  },
);

nodesTest(
  'a node that lost its database: every page, read and application answered 2xx through nginx',
  async () => {
    await relay.cut();
    await until('node B reports its database gone', async () => {
      const res = await exchange(`${nodes.b.url}/healthz`);
      return res.status === 503;
    });
    const agent = new https.Agent({ keepAlive: true, maxSockets: 4 });
    const statuses = [];
    for (let round = 0; round < 6; round++) {
      const reads = ['/careers', `/careers/jobs/${jobId}`, '/about', LISTING, '/healthz'];
      for (const at of reads) {
        const headers = at.startsWith('/api') ? FIXED : {};
        statuses.push([at, (await exchange(`${proxy.https}${at}`, { headers, agent })).status]);
      }
      statuses.push(['application', (await apply(agent)).status]);
    }
    agent.destroy();
    await relay.restore();
    const failed = statuses.filter(([, status]) => status < 200 || status > 299);
    assert.deepEqual(failed, []);
    await until('node B recovers by itself', async () => {
      return (await exchange(`${nodes.b.url}/healthz`)).status === 200;
    });
  },
);

nodesTest(
  'draining a node: marked down and reloaded, it gets no request; stopped, nobody notices',
  async () => {
    const nodeA = () => new RegExp(`^( {4}server 127\\.0\\.0\\.1:${nodes.a.port} [^;]*);`, 'm');
    await proxy.reload((site) => site.replace(nodeA(), '$1 down;'));
    const load = steadyLoad();
    let stopped;
    try {
      const before = await answered('a');
      await sleep(2_000);
      assert.equal(await answered('a'), before, 'a drained node gets no request');
      // Drained, it may even be killed outright: nothing is in flight on it.
      const port = nodes.a.port;
      await nodes.a.stop('SIGKILL');
      await sleep(1_000);
      await startNode('a', port);
      await proxy.reload((site) => site.replace(/^( {4}server [^;]*) down;/m, '$1;'));
      await sleep(1_000);
    } finally {
      // Stopped whatever happened, so the next test counts only what was acknowledged here.
      stopped = await load.stop();
    }
    const { requests, failures } = stopped;
    assert.deepEqual(failures, []);
    assert.ok(requests > 20, `steady load: ${requests} requests`);
  },
);

nodesTest(
  'every acknowledged application is stored, byte for byte, and none half-written',
  async () => {
    assert.ok(acked.length >= 30, `${acked.length} acknowledged`);
    const report = await verifyNoLoss(nodes.a.url, jobId, acked, () =>
      postgresHalfWritten(databaseUrl),
    );
    console.log(
      `# applications: ${report.acked} acknowledged, ${report.stored} stored, ${report.lost} lost`,
    );
    assert.equal(report.lost, 0, `lost: ${report.lostIds.join(', ')}`);
    assert.equal(halfWrittenTotal(report.halfWritten), 0);
  },
);

nodesTest(
  'restore: pg_dump, pg_restore into an empty database, after-restore, a node on it has every application',
  async () => {
    const dump = path.join(tempDir('lumenfield-dump-'), 'site.dump');
    const sh = (cmd, args, env = {}) => {
      const result = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env } });
      assert.equal(result.status, 0, `${cmd} ${args.join(' ')}: ${result.stderr}`);
      return result.stdout;
    };
    const before = [...acked];
    sh(path.join(PG_BIN, 'pg_dump'), ['--format=custom', `--file=${dump}`, databaseUrl]);
    const restored = await pg.createDatabase();
    sh(path.join(PG_BIN, 'pg_restore'), ['--no-owner', `--dbname=${restored}`, dump]);
    const cleared = sh(
      process.execPath,
      [path.join(root, 'apps/server/dist/admin.mjs'), 'after-restore'],
      {
        DATABASE_URL: restored,
        DATA_DIR: tempDir('lumenfield-restore-cli-'),
      },
    );
    assert.match(cleared, /Ended \d+ console sessions/);
    assert.match(cleared, /\d+ queued mails will be sent/);
    const node = await startProcess(process.execPath, [bundle], {
      cwd: root,
      port: await freePort(),
      env: {
        DATA_DIR: tempDir('lumenfield-node-restored-'),
        STATIC_DIR: '',
        DATABASE_URL: restored,
        ADMIN_TOKEN,
        METRICS_TOKEN,
        COOKIE_SECRET,
        MAIL_POLL_MS: '0',
      },
    });
    try {
      const report = await verifyNoLoss(node.url, jobId, before, () =>
        postgresHalfWritten(restored),
      );
      assert.equal(report.lost, 0, `lost in the restore: ${report.lostIds.join(', ')}`);
      assert.equal(halfWrittenTotal(report.halfWritten), 0);
    } finally {
      await node.stop();
    }
  },
);

nodesTest(
  'Redis down: each node limits on its own; Redis back: one shared limit again',
  async () => {
    // Low limits for this part: both nodes restarted with RATE_LIMIT_REQUESTS=30.
    for (const name of ['a', 'b']) {
      const port = nodes[name].port;
      await stopNode(name);
      await startNode(name, port, { RATE_LIMIT_REQUESTS: String(RATE_LIMIT) });
    }
    const count = async (name, n, localAddress) => {
      const statuses = [];
      for (let i = 0; i < n; i++) {
        const res = await exchange(`${nodes[name].url}${LISTING}`, {
          headers: FIXED,
          localAddress,
        });
        statuses.push(res.status);
      }
      return {
        ok: statuses.filter((s) => s === 200).length,
        limited: statuses.filter((s) => s === 429).length,
      };
    };

    await redis.kill();
    assert.deepEqual(await count('a', 80, '127.0.0.5'), {
      ok: RATE_LIMIT,
      limited: 80 - RATE_LIMIT,
    });
    assert.deepEqual(await count('b', 80, '127.0.0.5'), {
      ok: RATE_LIMIT,
      limited: 80 - RATE_LIMIT,
    });
    for (const name of ['a', 'b']) {
      assert.equal(await metric(name, 'lumenfield_rate_limit_store_fallback'), 1);
      assert.match(nodeLogs[name], /rate limits: Redis unavailable; counting on this node alone/);
    }

    redis = await startPrivateRedis({ port: redis.port });
    for (const name of ['a', 'b']) {
      await until(`node ${name} counts in Redis again`, async () => {
        await count(name, 1, '127.0.0.6');
        return (await metric(name, 'lumenfield_rate_limit_store_fallback')) === 0;
      });
      assert.match(nodeLogs[name], /rate limits: Redis is back; counting across nodes again/);
    }
    // Shared: a fresh client's 30 across both nodes, not 30 on each.
    const a = await count('a', 20, '127.0.0.7');
    const b = await count('b', 20, '127.0.0.7');
    assert.equal(a.ok + b.ok, RATE_LIMIT);
  },
);

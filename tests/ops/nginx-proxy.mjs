// Debian's nginx running deploy/nginx/lumenfield.conf itself, rendered with test ports, temp
// paths and a self-signed certificate, in front of nodes on 127.0.0.1: the operations tests'
// reverse proxy (tests/ops/nginx.test.mjs, tests/ops/several-nodes.test.mjs).
import { spawn, spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { freePort, root, sleep, tempDir } from './lib.mjs';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/**
 * One HTTP(S) exchange with every header visible; TLS trusts the test's own certificate. A new
 * connection each time unless `agent` (a keep-alive agent) is given.
 */
export function exchange(url, options = {}) {
  const { method = 'GET', headers = {}, body, localAddress, agent = false } = options;
  const { timeoutMs = 60_000, resent = 0 } = options;
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        rejectUnauthorized: false,
        agent,
        ...(localAddress ? { localAddress } : {}),
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', (error) => {
      // A kept-alive connection the server closed just as it was reused (nginx reloading): a
      // browser sends the request again on a new connection, and so does this client, once. A
      // reloading nginx's old worker also closes a connection it accepted before reading its
      // request; a read (GET, HEAD) that got no answer on one is sent once more. Only nginx
      // resets these connections: a node that fails answers through nginx (502, 503).
      const idempotent = method === 'GET' || method === 'HEAD';
      if (
        error.code === 'ECONNRESET' &&
        resent < (idempotent ? 2 : 1) &&
        (req.reusedSocket || idempotent)
      ) {
        resolve(exchange(url, { ...options, resent: resent + 1 }));
      } else {
        reject(error);
      }
    });
    req.end(body);
  });
}

/** The worker processes of an nginx master (Linux: its children, from /proc). */
function workersOf(pid) {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function selfSignedCertificate(dir) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { cert, key };
}

/**
 * deploy/nginx/lumenfield.conf with test ports and paths; every substitution must apply. Each
 * of `appPorts` becomes a node of the upstream, with the shipped file's passive-health settings.
 */
function renderSite({ appPorts, httpPort, tlsPort, tls, cacheDir, appendForwardedFor }) {
  let site = fs.readFileSync(path.join(root, 'deploy/nginx/lumenfield.conf'), 'utf8');
  const swap = (from, to) => {
    assert.ok(site.includes(from), `deploy/nginx/lumenfield.conf no longer has "${from.trim()}"`);
    site = site.replaceAll(from, to);
  };
  const node = /^ {4}server 127\.0\.0\.1:3000 (.*)$/m.exec(site);
  assert.ok(node, 'deploy/nginx/lumenfield.conf no longer has "server 127.0.0.1:3000 …"');
  swap(node[0], appPorts.map((port) => `    server 127.0.0.1:${port} ${node[1]}`).join('\n'));
  swap('    listen [::]:80;\n', '');
  swap('    listen [::]:443 ssl http2;\n', '');
  swap('listen 80;', `listen 127.0.0.1:${httpPort};`);
  swap('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`);
  swap('/etc/ssl/certs/lumenfield.pem', tls.cert);
  swap('/etc/ssl/private/lumenfield.key', tls.key);
  swap('/var/cache/nginx/lumenfield', cacheDir);
  swap('/var/log/nginx/access.log', path.join(path.dirname(cacheDir), 'access.log'));
  // The usual append-style proxy (what many guides show): the app's hop count must hold anyway.
  if (appendForwardedFor) {
    swap('X-Forwarded-For $remote_addr;', 'X-Forwarded-For $proxy_add_x_forwarded_for;');
  }
  return site;
}

const proxies = [];
/** Stops every nginx startNginx started (a test's `after`). */
export async function stopProxies() {
  await Promise.all(proxies.map((p) => p.stop()));
}

/** nginx with the shipped site in front of the nodes on `appPorts`; resolves when it answers. */
export async function startNginx({ appPorts, tls, appendForwardedFor = false }) {
  const dir = tempDir('lumenfield-nginx-');
  const [httpPort, tlsPort] = [await freePort(), await freePort()];
  const site = renderSite({
    appPorts,
    httpPort,
    tlsPort,
    tls,
    cacheDir: path.join(dir, 'cache'),
    appendForwardedFor,
  });
  fs.writeFileSync(path.join(dir, 'lumenfield.conf'), site);
  const temp = (name) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // As root nginx would hand its workers to "nobody", who cannot read our temp folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${path.join(dir, 'access.log')};`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(dir, 'lumenfield.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(
    NGINX,
    [
      '-p',
      `${dir}/`,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-e',
      path.join(dir, 'error.log'),
      '-g',
      'daemon off;',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let generation = 0;
  const proxy = {
    https: `https://127.0.0.1:${tlsPort}`,
    http: `http://127.0.0.1:${httpPort}`,
    /**
     * Edits the site (`edit(text) -> text`) and reloads nginx as an operator does (SIGHUP to
     * the master); resolves once answers come from the new configuration.
     */
    reload: async (edit) => {
      generation += 1;
      const file = path.join(dir, 'lumenfield.conf');
      const marker = `    add_header X-Proxy-Generation ${generation} always;\n`;
      const site = edit(
        fs.readFileSync(file, 'utf8').replace(/^ {4}add_header X-Proxy-Generation .*\n/m, ''),
      );
      fs.writeFileSync(file, site.replace('    gzip off;\n', `    gzip off;\n${marker}`));
      const oldWorkers = workersOf(child.pid);
      child.kill('SIGHUP');
      for (let i = 0; i < 100; i++) {
        const res = await exchange(`${proxy.https}/healthz`).catch(() => undefined);
        // Until the old workers have gone, one of them may still take a new connection and
        // answer it with the old configuration (a drained node would get requests).
        const settled = oldWorkers.every((pid) => !alive(pid));
        if (res?.headers['x-proxy-generation'] === String(generation) && settled) return;
        await sleep(100);
      }
      throw new Error(`nginx did not reload: ${output}`);
    },
    /** nginx's access log so far (the shipped format, lumenfield_masked). */
    accessLog: () => {
      const file = path.join(dir, 'access.log');
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    },
    /** nginx's error log so far (failure reports). */
    errorLog: () => {
      const file = path.join(dir, 'error.log');
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
  proxies.push(proxy);
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) {
      const log = fs.existsSync(path.join(dir, 'error.log'))
        ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      throw new Error(`nginx exited ${child.exitCode}: ${output}${log}`);
    }
    try {
      if ((await exchange(`${proxy.https}/healthz`)).status === 200) return proxy;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`nginx did not answer: ${output}`);
}

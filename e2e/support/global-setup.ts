import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK_LIMITS } from '../../scripts/loopback-limits.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { startConsoleServers } from './console-servers';
import { startOutboxServer } from './outbox-server';
import { startSelfIdServer } from './self-id-server';
import { startTwoStepServer } from './two-step-server';
import { startSmtpSink } from './smtp-sink';
import { startSsoServer } from './sso-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

const DEFAULT_ADMIN_TOKEN = 'e2e-admin-token-0123456789';

export interface StartedServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** The built server bundle and site. */
  serverOut: string;
  webOut: string;
  /** A fresh folder for this server's SQLite database. */
  dataDir: string;
  /** Seed the demo openings (reference data is always seeded). */
  seedDemoData: boolean;
  /** More environment for this server (a PostgreSQL URL, the SMTP server). */
  env?: Record<string, string>;
  /** Its port, when something must know it before it starts (the SSO provider's client). */
  port?: number;
}

/** The environment a test server runs with: the CLI run against it gets the same. */
export function serverEnv(options: ServerOptions, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    STATIC_DIR: options.webOut,
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? DEFAULT_ADMIN_TOKEN,
    SEED_DEMO_DATA: String(options.seedDemoData),
    // Every browser of the suite applies from one loopback address, some at once.
    ...LOOPBACK_LIMITS,
    DATABASE_URL: '',
    REDIS_URL: '',
    ...options.env,
  };
}

/** Starts one built server on a free port with its own throw-away database. */
export async function startServer(options: ServerOptions): Promise<StartedServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, options.serverOut], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: serverEnv(options, port),
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Builds the site and the server into a temp folder (so parallel runs never share output) and
 * starts two servers on it, each with a throw-away data directory:
 * - E2E_BASE_URL: demo openings seeded; shared by every test file.
 * - E2E_EMPTY_BASE_URL: no openings; for tests that need exact database states (0, 1, 2
 *   openings) and make them through the admin API, without disturbing the shared one.
 * E2E_BASE_URL set beforehand reuses a running server instead (and E2E_EMPTY_BASE_URL, if set).
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  // Inside node_modules/.cache so the server bundle resolves its dependencies from the repo.
  const cache = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const work = fs.mkdtempSync(path.join(cache, 'lumenfield-e2e-'));
  const webOut = path.join(work, 'web');
  const serverOut = path.join(work, 'server', 'server.mjs');
  run(
    'npx',
    ['vite', 'build', '--outDir', webOut, '--emptyOutDir', '--logLevel', 'warn'],
    path.join(root, 'apps/web'),
  );
  run('node', ['build.mjs', path.dirname(serverOut)], path.join(root, 'apps/server'));

  const mailDir = path.join(work, 'mail');
  const mail = await startSmtpSink(mailDir);
  const [demo, empty, consoles, selfId, outbox, twoStep, sso] = await Promise.all([
    startServer({
      serverOut,
      webOut,
      dataDir: path.join(work, 'data'),
      seedDemoData: true,
      // Job alerts are looked for every second (ALERTS_INTERVAL_MS, docs/operations.md).
      env: { SMTP_URL: mail.url, MAIL_POLL_MS: '500', ALERTS_INTERVAL_MS: '1000' },
    }),
    startServer({ serverOut, webOut, dataDir: path.join(work, 'data-empty'), seedDemoData: false }),
    startConsoleServers({ serverOut, webOut, work, startServer, serverEnv, smtpUrl: mail.url }),
    startSelfIdServer({ serverOut, webOut, work, startServer, serverEnv }),
    // No SMTP_URL on a loopback host: mail kept in the local outbox (docs/operations.md).
    startOutboxServer({ serverOut, webOut, work, startServer, serverEnv }),
    // Its admin requires a second factor: a server of its own (support/two-step-server.ts).
    startTwoStepServer({ serverOut, webOut, work, startServer, serverEnv }),
    // Single sign-on against a provider started here (docs/operations.md, "Single sign-on").
    freePort().then((port) =>
      startSsoServer({ serverOut, webOut, work, port, startServer, serverEnv }),
    ),
  ]);
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_BASE_URL = demo.baseUrl;
  process.env.E2E_EMPTY_BASE_URL = empty.baseUrl;
  process.env.E2E_ADMIN_TOKEN ??= DEFAULT_ADMIN_TOKEN;
  process.env.E2E_WORK_DIR = work;

  Object.assign(process.env, consoles.env, selfId.env, outbox.env, twoStep.env, sso.env);

  return async () => {
    await Promise.all([
      demo.stop(),
      empty.stop(),
      consoles.stop(),
      selfId.stop(),
      outbox.stop(),
      twoStep.stop(),
      sso.stop(),
    ]);
    await mail.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
}

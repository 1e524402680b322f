import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * Builds the site and the server into a temp folder (so parallel runs never share output),
 * starts the server with demo data in a throw-away data directory, and hands its URL to the
 * tests as E2E_BASE_URL. E2E_BASE_URL set beforehand reuses a running server instead.
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
  run('node', ['build.mjs', serverOut], path.join(root, 'apps/server'));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', serverOut], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      STATIC_DIR: webOut,
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-0123456789',
      SEED_DEMO_DATA: 'true',
      RATE_LIMIT_REQUESTS: '100000',
      RATE_LIMIT_APPLICATIONS: '100000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  await waitForHealth(baseUrl, child);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_ADMIN_TOKEN ??= 'e2e-admin-token-0123456789';
  process.env.E2E_WORK_DIR = work;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(work, { recursive: true, force: true });
  };
}

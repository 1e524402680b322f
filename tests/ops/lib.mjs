// Shared pieces of the operations tests (tests/ops): a clone of the repository, the npm
// commands an operator types in it, and real server processes whose every log line is kept.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, request, root, sleep } from '../resilience/harness.mjs';

export { freePort, request, root, sleep };

const running = new Set();
/** Stops every process startProcess started and is still running (a test's `after`). */
export async function stopAll() {
  await Promise.all([...running].map((proc) => proc.stop('SIGKILL')));
}

const tempDirs = [];
// One listener for every folder: a test file may make many (one per node, proxy, clone).
process.on('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temp folder removed when the test process ends (also on failure). */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

const WORKSPACE_SCOPE = '@lumenfield';

/**
 * A fresh `git clone` of this repository (its committed HEAD). Dependencies: `link` points
 * each of node_modules' entries at this checkout's (fast; the tree stays read-only), but the
 * workspace's own packages (`@lumenfield/*`) at the clone's, so an edit to a shared package in
 * the clone is what the clone builds; `copy` copies them so the clone may change its own
 * (npm prune).
 */
export function cloneRepo(prefix, dependencies = 'link') {
  const dir = path.join(tempDir(prefix), 'site');
  const clone = spawnSync('git', ['clone', '-q', '--no-hardlinks', root, dir], {
    encoding: 'utf8',
  });
  if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
  const modules = path.join(root, 'node_modules');
  if (dependencies === 'link') {
    const linked = path.join(dir, 'node_modules');
    fs.mkdirSync(linked);
    for (const entry of fs.readdirSync(modules)) {
      if (entry === WORKSPACE_SCOPE) continue;
      fs.symlinkSync(path.join(modules, entry), path.join(linked, entry));
    }
    // npm links each workspace package relatively (../../packages/…): the same links, copied,
    // point into the clone.
    const scope = path.join(modules, WORKSPACE_SCOPE);
    fs.mkdirSync(path.join(linked, WORKSPACE_SCOPE));
    for (const entry of fs.readdirSync(scope)) {
      const target = fs.readlinkSync(path.join(scope, entry));
      fs.symlinkSync(target, path.join(linked, WORKSPACE_SCOPE, entry));
    }
  } else {
    const copy = spawnSync(
      'sh',
      [
        '-c',
        `tar -C "${root}" --exclude=node_modules/.cache -cf - node_modules | tar -C "${dir}" -xf -`,
      ],
      { encoding: 'utf8' },
    );
    if (copy.status !== 0) throw new Error(`copying node_modules failed: ${copy.stderr}`);
  }
  return dir;
}

/** Runs a command to its end (`input` on its stdin); returns { status, stdout, stderr }. */
export function run(cmd, args, { cwd, env = {}, input } = {}) {
  const result = spawnSync(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 300_000,
    input,
  });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/**
 * Starts a long-running command (npm start, the server bundle) in its own process group and
 * waits for /healthz. Every line it prints is kept in `output`.
 */
export async function startProcess(cmd, args, { cwd, env = {}, port }) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(cmd, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  const proc = { url, port, child, output: '' };
  child.stdout.on('data', (chunk) => (proc.output += chunk));
  child.stderr.on('data', (chunk) => (proc.output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  proc.stop = async (signal = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    await exited;
    running.delete(proc);
  };
  running.add(proc);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${cmd} ${args.join(' ')} exited ${child.exitCode}:\n${proc.output}`);
    }
    try {
      if ((await request(`${url}/healthz`, { timeoutMs: 2_000 })).ok) return proc;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await proc.stop('SIGKILL');
  throw new Error(`${cmd} did not become healthy:\n${proc.output}`);
}

/** Waits until a started process has printed `pattern` (a line logged after it listens). */
export async function waitForOutput(proc, pattern, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(proc.output)) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${proc.output}`);
    await sleep(50);
  }
}

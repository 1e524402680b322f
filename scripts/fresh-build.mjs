// Builds are fingerprinted: a hash of every input (sources, package-lock, build configs) is
// stored beside each build. `npm start`, `npm run admin` and `npm run db:migrate` rebuild what
// was built from other inputs than the ones on disk; `npm run build` always rebuilds.
// Timestamps are not trusted: a `git pull` or a copied tree sets them arbitrarily.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Inputs every build shares: dependencies, their versions, the compiler settings. */
const SHARED = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'packages'];
/** Never inputs: outputs, dependencies, caches. */
const SKIP = new Set(['node_modules', 'dist', '.build-fingerprint', '.vite', 'coverage']);

export const targets = [
  {
    workspace: '@lumenfield/web',
    dir: 'apps/web',
    inputs: [...SHARED, 'apps/web'],
    outputs: ['apps/web/dist/index.html'],
    // Vite's table of every file it wrote; warnings and errors still show.
    quietArgs: ['--logLevel', 'warn'],
  },
  {
    workspace: '@lumenfield/server',
    dir: 'apps/server',
    inputs: [...SHARED, 'apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json'],
    outputs: [
      'apps/server/dist/server.mjs',
      'apps/server/dist/admin.mjs',
      'apps/server/dist/migrate.mjs',
    ],
  },
];

function* files(relative) {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield relative;
    return;
  }
  for (const entry of fs.readdirSync(full).sort()) {
    if (!SKIP.has(entry)) yield* files(path.join(relative, entry));
  }
}

/** sha256 over the inputs' paths and contents, in a stable order. */
export function fingerprint(target) {
  const hash = crypto.createHash('sha256');
  for (const input of target.inputs) {
    for (const file of files(input)) {
      hash.update(`${file.split(path.sep).join('/')}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const recordFile = (target) => path.join(root, target.dir, '.build-fingerprint');

/** The fingerprint the current build was made from; undefined if a build output is missing. */
export function builtFrom(target) {
  if (!target.outputs.every((output) => fs.existsSync(path.join(root, output)))) return undefined;
  try {
    return fs.readFileSync(recordFile(target), 'utf8').trim();
  } catch {
    return undefined;
  }
}

function build(target, current, quiet) {
  const args = quiet
    ? ['run', 'build', '--silent', '-w', target.workspace, '--', ...(target.quietArgs ?? [])]
    : ['run', 'build', '-w', target.workspace];
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    const hint = fs.existsSync(path.join(root, 'node_modules/.bin/vite'))
      ? ''
      : ' (the build tools are dev dependencies: run "npm ci && npm run build" before pruning)';
    throw new Error(`Building ${target.workspace} failed${hint}.`);
  }
  fs.writeFileSync(recordFile(target), `${current}\n`);
}

const short = (hash) => hash?.slice(0, 12) ?? 'none';

/**
 * Rebuilds every target whose inputs changed since its build (or that was never built), and
 * says what it did in one line (on `say`). `force` rebuilds everything (`npm run build`);
 * `quiet` leaves out the build tools' lists of what they wrote (`npm start`).
 */
export function ensureFresh({
  force = false,
  say = console.log,
  quietWhenFresh = false,
  quiet = false,
} = {}) {
  const states = targets.map((target) => ({
    target,
    current: fingerprint(target),
    built: builtFrom(target),
  }));
  const stale = states.filter((s) => force || s.current !== s.built);
  if (stale.length === 0) {
    if (!quietWhenFresh) {
      say(
        `Build is up to date with its sources (${states.map((s) => `${s.target.dir} ${short(s.current)}`).join(', ')}).`,
      );
    }
    return;
  }
  say(
    force
      ? `Building ${stale.map((s) => s.target.workspace).join(' and ')}.`
      : `Rebuilding ${stale
          .map((s) =>
            s.built
              ? `${s.target.workspace} (sources changed: ${short(s.built)} -> ${short(s.current)})`
              : `${s.target.workspace} (no build yet)`,
          )
          .join(' and ')}.`,
  );
  for (const { target, current } of stale) build(target, current, quiet);
}

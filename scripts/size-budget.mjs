// Size budget (docs/performance.md): builds the site into a temp folder and fails when the
// JavaScript a visitor downloads for the first route (the entry, the home screen and every
// chunk they import statically) grows past the budget, in gzip bytes at level 9.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** First-route JS budget, gzip, React included (issue 7: 90 KB; taken as 90 000 bytes). */
export const BUDGET_BYTES = 90_000;
/** The entry loads React and the shell (boot), which loads the first route's screen. */
const FIRST_ROUTE_MODULES = ['src/boot.tsx', 'src/features/home/home-page.tsx'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

export function initialChunks(manifest) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const entry = manifest[key];
    if (!entry) throw new Error(`No "${key}" in the build manifest.`);
    seen.add(key);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  visit('index.html');
  for (const key of FIRST_ROUTE_MODULES) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

function measure(outDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  return initialChunks(manifest).map((file) => {
    const source = fs.readFileSync(path.join(outDir, file));
    return {
      file,
      raw: source.length,
      gzip: zlib.gzipSync(source, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(source, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    };
  });
}

function main() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-budget-'));
  try {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: web, stdio: 'inherit' },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
    const chunks = measure(outDir);
    const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
    for (const c of chunks) {
      console.log(
        `${c.file.padEnd(40)} ${kb(c.raw).padStart(9)} raw ${kb(c.gzip).padStart(8)} gzip ${kb(c.brotli).padStart(8)} br`,
      );
    }
    const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
    const totalBr = chunks.reduce((sum, c) => sum + c.brotli, 0);
    console.log(
      `First route JS: ${kb(total)} gzip (${total} B), ${kb(totalBr)} brotli; budget ${kb(BUDGET_BYTES)} gzip`,
    );
    if (total > BUDGET_BYTES) {
      console.error(`Size budget exceeded by ${kb(total - BUDGET_BYTES)}.`);
      process.exit(1);
    }
    console.log('Size budget: 1 passed, 0 failed');
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

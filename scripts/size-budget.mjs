// Size budgets (docs/performance.md): builds the site into a temp folder and fails when the
// JavaScript a page of one type runs on a first visit (the entry, the page's screen and every
// chunk they import statically) grows past its budget, in gzip bytes at level 9.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/**
 * Each page type's budget, gzip, React included, and the modules its pages load besides the
 * entry. A marketing page runs only the entry until an island is used or seen
 * (apps/web/src/app/islands.tsx); once used, the islands' runtime with React DOM and its
 * islands: counted with every island (an upper bound for any one page). The careers list and a
 * job page start the whole site with their screen.
 */
export const PAGE_TYPES = {
  'marketing, read': { budget: 4_800, modules: [] },
  // What the entry loads on demand (the islands and their runtime), less the whole site.
  'marketing, used': { budget: 86_000, modules: [], lazyExcept: ['src/app/start-app.tsx'] },
  'careers list': {
    // Raised 500 B for job alerts and 500 B for the applicant's page (docs/performance.md): their
    // routes in the shared table and a preload map entry, not their code.
    budget: 127_000,
    modules: ['src/app/start-app.tsx', 'src/features/careers/careers-page.tsx'],
  },
  'job page': {
    // Raised 500 B for the console's sources and board (docs/performance.md): shared route and
    // path code, not their screens.
    budget: 137_000,
    modules: ['src/app/start-app.tsx', 'src/features/careers/job-page.tsx'],
  },
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

export function initialChunks(manifest, modules, withDynamicImports = false, lazyExcept) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const entry = manifest[key];
    if (!entry) throw new Error(`No "${key}" in the build manifest.`);
    seen.add(key);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  visit('index.html');
  if (lazyExcept) {
    for (const key of manifest['index.html'].dynamicImports ?? []) {
      if (!lazyExcept.includes(key)) visit(key);
    }
  }
  for (const key of modules) {
    visit(key);
    if (withDynamicImports)
      for (const dynamic of manifest[key].dynamicImports ?? []) visit(dynamic);
  }
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

function measure(outDir, modules, withDynamicImports, lazyExcept) {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  return initialChunks(manifest, modules, withDynamicImports, lazyExcept).map((file) => {
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
  // Inside node_modules/.cache: the build renders its pages in Node, with the repo's packages.
  const cache = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(cache, 'lumenfield-budget-'));
  try {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: web, stdio: 'inherit' },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
    const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
    let failed = 0;
    for (const [type, spec] of Object.entries(PAGE_TYPES)) {
      const { budget, modules, withDynamicImports, lazyExcept } = spec;
      const chunks = measure(outDir, modules, withDynamicImports, lazyExcept);
      console.log(`\n${type}:`);
      for (const c of chunks) {
        console.log(
          `  ${c.file.padEnd(40)} ${kb(c.raw).padStart(9)} raw ${kb(c.gzip).padStart(8)} gzip ${kb(c.brotli).padStart(8)} br`,
        );
      }
      const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
      const totalBr = chunks.reduce((sum, c) => sum + c.brotli, 0);
      const verdict = total > budget ? `OVER by ${kb(total - budget)}` : 'ok';
      console.log(
        `  ${type} JS: ${kb(total)} gzip (${total} B), ${kb(totalBr)} brotli; budget ${kb(budget)} gzip (${budget} B): ${verdict}`,
      );
      if (total > budget) failed += 1;
    }
    const count = Object.keys(PAGE_TYPES).length;
    console.log(`\nSize budgets: ${count - failed} passed, ${failed} failed`);
    if (failed > 0) process.exit(1);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

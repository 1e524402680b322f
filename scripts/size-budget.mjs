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
 * job page are island pages too; their budgets are before and after first use, and with the
 * apply dialog open.
 */
export const PAGE_TYPES = {
  // Raised 500 B for the careers islands (docs/performance.md): the names of their chunks in the
  // entry's preload map, and the route policy and page script that start them.
  'marketing, read': { budget: 5_300, modules: [] },
  // What the entry loads on demand (the islands and their runtime), less the whole site and the
  // careers pages' islands.
  // Raised 2 000 B for the careers islands: the islands' runtime gives islands the page's data,
  // types again what was typed before one hydrated, and can start the whole site in place.
  'marketing, used': {
    budget: 88_000,
    modules: [],
    lazyExcept: [
      'src/app/start-app.tsx',
      'src/features/careers/careers-openings.tsx',
      'src/features/careers/components/apply-button.tsx',
      'src/features/careers/job-page-script.ts',
    ],
  },
  // The careers list and a job page hydrate only their islands (docs/architecture.md, "Careers
  // islands"): read, the list runs the entry alone and a job page adds its page script (it
  // remembers the opening, shows its date in local time); the islands load on first use.
  'careers list': { budget: 5_300, modules: [] },
  'job page': { budget: 6_000, modules: ['src/features/careers/job-page-script.ts'] },
  // Once used: the islands' runtime with React DOM and the page's island (the list's search,
  // filters and rows with the job alert's form; a job page's Apply), before the dialog opens.
  'careers list, used': {
    budget: 119_000,
    modules: [
      '../../packages/page-kit/src/start-islands.tsx',
      'src/features/careers/careers-openings.tsx',
      'src/features/careers/alerts/alerts.ts',
    ],
  },
  'job page, used': {
    budget: 79_000,
    modules: [
      'src/features/careers/job-page-script.ts',
      '../../packages/page-kit/src/start-islands.tsx',
      'src/features/careers/components/apply-button.tsx',
    ],
  },
  // Apply pressed on a job page: the dialog, its form and the one apply form (zod, the upload).
  // Raised from 126 500 B when the dialog began reading its draft with the one apply form's
  // schema reader (Conform's parseWithZod, shared with the server): about 5.5 KB more once Apply
  // is pressed, nothing more before (docs/performance.md). Raised 100 B when the privacy
  // e-mail the dialog names moved into the contract, so the site content's policy and the
  // site config share one owner: the site config's chunk imports it instead of holding it.
  'job page, dialog open': {
    budget: 129_600,
    modules: [
      'src/features/careers/job-page-script.ts',
      '../../packages/page-kit/src/start-islands.tsx',
      'src/features/careers/components/apply-button.tsx',
      'src/features/careers/components/apply-dialog-host.tsx',
      'src/features/careers/components/apply-dialog-form.tsx',
    ],
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

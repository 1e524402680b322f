// bench/content: does every page still look as it did before the content store (docs/content.md,
// "The first revision renders as before")? Builds a base revision (71a3cd75 by default, the last
// before the content store) in a temporary git worktree (npm ci, npm run build) and uses this
// checkout's build (rebuilt if its sources changed), starts both built servers as `npm start`
// runs them (each with its own temporary DATA_DIR and port, SQLite, demo openings), and for
// every route of the route table (the job pages at the first demo opening, the not-found page
// too) takes a full-page screenshot of each in Debian's Chromium at each width, then compares
// the pair with ImageMagick (`compare -metric AE`: the number of pixels that differ; two sizes
// on the larger canvas, the missing part magenta), and the HTML documents byte for byte (with
// hashed asset names and a form's XSRF token masked: MASKS says why).
//
// Usage: npm run bench:pixels -w @lumenfield/bench [-- --base=71a3cd75 --routes=home,careers
//   --widths=1440,390 --now=2026-01-05T09:00:00Z --keep-base --keep-shots]
//   --keep-base leaves the base worktree (and its build) for the next run, which reuses it;
//   --keep-shots keeps the screenshots of equal pairs too (a differing pair's are always kept,
//   with its diff). Prints route × width → AE and the HTML verdicts, writes
//   bench/results/pixels-*.json and the PNGs under bench/results/pixels-*/, and exits 1 when a
//   pair differs by a pixel, a section route scrolls elsewhere, or a page could not be taken.
//
// What varies between two servers by itself is made equal by the setup, nothing is masked in
// the images: both servers run on one clock standing still at the same minute (`--now`,
// fixed-clock.mjs), so the demo openings have the same dates and ages; the browser has that
// clock too, in UTC, in English, motion reduced; a request to another site (the contact page's
// map) is answered with the same empty page on both sides, since this machine may not reach it
// (the run lists such requests). The documents are asked for with the same Host, since the
// pages' absolute links are made of it. A page is taken once settled (network idle, fonts,
// images, every island hydrated as a visitor's first touch starts it, two screenshots alike),
// from its top; how far a section route scrolled is compared as a number (screenshot()).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright';
import { routeIds, routes } from '@lumenfield/routes';
import { ensureFresh } from '../../scripts/fresh-build.mjs';
import { root } from '../../tests/resilience/harness.mjs';
import { startBuiltServer } from '../lib/built-server.mjs';
import { loadAverage } from '../lib/machine.mjs';
import { resultsDir, saveResults } from '../lib/results.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.length ? value.join('=') : 'true'];
  }),
);
const baseRef = args.base ?? '71a3cd75';
const widths = (args.widths ?? '1440,390').split(',').map(Number);
const only = args.routes?.split(',');
// Both servers' and the browser's clock: this minute, unless told.
const now = new Date(
  args.now ? Date.parse(args.now) : Math.floor(Date.now() / 60_000) * 60_000,
).toISOString();
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const FIXED_CLOCK = pathToFileURL(path.join(root, 'bench/content/fixed-clock.mjs')).href;
// The Host both servers' documents are asked for at (`npm start`'s address).
const DOCUMENT_HOST = '127.0.0.1:3000';
// What another site's request gets, on both sides alike.
const OUTSIDE_ANSWER = '<!doctype html><title>outside</title>';

function run(command, commandArgs, cwd, { quiet = false } = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${commandArgs.join(' ')} (in ${cwd}) exited ${result.status}`);
  }
  return (result.stdout ?? '').trim();
}
const git = (gitArgs, cwd = root) => run('git', gitArgs, cwd, { quiet: true });

function need(command, install) {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0) {
    console.error(`No ${command} on this machine: ${install}`);
    process.exit(1);
  }
}

/**
 * The base revision's checkout, built: a worktree under the temp folder named by its commit,
 * made (npm ci, npm run build) unless a kept one is there. Answers its folder.
 */
function prepareBase(sha) {
  const dir = path.join(os.tmpdir(), `lumenfield-pixels-base-${sha.slice(0, 12)}`);
  const listed = git(['worktree', 'list', '--porcelain']).split('\n').includes(`worktree ${dir}`);
  if (listed && git(['rev-parse', 'HEAD'], dir) !== sha) {
    throw new Error(`${dir} is a worktree of another commit: remove it (git worktree remove)`);
  }
  if (!listed) {
    fs.rmSync(dir, { recursive: true, force: true });
    git(['worktree', 'prune']);
    console.log(`Base: a worktree of ${sha.slice(0, 12)} at ${dir}`);
    git(['worktree', 'add', '--detach', dir, sha]);
  }
  if (!fs.existsSync(path.join(dir, 'node_modules/.package-lock.json'))) {
    console.log('Base: npm ci');
    run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  const built =
    fs.existsSync(path.join(dir, 'apps/web/dist/index.html')) &&
    fs.existsSync(path.join(dir, 'apps/server/dist/server.mjs'));
  if (built) console.log('Base: built before, kept');
  else {
    console.log('Base: npm run build');
    run('npm', ['run', 'build'], dir);
  }
  return dir;
}

/** A built server of `checkout`, as `npm start` runs it, on the fixed clock. */
function startServer(label, checkout) {
  return startBuiltServer({
    label: `pixels-${label}`,
    checkout,
    nodeArgs: ['--import', FIXED_CLOCK],
    env: {
      PIXELS_NOW: now,
      // SQLite in DATA_DIR, no Redis, the build's own pages: whatever this shell says.
      DATABASE_URL: '',
      REDIS_URL: '',
      STATIC_DIR: undefined,
      PUBLIC_URL: undefined,
    },
  });
}

/** The first demo opening's id, from the listing API (the same on both sides, or we say so). */
async function firstOpening(server) {
  const res = await fetch(`${server.url}/api/openings`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const rows = await res.json();
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new Error(`${server.label}: no opening listed (${res.status})`);
  }
  return rows[0].id;
}

/**
 * What to take: every route of the table at its path. The opening's pages at the first demo
 * opening; the applicant's page at a token no one was given (its answer to a stale link), and
 * an alert's confirm and unsubscribe pages without one (their 404 pages); the HR screen as an
 * old `#/hr` link lands on it (its document: GET /hr, the redirect to the HR site); and the
 * not-found page.
 */
function targets(jobId) {
  const list = routeIds.map((id) => {
    const at = routes[id].path.replace(':id', String(jobId)).replace(':token', 'no-such-token');
    return id === 'hr' ? { id, path: '/#/hr', document: '/hr' } : { id, path: at, document: at };
  });
  list.push({ id: 'notFound', path: '/no-such-page', document: '/no-such-page' });
  return only ? list.filter((t) => only.includes(t.id)) : list;
}

/**
 * What the HTML may differ by and still be the same page, each masked on both sides: hashed
 * asset names (`about-page-plE56h-H.js`: the scripts changed, so did their names), and the XSRF
 * token a form carries (`issued.nonce.HMAC`: the nonce is new random bytes on every answer, so
 * no setup makes two equal; the issue time is kept, the clock being the same). A hidden input
 * draws nothing, so the screenshots need no mask.
 */
const MASKS = [
  {
    name: 'asset names',
    pattern: /-[A-Za-z0-9_-]{8}(?=\.(?:m?js|css|woff2?|ttf|svg|png|jpe?g|webp|avif|gif|ico)\b)/g,
    replacement: '-[hash]',
  },
  {
    name: 'XSRF token',
    // A form's hidden input, and the page data of a form drawn in the browser.
    pattern: /((?:name="(?:xsrfToken|_xsrf)" value="|"xsrfToken":")[^".]+\.)[^"]*"/g,
    replacement: '$1[nonce.hmac]"',
  },
];

/**
 * A path's answer, asked for as a browser at `npm start`'s address would ask: the pages' absolute
 * links (canonical, Open Graph) are made of the request's Host, so both servers are given the
 * same one.
 */
function documentOf(server, pathname) {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        headers: { host: DOCUMENT_HOST, accept: 'text/html' },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            location: res.headers.location ?? null,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** The two HTML documents of a path: equal as they are, equal with asset names masked, or not. */
async function compareDocuments(base, head, pathname) {
  const [a, b] = await Promise.all([documentOf(base, pathname), documentOf(head, pathname)]);
  const status = a.status === b.status ? `${a.status}` : `${a.status} → ${b.status}`;
  if (a.status !== b.status || a.location !== b.location) {
    return { status, verdict: 'differs', note: `answer ${status}` };
  }
  if (a.text === b.text) return { status, verdict: 'same', bytes: a.text.length };
  let [ma, mb] = [a.text, b.text];
  const masked = [];
  for (const { name, pattern, replacement } of MASKS) {
    const [na, nb] = [ma.replace(pattern, replacement), mb.replace(pattern, replacement)];
    if (na !== ma || nb !== mb) masked.push(name);
    [ma, mb] = [na, nb];
  }
  if (ma === mb) return { status, verdict: 'same masked', masked, bytes: a.text.length };
  let at = 0;
  while (at < ma.length && ma[at] === mb[at]) at++;
  return {
    status,
    verdict: 'differs',
    masked,
    note: `at character ${at}: ${JSON.stringify(ma.slice(Math.max(0, at - 40), at + 60))} → ${JSON.stringify(mb.slice(Math.max(0, at - 40), at + 60))}`,
    bytes: [a.text.length, b.text.length],
  };
}

const outside = new Set();

/**
 * A full-page screenshot of `url` at `width`, once the page has settled: network idle, fonts
 * ready, every lazy image loaded and decoded, the islands hydrated, and two screenshots in a row
 * the same. Answers whether it settled, where the page was scrolled (a section route scrolls to
 * its section) and how many of its islands hydrated.
 */
async function screenshot(browser, url, width, file) {
  const origin = new URL(url).origin;
  const context = await browser.newContext({
    viewport: { width, height: width < 800 ? 844 : 900 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'block',
  });
  try {
    await context.clock.setFixedTime(new Date(now));
    await context.route('**/*', (route) => {
      const target = route.request().url();
      if (new URL(target).origin === origin) return route.continue();
      outside.add(target.slice(0, 120));
      return route.fulfill({ status: 200, contentType: 'text/html', body: OUTSIDE_ANSWER });
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.evaluate(async () => {
      await document.fonts.ready;
      // Lazy images and frames load now, and every island hydrates now as a visitor's first
      // touch starts it (the contact page's map is drawn by its island), rather than by scrolling
      // the page through: a scroll changes what a page shows (the home page's timeline marks the
      // step read last, the header sticks where the scroll left it), and how far each side got
      // would be timing. An island that never hydrates on this visit stays as it is.
      for (const lazy of document.querySelectorAll('[loading="lazy"]')) {
        lazy.setAttribute('loading', 'eager');
      }
      for (const island of document.querySelectorAll('[data-island]')) {
        island.dispatchEvent(new FocusEvent('focusin'));
      }
    });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.evaluate(async () => {
      await Promise.all(
        [...document.images].map((img) =>
          img.complete
            ? img.decode().catch(() => undefined)
            : new Promise((resolve) => {
                img.addEventListener('load', resolve, { once: true });
                img.addEventListener('error', resolve, { once: true });
              }),
        ),
      );
      await document.fonts.ready;
    });
    // Hydrating ends after its code has loaded: wait until no island has become live for a
    // second (at most ten).
    const islands = await page.evaluate(async () => {
      const count = () => document.querySelectorAll('[data-island][data-hydrated]').length;
      for (let last = count(), still = 0, i = 0; still < 4 && i < 40; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        still = count() === last ? still + 1 : 0;
        last = count();
      }
      return `${count()}/${document.querySelectorAll('[data-island]').length}`;
    });
    // Where the page is scrolled (a section route brings its section into view) is compared as
    // a number; the image is taken from the top. Taken where a scroll to the page's end left it
    // (/footer), a full-page screenshot is not the same twice: the capture draws the page in a
    // viewport of its whole height, the scroll no longer fits, and where the sticky header and
    // the home page's timeline end up drawn depends on when the page hears of it.
    const scrollY = await page.evaluate(() => {
      const at = window.scrollY;
      window.scrollTo({ top: 0, behavior: 'instant' });
      return at;
    });
    let previous = await page.screenshot({ fullPage: true, animations: 'disabled' });
    for (let i = 0; i < 5; i++) {
      await page.waitForTimeout(300);
      const next = await page.screenshot({ fullPage: true, animations: 'disabled' });
      if (next.equals(previous)) {
        fs.writeFileSync(file, next);
        return { settled: true, scrollY, islands };
      }
      previous = next;
    }
    fs.writeFileSync(file, previous);
    return { settled: false, scrollY, islands };
  } finally {
    await context.close();
  }
}

const sizeOf = (file) => run('identify', ['-format', '%w %h', file], root, { quiet: true });

/**
 * `compare -metric AE`: the pixels that differ, and the diff image. Two heights (or widths)
 * are compared on the larger canvas, the missing part magenta, and said.
 */
function comparePixels(a, b, diff) {
  const [sa, sb] = [sizeOf(a), sizeOf(b)];
  let [left, right] = [a, b];
  if (sa !== sb) {
    const [wa, ha] = sa.split(' ').map(Number);
    const [wb, hb] = sb.split(' ').map(Number);
    const extent = `${Math.max(wa, wb)}x${Math.max(ha, hb)}`;
    left = `${a}.padded.png`;
    right = `${b}.padded.png`;
    for (const [from, to] of [
      [a, left],
      [b, right],
    ]) {
      run('convert', [from, '-background', 'magenta', '-extent', extent, to], root);
    }
  }
  const result = spawnSync('compare', ['-metric', 'AE', left, right, diff], { encoding: 'utf8' });
  if (left !== a) {
    fs.rmSync(left, { force: true });
    fs.rmSync(right, { force: true });
  }
  const ae = Number(/^\s*([\d.e+]+)/.exec(result.stderr)?.[1]);
  if (result.status === 2 || Number.isNaN(ae)) {
    throw new Error(`compare ${a} ${b}: ${result.stderr.trim()}`);
  }
  return { ae, sizes: sa === sb ? sa : `${sa} → ${sb}` };
}

async function main() {
  if (!fs.existsSync(CHROME_PATH)) {
    console.error(`No Chromium at ${CHROME_PATH}: apt-get install -y chromium fonts-dejavu-core`);
    process.exit(1);
  }
  need('compare', 'apt-get install -y imagemagick');
  const baseSha = git(['rev-parse', '--verify', `${baseRef}^{commit}`]);
  const headSha = git(['rev-parse', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  console.log(`Load average at the start: ${loadAverage()}`);
  console.log(
    `Base ${baseRef} (${baseSha.slice(0, 12)}); head ${headSha.slice(0, 12)}${dirty ? ' with changes' : ''}; clock ${now}`,
  );

  const baseDir = prepareBase(baseSha);
  const removeBase = () => {
    if (args['keep-base'] === 'true') {
      console.log(`Base worktree kept: ${baseDir}`);
      return;
    }
    spawnSync('git', ['worktree', 'remove', '--force', baseDir], { cwd: root, stdio: 'inherit' });
  };
  ensureFresh({ quiet: true });

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.join(resultsDir, `pixels-${stamp}`);
  for (const sub of ['base', 'head', 'diff'])
    fs.mkdirSync(path.join(outDir, sub), { recursive: true });

  const servers = [];
  const stopAll = () => Promise.all(servers.map((s) => s.stop()));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      await stopAll();
      removeBase();
      process.exit(130);
    });
  }
  const rows = [];
  let failed = false;
  try {
    // One after the other: each start migrates and seeds, and the machine has few cores.
    servers.push(await startServer('base', baseDir));
    servers.push(await startServer('head', root));
    const [base, head] = servers;
    const [baseJob, headJob] = await Promise.all([firstOpening(base), firstOpening(head)]);
    if (baseJob !== headJob) throw new Error(`first opening: ${baseJob} (base), ${headJob} (head)`);

    const browser = await chromium.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: CHROME_ARGS,
    });
    try {
      for (const target of targets(baseJob)) {
        const row = { ...target, html: undefined, shots: [] };
        rows.push(row);
        row.html = await compareDocuments(base, head, target.document);
        for (const width of widths) {
          const name = `${target.id}-${width}.png`;
          const [a, b, d] = ['base', 'head', 'diff'].map((sub) => path.join(outDir, sub, name));
          let shot;
          // A page that did not settle in time (a busy machine) is taken again, once.
          for (let attempt = 1; attempt <= 2 && !(shot?.ae >= 0); attempt++) {
            shot = { width, attempt };
            try {
              const taken = [
                await screenshot(browser, `${base.url}${target.path}`, width, a),
                await screenshot(browser, `${head.url}${target.path}`, width, b),
              ];
              shot.settled = taken.map((t) => t.settled);
              shot.scrollY = taken.map((t) => t.scrollY);
              shot.islands = taken.map((t) => t.islands);
              Object.assign(shot, comparePixels(a, b, d));
            } catch (error) {
              shot.error = error.message.split('\n')[0];
              console.log(`${target.id} at ${width}, attempt ${attempt}: ${shot.error}`);
            }
          }
          // The same section brought into view on both sides, or the pages differ.
          shot.scrollDiffers = shot.scrollY !== undefined && shot.scrollY[0] !== shot.scrollY[1];
          if (shot.ae !== 0 || shot.scrollDiffers) failed = true;
          if (shot.ae === 0 && args['keep-shots'] !== 'true') {
            for (const file of [a, b]) fs.rmSync(file, { force: true });
          }
          if (shot.ae === 0) fs.rmSync(d, { force: true });
          else if (shot.ae > 0) shot.diff = path.relative(root, d);
          row.shots.push(shot);
          console.log(
            `${target.id.padEnd(26)} ${String(width).padStart(4)}  ` +
              (shot.error
                ? `failed: ${shot.error}`
                : `AE ${shot.ae}  ${shot.sizes}  scrolled ${shot.scrollY.join(' / ')}  islands ${shot.islands.join(' / ')}` +
                  (shot.settled.every(Boolean) ? '' : '  (did not settle)')),
          );
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stopAll();
    removeBase();
  }

  const cell = (shot) =>
    shot?.error
      ? 'failed'
      : `${shot?.ae ?? ''}${shot?.scrollDiffers ? ` (scrolled ${shot.scrollY.join(' / ')})` : ''}`;
  const htmlCell = (html) =>
    (html.verdict === 'same'
      ? 'same'
      : html.verdict === 'same masked'
        ? `same, ${html.masked.join(' and ')} masked`
        : `differs (${html.note})`) + (html.status === '200' ? '' : ` [${html.status}]`);
  const table = [
    `| route | path | ${widths.map((w) => `AE ${w}`).join(' | ')} | HTML |`,
    `| --- | --- | ${widths.map(() => '---:').join(' | ')} | --- |`,
    ...rows.map(
      (r) =>
        `| ${r.id} | \`${r.path}\` | ${widths.map((w) => cell(r.shots.find((s) => s.width === w))).join(' | ')} | ${htmlCell(r.html)} |`,
    ),
  ].join('\n');
  const differing = rows.flatMap((r) =>
    r.shots.filter((s) => s.ae !== 0 || s.scrollDiffers).map((s) => `${r.id} at ${s.width}`),
  );
  console.log(`\n${table}\n`);
  console.log(
    `${rows.length} pages × ${widths.length} widths: ` +
      (differing.length
        ? `${differing.length} pair(s) differ: ${differing.join(', ')}`
        : 'every pair the same (AE 0)') +
      `. HTML: ${rows.filter((r) => r.html.verdict.startsWith('same')).length} the same, ` +
      `${rows.filter((r) => r.html.verdict === 'differs').length} differ.`,
  );
  if (outside.size) {
    console.log(
      `Requests to other sites, answered with an empty page on both sides:\n  ${[...outside].join('\n  ')}`,
    );
  }
  console.log(`Load average at the end: ${loadAverage()}`);
  saveResults('pixels', {
    base: { ref: baseRef, sha: baseSha },
    head: { sha: headSha, dirty },
    clock: now,
    widths,
    chromium: CHROME_PATH,
    loadAverage: loadAverage(),
    screenshots: path.relative(root, outDir),
    outside: [...outside],
    rows,
  });
  console.log(`Screenshots: ${path.relative(root, outDir)}`);
  process.exit(failed ? 1 : 0);
}

await main();

// bench/lighthouse: Lighthouse 12.8 over every route of the route table (packages/routes) on the production build, served
// as `npm start` serves it (one Node process, temp data dir, demo openings), in Debian's
// Chromium. Mobile defaults (simulated throttling) and the desktop preset, median of N runs.
// Usage: npm run bench:lighthouse -w @lumenfield/bench [-- --routes=home,about --runs=3
//   --presets=mobile,desktop --build --details (where the time goes, per route) --doc=false
//   --wordpress (set up the WordPress peer with wordpress-peer.sh, as root, and measure its
//   three pages) --peer=URL,URL (measure these pages as the peer) --edits (then publish an
//   editor's change every page shows, bench/lib/content-edits.mjs, and measure the routes
//   again as "<route> (edited)")]. Prints the table, writes
//   bench/results/lighthouse-*.json and the summary between the lighthouse markers of
//   docs/performance.md. The contract holds /careers and the job pages to an LCP no later than
//   the WordPress peer's in the same run: peer pages go through the same presets, runs and
//   median as our routes, labelled wordpress:<path>.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as prettier from 'prettier';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { routeIds, routes } from '@lumenfield/routes';
import { startBuiltServer } from '../lib/built-server.mjs';
import { publishContentEdits } from '../lib/content-edits.mjs';
import { root } from '../../tests/resilience/harness.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    // At the first '=' only: a peer URL may have its own (?p=1).
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.length ? value.join('=') : 'true'];
  }),
);
const runs = Number(args.runs ?? process.env.LH_RUNS ?? 3);
const presets = (args.presets ?? process.env.LH_PRESETS ?? 'mobile,desktop').split(',');
const only = (args.routes ?? process.env.LH_ROUTES)?.split(',');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PEER_SCRIPT = path.join(root, 'bench/lighthouse/wordpress-peer.sh');

function build() {
  const built =
    fs.existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    fs.existsSync(path.join(root, 'apps/server/dist/server.mjs'));
  if (built && args.build !== 'true') return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs wordpress-peer.sh (start or stop); start prints the peer's URLs, one a line. */
function wordpressPeer(command) {
  const result = spawnSync('bash', [PEER_SCRIPT, command], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) {
    console.error(`wordpress-peer.sh ${command} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
  return result.stdout.split('\n').filter((line) => /^https?:\/\//.test(line));
}

/** The peer's pages: --peer's URLs, then the ones --wordpress set up. */
function peerTargets() {
  const urls = [
    ...(args.peer && args.peer !== 'true' ? args.peer.split(',') : []),
    ...(args.wordpress === 'true' ? wordpressPeer('start') : []),
  ];
  return urls.map((url) => {
    const { pathname, search } = new URL(url);
    return { id: `wordpress:${pathname}${search}`, url, peer: true };
  });
}

/**
 * Per preset, our careers list's and job page's LCP against the peer's earliest and latest
 * (ours minus theirs: negative is earlier than the peer).
 */
function peerComparison(rows, preset) {
  const mine = rows.filter((r) => r.preset === preset && !r.peer);
  const peers = rows.filter((r) => r.preset === preset && r.peer);
  const ours = ['careers', 'job'].map((id) => mine.find((r) => r.id === id)).filter(Boolean);
  if (!peers.length || !ours.length) return '';
  const byLcp = [...peers].sort((a, b) => a.median.lcpMs - b.median.lcpMs);
  const best = byLcp[0];
  const worst = byLcp[byLcp.length - 1];
  const diff = (ms) => `${ms > 0 ? '+' : ms < 0 ? '−' : '±'}${Math.abs(ms)} ms`;
  const name = preset === 'desktop' ? 'Desktop' : 'Mobile';
  return (
    `- ${name}: the peer's LCP ${best.median.lcpMs} ms at best (${best.id}), ` +
    `${worst.median.lcpMs} ms at worst (${worst.id}); ` +
    ours
      .map(
        (r) =>
          `${r.id} ${r.median.lcpMs} ms (${diff(r.median.lcpMs - best.median.lcpMs)} on the best, ` +
          `${diff(r.median.lcpMs - worst.median.lcpMs)} on the worst)`,
      )
      .join(', ') +
    '.'
  );
}

/**
 * Every route of the table at its path; the job page needs an opening, taken from the sitemap.
 * Not /jobs (an old link's redirect or the tab's remembered opening) nor /hr (the HR site), not
 * the apply form's pages without scripts (a post's answers), and not the pages a person reaches
 * only by their own mailed link (an applicant's page, an alert's confirm and unsubscribe pages:
 * without a token they answer 404, which Lighthouse refuses to measure).
 */
async function targets(base) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const jobId = /\/careers\/jobs\/(\d+)</.exec(sitemap)?.[1];
  const list = routeIds
    .filter(
      (id) =>
        id !== 'jobs' &&
        id !== 'hr' &&
        id !== 'jobApply' &&
        id !== 'jobApplied' &&
        id !== 'applicant' &&
        id !== 'alertConfirm' &&
        id !== 'alertUnsubscribe',
    )
    .map((id) => {
      const path = id === 'job' ? `/careers/jobs/${jobId}` : routes[id].path;
      return { id, url: `${base}${path}` };
    });
  return only ? list.filter((t) => only.includes(t.id)) : list;
}

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  );
  // What costs points: audits of a category below full marks that carry weight.
  const losses = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
        losses.push(`${c}: ${ref.id} (${a.displayValue ?? a.score})`);
      }
    }
  }
  return {
    scores,
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    bytes: Math.round(audit('total-byte-weight')),
    losses,
  };
}

/** Where the time goes, from Lighthouse's own audits (printed with --details). */
function diagnose(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const short = (url) => String(url).replace(/^https?:\/\/[^/]+/, '');
  const lcpNode = items('largest-contentful-paint-element')[0]?.items?.[0]?.node;
  return {
    renderBlocking: items('render-blocking-resources').map(
      (i) => `${short(i.url)} ${Math.round(i.wastedMs)} ms`,
    ),
    bootup: items('bootup-time').map(
      (i) => `${short(i.url)} ${Math.round(i.total)} ms (script ${Math.round(i.scripting)})`,
    ),
    mainThread: items('mainthread-work-breakdown').map(
      (i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`,
    ),
    longTasks: items('long-tasks').map((i) => `${short(i.url)} ${Math.round(i.duration)} ms`),
    lcpElement: lcpNode ? `${lcpNode.selector} ${String(lcpNode.snippet).slice(0, 80)}` : '',
    consoleErrors: items('errors-in-console').map(
      (i) =>
        `${i.source}: ${String(i.description).slice(0, 200)} ${short(i.sourceLocation?.url ?? i.url ?? '')}`,
    ),
    requests: items('network-requests').map(
      (i) =>
        `${short(i.url)} ${i.priority} ${Math.round(i.networkRequestTime ?? 0)}–` +
        `${Math.round(i.networkEndTime ?? 0)} ms ${i.transferSize} B`,
    ),
  };
}

async function runOne(url, preset, port) {
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
  return result.lhr;
}

function table(rows, preset) {
  const head = '| route | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | KB |';
  const lines = [head, '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows.filter((row) => row.preset === preset)) {
    const s = r.median.scores;
    lines.push(
      `| ${r.id} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ` +
        `${r.median.fcpMs} | ${r.median.lcpMs} | ${r.median.tbtMs} | ${r.median.cls} | ` +
        `${(r.median.bytes / 1024).toFixed(1)} |`,
    );
  }
  return lines.join('\n');
}

/** Each target through each preset, `runs` times: its median run's row in `rows`. */
async function measureAll(list, rows, failures) {
  for (const preset of presets) {
    for (const target of list) {
      const lhrs = [];
      for (let i = 0; i < runs; i++) {
        // A fresh browser per run: no warm cache or leftover state between runs.
        const chrome = await chromeLauncher.launch({
          chromePath: CHROME_PATH,
          chromeFlags: CHROME_FLAGS,
        });
        try {
          lhrs.push(await runOne(target.url, preset, chrome.port));
        } catch (error) {
          // One failed run (a busy machine can time out a page) must not lose the others.
          console.error(`${preset} ${target.id} run ${i + 1} failed: ${error.message}`);
        } finally {
          await chrome.kill();
        }
      }
      if (lhrs.length === 0) {
        failures.push(`${preset} ${target.id}`);
        continue;
      }
      const medianRun = computeMedianRun(lhrs);
      const median = summarise(medianRun);
      const diagnostics = diagnose(medianRun);
      const row = { ...target, preset, runs: lhrs.map(summarise), median, diagnostics };
      rows.push(row);
      const s = median.scores;
      console.log(
        `${preset.padEnd(7)} ${target.id.padEnd(30)} ${CATEGORIES.map((c) => s[c]).join('/')}` +
          `  LCP ${median.lcpMs} ms  TBT ${median.tbtMs} ms  CLS ${median.cls}` +
          (median.losses.length ? `  losing: ${median.losses.join('; ')}` : ''),
      );
      if (args.details === 'true') {
        for (const [name, lines] of Object.entries(diagnostics)) {
          const each = Array.isArray(lines) ? lines : [lines];
          if (each.length) console.log(`  ${name}:\n    ${each.join('\n    ')}`);
        }
      }
    }
  }
}

async function main() {
  // chrome-launcher reports a missing binary as an unhandled error event, past every finally.
  if (!fs.existsSync(CHROME_PATH)) {
    console.error(
      `No Chromium at ${CHROME_PATH}. Install Debian's (apt-get install chromium) or set CHROME_PATH.`,
    );
    process.exit(1);
  }
  build();
  // Lighthouse multiplies this machine's CPU time by 4 on mobile: the load matters.
  console.log(
    `Load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const peers = peerTargets();
  const stopPeer = () => {
    if (args.wordpress === 'true') wordpressPeer('stop');
  };
  const server = await startBuiltServer({ label: 'lh' });
  const rows = [];
  const failures = [];
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      server.stop();
      stopPeer();
      process.exit(130);
    });
  }
  try {
    await measureAll([...(await targets(server.url)), ...peers], rows, failures);
    if (args.edits === 'true') {
      // The same routes once an editor has published a change every page shows: each is then
      // the renderer's output stored at the publish, not the build's file.
      await publishContentEdits(server.url, server.env);
      const edited = (await targets(server.url)).map((t) => ({ ...t, id: `${t.id} (edited)` }));
      await measureAll(edited, rows, failures);
    }
  } finally {
    await server.stop();
    stopPeer();
  }

  const stamp = new Date().toISOString();
  const load = os.loadavg()[0].toFixed(1);
  const sections = presets.map(
    (p) => `### ${p === 'desktop' ? 'Desktop preset' : 'Mobile (default)'}\n\n${table(rows, p)}`,
  );
  const losses = rows
    .filter((r) => r.median.losses.length)
    .map((r) => `- ${r.preset} ${r.id}: ${r.median.losses.join('; ')}`);
  const comparison = presets.map((p) => peerComparison(rows, p)).filter(Boolean);
  const ourCount = new Set(rows.filter((r) => !r.peer).map((r) => r.id)).size;
  const peerCount = new Set(rows.filter((r) => r.peer).map((r) => r.id)).size;
  const summary = [
    `Run ${stamp}: Lighthouse 12.8, ${runs} run(s) per route (median), Chromium ${CHROME_PATH}, ` +
      `${ourCount} route(s)` +
      (peerCount ? ` and ${peerCount} page(s) of the WordPress peer (wordpress:<path>)` : '') +
      `; load average at the end ${load} on ${os.cpus().length} cores.`,
    '',
    ...sections.flatMap((s) => [s, '']),
    comparison.length
      ? `LCP against the WordPress peer in this run (ours minus the peer's):\n\n${comparison.join('\n')}\n`
      : '',
    losses.length ? `Audits below full marks (median run):\n\n${losses.join('\n')}` : '',
    failures.length ? `\nNo successful run: ${failures.join(', ')}` : '',
  ].join('\n');
  console.log(`\n${summary}`);

  const resultsDir = path.join(root, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `lighthouse-${stamp.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ runs, presets, peers: peers.map((p) => p.url), rows }, null, 2),
  );
  console.log(`Results: ${path.relative(root, file)}`);

  const doc = path.join(root, 'docs/performance.md');
  if (fs.existsSync(doc) && args.doc !== 'false') {
    const text = fs.readFileSync(doc, 'utf8');
    const start = '<!-- lighthouse:start -->';
    const end = '<!-- lighthouse:end -->';
    if (text.includes(start) && text.includes(end)) {
      const next = `${text.slice(0, text.indexOf(start) + start.length)}\n\n${summary.trim()}\n\n${text.slice(text.indexOf(end))}`;
      // In the repository's format, so the format check passes without a second step.
      const options = (await prettier.resolveConfig(doc)) ?? {};
      fs.writeFileSync(doc, await prettier.format(next, { ...options, filepath: doc }));
      console.log('Summary written to docs/performance.md');
    }
  }
}

await main();

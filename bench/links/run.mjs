// bench/links: is "send me my links" (POST /api/applications/links) answered in the same time
// for an address with applications and for one without? Against the built server on SQLite:
// K applicants are made, then requests for known and unknown addresses are sent interleaved,
// one at a time (each address at most 3 times, its throttle; each request from its own client
// through a trusted proxy's X-Forwarded-For, past the per-client one). Prints the median, p90
// and mean answer time of each kind and their difference. Not a test: the figures go to
// docs/security.md ("Send me my links").
// Usage: npm run bench:links -w @lumenfield/bench   (LINKS_ADDRESSES=20)
import { performance } from 'node:perf_hooks';
import {
  ADMIN_TOKEN,
  apply,
  applicationTarget,
  cleanupAll,
  request,
  startServer,
  xsrfHeaders,
} from '../../tests/resilience/harness.mjs';

const addresses = Number(process.env.LINKS_ADDRESSES ?? 20);
const PER_ADDRESS = 3;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return {
    n: times.length,
    medianMs: quantile(sorted, 0.5),
    p90Ms: quantile(sorted, 0.9),
    meanMs: mean,
  };
}

try {
  const { url } = await startServer({ env: { TRUST_PROXY: '1' } });
  const target = await applicationTarget(url);
  const headers = await xsrfHeaders(url);
  for (let i = 0; i < addresses; i++) {
    const sent = await apply(url, target, headers, { size: 16 * 1024 });
    if (sent.status !== 201) throw new Error(`application answered ${sent.status}`);
  }
  const stored = await (
    await request(`${url}/api/admin/jobs/${target.jobId}/applicants`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    })
  ).json();
  const known = stored.map((a) => a.Email).slice(0, addresses);
  const unknown = known.map((_, i) => `nobody-${process.pid}-${i}@example.com`);

  let client = 0;
  async function ask(email) {
    client += 1;
    const started = performance.now();
    const res = await request(`${url}/api/applications/links`, {
      method: 'POST',
      headers: {
        ...headers,
        'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      },
      body: JSON.stringify({ Email: email }),
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 202) throw new Error(`links answered ${res.status}`);
    return ms;
  }
  // Warm-up: the first requests pay for the route's first compile.
  for (let i = 0; i < 5; i++) await ask(`warm-up-${i}@example.com`);
  const times = { known: [], unknown: [] };
  for (let round = 0; round < PER_ADDRESS; round++) {
    for (let i = 0; i < addresses; i++) {
      // Alternate which goes first, so neither kind always follows the other.
      const order = (i + round) % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known'];
      for (const kind of order) {
        times[kind].push(await ask(kind === 'known' ? known[i] : unknown[i]));
      }
    }
  }
  const result = { known: summary(times.known), unknown: summary(times.unknown) };
  result.medianDifferenceMs = result.known.medianMs - result.unknown.medianMs;
  console.log(JSON.stringify(result, null, 2));
} finally {
  await cleanupAll();
}

// `npm test`: check (lint, format, types), the size budget, unit and component tests, the server
// suite on both engines, the operations tests (tests/ops), then the browser tests against the
// real built site. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['check', ['run', 'check']],
  ['size budgets (JavaScript per page type)', ['run', 'test:size']],
  [
    'unit and component tests',
    [
      'exec',
      '--',
      'vitest',
      'run',
      '--project',
      'contract',
      '--project',
      'routes',
      '--project',
      'site-content',
      '--project',
      'page-kit',
      '--project',
      'web',
    ],
  ],
  ['server tests (SQLite and PostgreSQL)', ['run', 'test:server']],
  // nginx in front of the built site, fresh builds and the pruned production tree on clones.
  ['operations (nginx, two nodes, fresh builds, production tree)', ['run', 'test:ops']],
  ['browser tests', ['run', 'test:e2e']],
];

const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;
for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const stepStarted = Date.now();
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  // Each stage's time, so a slower CI run shows where it went.
  console.log(`\n=== ${name}: ${minutes(stepStarted)} (${minutes(started)} in all) ===`);
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nAll test stages passed.');

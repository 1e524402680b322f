import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layer rules of `npm run check:layers` (docs/architecture.md, "Layers"), run on a small
// tree of wrong imports in a temporary folder, so the rules are shown to bite without touching
// the real sources.
const config = fileURLToPath(new URL('../.dependency-cruiser.cjs', import.meta.url));
const depcruise = fileURLToPath(
  new URL('../../../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url),
);

interface Violation {
  rule: string;
  from: string;
  to: string;
}

const tree: Record<string, string> = {
  'routes/site.ts': 'export const site = 1;\n',
  'workers/pool.ts': 'export const pool = 1;\n',
  'domains/accounts/users.ts': 'export const users = 1;\n',
  // lib/ importing a route: the kind of import that ran back up before the domains.
  'lib/wrong.ts': "import { site } from '../routes/site';\nexport const wrong = site;\n",
  'db/seed.ts': "import { users } from '../domains/accounts/users';\nexport const seed = users;\n",
  'domains/openings/store.ts':
    "import { pool } from '../../workers/pool';\nexport const s = pool;\n",
  'domains/mail/send.ts':
    "import { users } from '../accounts/users';\nexport const send = users;\n",
  'domains/audit/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'domains/audit/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  // Tests may import what they prove.
  'lib/wrong.test.ts': "import { site } from '../routes/site';\nexport const t = site;\n",
};

let root: string;
let result: { status: number | null; violations: Violation[] };

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries(tree)) {
    const at = path.join(root, 'apps/server/src', file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, text);
  }
  const run = spawnSync(process.execPath, [depcruise, '--config', config, 'apps/server/src'], {
    cwd: root,
    encoding: 'utf8',
  });
  // The same lines `npm run check` prints: "error <rule>: <from> → <to>" (a cycle goes on).
  const violations = [...run.stdout.matchAll(/^\s*error (\S+): (\S+) →\s+(\S+)/gm)].map(
    ([, rule, from, to]) => ({ rule, from, to }) as Violation,
  );
  result = { status: run.status, violations };
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const named = (rule: string) =>
  result.violations
    .filter((v) => v.rule === rule)
    .map(
      (v) => `${v.from.replace('apps/server/src/', '')} -> ${v.to.replace('apps/server/src/', '')}`,
    );

describe('the server layer rules', () => {
  it('fail the check on a wrong import', () => {
    expect(result.status).not.toBe(0);
  });

  it('keep lib/ plain and routes/ imported only by the app', () => {
    expect(named('lib-is-plain')).toEqual(['lib/wrong.ts -> routes/site.ts']);
    expect(named('only-app-imports-routes')).toEqual(['lib/wrong.ts -> routes/site.ts']);
  });

  it('keep db/ free of domains and domains free of the worker pool', () => {
    expect(named('db-imports-no-domain')).toEqual(['db/seed.ts -> domains/accounts/users.ts']);
    expect(named('domains-below-http')).toEqual(['domains/openings/store.ts -> workers/pool.ts']);
  });

  it('hold the declared order of domains, and no cycles', () => {
    expect(named('domain-order-mail')).toEqual([
      'domains/mail/send.ts -> domains/accounts/users.ts',
    ]);
    expect(named('no-circular')).toHaveLength(1);
    expect(named('no-circular')[0]).toMatch(
      /^domains\/audit\/[ab]\.ts -> domains\/audit\/[ab]\.ts$/,
    );
  });

  it('let tests import what they need', () => {
    expect(result.violations.filter((v) => v.from.endsWith('.test.ts'))).toEqual([]);
  });
});

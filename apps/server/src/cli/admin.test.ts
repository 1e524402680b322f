import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../db/prepare';
import { createTestDb, engine, type TestDb } from '../test/test-app';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe(`npm run admin (${engine})`, () => {
  let testDb: TestDb;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    testDb = await createTestDb();
    await prepareDatabase(testDb.handle, { seedDemoData: false });
    const databaseUrl = testDb.schema
      ? `${testDb.databaseUrl}?options=${encodeURIComponent(`-c search_path=${testDb.schema}`)}`
      : '';
    env = {
      ...process.env,
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_TOKEN: '',
      SEED_DEMO_DATA: 'false',
    };
  });
  afterAll(() => testDb.destroy());

  // The same command line an operator types, from the repository root.
  const admin = async (...args: string[]) => {
    try {
      const { stdout } = await run('npx', ['tsx', 'apps/server/src/cli/admin.ts', ...args], {
        cwd: root,
        env,
      });
      return { code: 0, stdout, stderr: '' };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('posts, lists, closes and exports an opening through the admin API', async () => {
    const descriptionFile = path.join(testDb.dataDir, 'role.html');
    fs.writeFileSync(descriptionFile, '<h2>Role</h2><p>Test things.</p><script>alert(1)</script>');
    const created = await admin(
      'create',
      '--code',
      'CLI-1',
      '--title',
      'Test Engineer',
      '--location',
      'Manila, Philippines',
      '--description-file',
      descriptionFile,
      '--managers',
      'Maria Santos',
      '--contacts',
      'Maria Santos',
      '--mails',
      'maria.santos@example.com',
    );
    expect(created).toMatchObject({ code: 0 });
    const id = /Created opening (\d+)\./.exec(created.stdout)?.[1];
    expect(id).toBeDefined();

    const duplicate = await admin('create', '--code', 'CLI-1', '--title', 'x', '--location', 'y');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/400|409/);

    const shown = JSON.parse((await admin('show', id!)).stdout);
    expect(shown).toMatchObject({ JobCode: 'CLI-1', IsOpen: true });
    expect(shown.Job_Description).toBe('<h2>Role</h2><p>Test things.</p>');

    expect((await admin('close', id!)).stdout).toContain('is closed');
    const list = (await admin('list')).stdout;
    expect(list).toMatch(/CLI-1/);
    expect(list).toMatch(/closed/);

    const csv = (await admin('applicants', id!, '--csv')).stdout;
    expect(csv.split('\r\n')[0]).toMatch(/^"ApplicantID","FirstName"/);

    // A backup: a consistent SQLite copy; PostgreSQL points to pg_dump.
    const out = path.join(testDb.dataDir, 'backups', 'site-backup.db');
    fs.mkdirSync(path.dirname(out));
    const backup = await admin('backup', '--out', out);
    if (engine === 'sqlite') {
      expect(backup).toMatchObject({ code: 0 });
      expect(backup.stdout).toMatch(
        /^Backed up .*site\.db to .*site-backup\.db \(\d+ bytes, 0 applicants\)\./,
      );
      const { default: Database } = await import('better-sqlite3');
      const copy = new Database(out, { readonly: true });
      expect(copy.prepare('select code from jobs').all()).toEqual([{ code: 'CLI-1' }]);
      copy.close();
      const again = await admin('backup', '--out', out);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('exists; choose a new file');
    } else {
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain('pg_dump');
    }

    const unknown = await admin('frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command');
  }, 240_000);
});

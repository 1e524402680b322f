import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-node-flags.mjs';
import { prepareDatabase } from '../prepare';
import { createRepositories } from '../domains';
import { enqueueMail } from '../domains/mail/mail-repository';
import { confirmationOnly, newApplication } from '../test/applicants';
import { createTestDb, engine, type TestDb } from '../test/test-app';
import { EVERYTHING } from '../domains/team/reach';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe(`npm run admin (${engine})`, () => {
  let testDb: TestDb;
  let env: NodeJS.ProcessEnv;
  /** The admin command's bundle, built from these sources as `npm run admin` builds it. */
  let bundle: string;

  beforeAll(async () => {
    // Inside the repository, so the bundle's registry dependencies load from its node_modules.
    const cache = path.join(root, 'node_modules/.cache');
    fs.mkdirSync(cache, { recursive: true });
    const outdir = fs.mkdtempSync(path.join(cache, 'admin-cli-'));
    await run(process.execPath, ['build.mjs', outdir], { cwd: path.join(root, 'apps/server') });
    bundle = path.join(outdir, 'admin.mjs');
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
  afterAll(async () => {
    if (bundle) fs.rmSync(path.dirname(bundle), { recursive: true, force: true });
    await testDb?.destroy();
  });

  // What an operator's `npm run admin -- …` runs (scripts/start.mjs), from the repository root:
  // the built bundle with the server's flags (tsx would compile the sources at every call).
  const admin = (...args: string[]) => adminWithInput('', ...args);
  const adminWithInput = async (stdin: string, ...args: string[]) => {
    try {
      const running = run(process.execPath, [...SERVER_NODE_FLAGS, bundle, ...args], {
        cwd: root,
        env,
      });
      running.child.stdin?.end(stdin);
      const { stdout } = await running;
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
      '--workplace',
      'HYBRID',
      '--pay-min',
      '40,000',
      '--pay-max',
      '60000',
      '--pay-currency',
      'php',
      '--pay-period',
      'month',
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
    expect(shown).toMatchObject({
      EmploymentType: 'FULL_TIME',
      WorkplaceType: 'HYBRID',
      PayMin: 40_000,
      PayMax: 60_000,
      PayCurrency: 'PHP',
      PayPeriod: 'MONTH',
    });
    expect((await admin('update', id!, '--no-pay', '--employment', 'CONTRACTOR')).code).toBe(0);
    expect(JSON.parse((await admin('show', id!)).stdout)).toMatchObject({
      EmploymentType: 'CONTRACTOR',
      PayMin: null,
      PayCurrency: null,
    });

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

  it('adds the first admin with the password on stdin, refuses a taken e-mail and a weak password, lists accounts, audited as cli', async () => {
    const add = (password: string, email = 'first.admin@example.com') =>
      adminWithInput(
        password,
        'users',
        'add',
        '--email',
        email,
        '--name',
        'First Admin',
        '--role',
        'admin',
        '--password-stdin',
      );
    const added = await add('a long and uncommon passphrase 42\n');
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toMatch(/Added admin first\.admin@example\.com \(user \d+\)\./);

    const taken = await add('another long passphrase 77', 'First.Admin@Example.com');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('first.admin@example.com already has an account');

    const short = await add('short', 'second@example.com');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
    const common = await add('123qweasdzxc', 'third@example.com');
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('most common passwords');

    const list = await admin('users', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/admin\s+active\s+-\s+first\.admin@example\.com\s+First Admin/);

    const { createRepositories } = await import('../domains');
    const repos = createRepositories(testDb.handle.db);
    const { verifyPassword } = await import('../domains/accounts/passwords');
    const stored = await repos.users.findForSignIn('first.admin@example.com');
    // The line break `echo` adds is not part of the password.
    expect(await verifyPassword('a long and uncommon passphrase 42', stored!.passwordHash)).toBe(
      true,
    );
    const audit = await repos.audit.list({ action: 'user-create' }, 1, 10);
    expect(audit.items).toEqual([
      expect.objectContaining({ actor: 'cli', target: `user ${stored!.id}`, detail: 'role admin' }),
    ]);
    // The opening commands of the test above went through the bearer API: audited as cli.
    const calls = await repos.audit.list({ action: 'token-call' }, 1, 50);
    expect(calls.items.length).toBeGreaterThan(0);
    expect(new Set(calls.items.map((item) => item.actor))).toEqual(new Set(['cli']));
    expect(calls.items.map((item) => item.target)).toContain('POST /api/admin/jobs');
  }, 120_000);
  it('erases one person on request and prints the counts, not the address', async () => {
    const repos = createRepositories(testDb.handle.db);
    const jobId = await repos.jobs.create({
      code: 'CLI-ERASE',
      title: 'Erasure',
      location: 'Pune, India',
      descriptionHtml: '<p>x</p>',
      effectiveFrom: new Date().toISOString(),
      recruitmentManagers: 'A',
      contactPersons: 'A',
      contactEmails: 'a@example.com',
      isOpen: true,
    });
    const application = (email: string, size: number) => ({
      ...newApplication(jobId, { firstName: 'Lea', lastName: 'Park', email }, size),
      mail: confirmationOnly(jobId),
    });
    await repos.applicants.create(application('Lea.Park@example.com', 2_000));
    await repos.applicants.create(application('lea.park@example.com', 3_000));
    const erased = await admin('applicants', 'erase', '--email', 'LEA.PARK@example.com');
    expect(erased).toMatchObject({ code: 0 });
    expect(erased.stdout.trim()).toBe(
      'Erased 2 applicants, 2 resumes and 2 queued mails for that address.',
    );
    expect(erased.stdout.toLowerCase()).not.toContain('lea.park');
    expect(await repos.pipeline.all({ jobId, reach: EVERYTHING })).toEqual([]);
    expect((await admin('applicants', 'erase')).stderr).toContain('needs --email');
  }, 60_000); // two CLI processes, each starting Node and opening the database

  it("removes a locked-out person's second factor and ends their sessions, audited as cli", async () => {
    const repos = createRepositories(testDb.handle.db);
    const now = new Date();
    const user = await repos.users.create(
      { email: 'lost.phone@example.com', name: 'Lost Phone', role: 'recruiter', passwordHash: 'x' },
      now,
    );
    await repos.changeAccounts(async (changes) => {
      await changes.secondFactors.startTotp(user.id, 'v1.sealed', now);
      await changes.secondFactors.confirmTotp(user.id, now);
      await changes.secondFactors.replaceRecoveryCodes(user.id, ['a'.repeat(64)], now);
      await changes.sessions.create({
        id: 'c'.repeat(64),
        userId: user.id,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
        method: 'password+totp',
      });
    });
    const reset = await admin('users', 'reset-second-factor', '--email', 'Lost.Phone@example.com');
    expect(reset).toMatchObject({ code: 0 });
    expect(reset.stdout.trim()).toBe(
      `Removed the authenticator app and recovery codes of user ${user.id}; ended 1 sessions.`,
    );
    expect(await repos.secondFactors.secondFactorsOf(user.id)).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect(await repos.sessions.find('c'.repeat(64))).toBeUndefined();
    const audit = await repos.audit.list({ action: 'second-factor-reset' }, 1, 10);
    expect(audit.items).toEqual([
      expect.objectContaining({
        actor: 'cli',
        target: `user ${user.id}`,
        detail: 'by the command line; 1 sessions ended',
      }),
    ]);
    const unknown = await admin('users', 'reset-second-factor', '--email', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no account with the e-mail address');
  }, 60_000); // two CLI processes, each starting Node and opening the database

  it('after a restore, signs everyone out, revokes every token and, when asked, drops the queued mail', async () => {
    const repos = createRepositories(testDb.handle.db);
    const now = new Date();
    const user = await repos.users.create(
      { email: 'restored@example.com', name: 'Restored', role: 'recruiter', passwordHash: 'x' },
      now,
    );
    // A session the copy holds: signed out on the live site after the copy was made.
    await repos.sessions.create({
      id: 'a'.repeat(64),
      userId: user.id,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    // A personal token the copy holds: revoked on the live site after the copy was made.
    await repos.changeAccounts((tx) =>
      tx.apiTokens.create(user.id, 'restored', 'b'.repeat(64), now, 'password'),
    );
    // And a calendar feed link, likewise.
    await repos.calendarFeeds.create(user.id, now);
    await enqueueMail(
      testDb.handle.db,
      [
        {
          kind: 'applicant-message',
          to: ['q@example.com'],
          subject: 's',
          text: 't',
          html: 'h',
        },
      ],
      null,
      now,
    );
    const pending = (await repos.mail.depth()).pending;
    expect(pending).toBeGreaterThan(0);

    const kept = await admin('after-restore');
    expect(kept).toMatchObject({ code: 0 });
    expect(kept.stdout).toContain('Ended 1 console sessions');
    expect(kept.stdout).toContain(`${pending} queued mails will be sent`);
    expect(await repos.sessions.find('a'.repeat(64))).toBeUndefined();
    expect(kept.stdout).toContain('Revoked 1 personal API tokens');
    expect(await repos.apiTokens.findByHash('b'.repeat(64))).toBeUndefined();
    expect(kept.stdout).toContain('Revoked 1 calendar feed links');
    expect((await repos.calendarFeeds.status(user.id)).exists).toBe(false);
    expect((await repos.mail.depth()).pending).toBe(pending);

    const dropped = await admin('after-restore', '--drop-mail');
    expect(dropped.stdout).toContain(`Dropped ${pending} queued mails.`);
    expect((await repos.mail.depth()).pending).toBe(0);
  }, 60_000); // two CLI processes, each starting Node and opening the database
});

import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationPayload,
  createOpening,
  postApplication,
  STATUS_LINK_IN_MAIL,
  statusLinkToken,
} from '../../test/legacy/application';
import { consoleHeaders, createUser, openSession } from '../../test/console';
import { pdfFile } from '../../test/files';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { startSmtpServer } from '../../test/smtp';
import { writeTransaction } from '../../db/write-transaction';
import { issueApplicantLink } from './applicant-links';
import { EVERYTHING } from '../team/reach';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../../..');
const DAY = 86_400_000;

/** Letters only (names and city accept nothing else), unique to this run. */
const letters = (tag: string) =>
  `Zq${tag}${Array.from(crypto.randomBytes(10), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/** Every personal thing one applicant leaves, each a marker that appears nowhere else. */
function plantedApplicant(tag: string) {
  const marker = {
    firstName: letters(`${tag}f`),
    lastName: letters(`${tag}l`),
    city: letters(`${tag}c`),
    email: `${letters(`${tag}e`).toLowerCase()}@example.com`,
    phone: `9${crypto.randomInt(100_000_000, 999_999_999)}`,
    referral: letters(`${tag}r`),
    fileName: letters(`${tag}n`),
    resume: letters(`${tag}b`),
    note: letters(`${tag}t`),
  };
  // A resume of several pages of the database, the marker spread through it.
  const resume = Buffer.from(
    pdfFile().toString('latin1').replace(/A+/, `${marker.resume} `.repeat(4_000)),
    'latin1',
  );
  const payload = applicationPayload(
    {
      FirstName: marker.firstName,
      LastName: marker.lastName,
      City: marker.city,
      Email: marker.email,
      MobileNumber: marker.phone,
      ReferredBy: marker.referral,
    },
    { name: `${marker.fileName}.pdf`, content: resume },
  );
  return { marker, payload };
}

/**
 * Which markers some file under DATA_DIR still holds, and where: every file, recursively, read
 * as bytes. Read by another process, because closing a file in this one would drop the locks of
 * the SQLite connections this process holds on it (POSIX locks belong to the process).
 */
function foundOnDisk(dataDir: string, marker: Record<string, string>): string[] {
  const search = `
    const fs = require('node:fs');
    const path = require('node:path');
    const [dir, markers] = [process.argv[1], JSON.parse(process.argv[2])];
    const hits = [];
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const bytes = fs.readFileSync(file);
      for (const [field, value] of Object.entries(markers)) {
        if (bytes.includes(value)) hits.push(field + ' in ' + path.relative(dir, file));
      }
    }
    process.stdout.write(JSON.stringify(hits));`;
  const output = execFileSync(process.execPath, ['-e', search, dataDir, JSON.stringify(marker)]);
  return JSON.parse(output.toString()) as string[];
}

// Only SQLite keeps the database under DATA_DIR; PostgreSQL's side is in docs/security.md.
describe.skipIf(engine !== 'sqlite')('erasure leaves nothing on disk (sqlite)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let jobId: number;
  let admin: string;
  beforeAll(async () => {
    // Mail goes to a mail server, as in production: without one, on loopback, the local outbox
    // would keep every mail (docs/operations.md), its links too, by design.
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    jobId = await createOpening(t, 'ERASE-DISK');
    admin = await openSession(t, await createUser(t, 'disk.admin@example.com', 'admin'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Applies with markers everywhere, adds a note, and checks the markers reached the disk. */
  async function plant(tag: string, job = jobId) {
    const { marker, payload } = plantedApplicant(tag);
    const res = await postApplication(t, job, payload);
    expect(res.statusCode).toBe(201);
    const [row] = (await t.app.repos.pipeline.all({ jobId: job, reach: EVERYTHING })).filter(
      (a) => a.email === marker.email,
    );
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/recruiters/applicants/${row!.applicantId}/notes`,
      headers: { ...consoleHeaders(t, admin, 'write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ text: marker.note }),
    });
    expect(note.statusCode).toBe(201);
    // The search sees what was planted (so its silence afterwards means something).
    expect(foundOnDisk(t.db.dataDir, marker).map((hit) => hit.split(' ')[0])).toEqual(
      expect.arrayContaining(Object.keys(marker)),
    );
    return marker;
  }

  /** An administrator's erasure of everything held under `email`, from the console. */
  const eraseFromConsole = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/recruiters/erasures',
      headers: { ...consoleHeaders(t, admin, 'write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    });

  /** A "send me my links" request for `email`, as the status page's form makes it. */
  const askForLinks = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/applications/links',
      headers: { ...t.headers('write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ Email: email }),
    });

  /** The applicant's row, found by the planted address. */
  async function applicantOf(marker: { email: string }) {
    const [row] = (await t.app.repos.pipeline.all({ jobId, reach: EVERYTHING })).filter(
      (a) => a.email === marker.email,
    );
    return row!.applicantId;
  }

  it('after an erasure from the console', async () => {
    const marker = await plant('console');
    const res = await eraseFromConsole(marker.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applicants: 1, resumes: 1 });
    expect(foundOnDisk(t.db.dataDir, marker)).toEqual([]);
  });

  it('after an erasure from the command line', async () => {
    const marker = await plant('cli');
    await run(
      'npx',
      ['tsx', 'apps/server/src/cli/admin.ts', 'applicants', 'erase', '--email', marker.email],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: t.db.dataDir, DATABASE_URL: '', ADMIN_TOKEN: '' },
      },
    );
    expect(foundOnDisk(t.db.dataDir, marker)).toEqual([]);
  }, 60_000);

  it('after an erasure of a person who only asked for job alerts', async () => {
    const marker = { email: `${letters('alertsonly').toLowerCase()}@example.com` };
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { ...t.headers('write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ Email: marker.email, Frequency: 'weekly' }),
    });
    expect(subscribe.statusCode).toBe(202);
    expect(foundOnDisk(t.db.dataDir, marker)).not.toEqual([]);
    const res = await eraseFromConsole(marker.email);
    expect(res.statusCode).toBe(200);
    // The alert's confirmation mail was still queued: it goes with the alert.
    expect(res.json()).toEqual({ applicants: 0, resumes: 0, mails: 1 });
    expect(foundOnDisk(t.db.dataDir, marker)).toEqual([]);
  });

  it("after the applicant's own erase link", async () => {
    const marker = await plant('link');
    const applicantId = await applicantOf(marker);
    const now = new Date();
    // The link the applicant's "Erase my data" mails (domains/applicant/applicant-page.ts).
    const token = await writeTransaction(t.db.handle.db, (trx) =>
      issueApplicantLink(trx, applicantId, 'erase', now),
    );
    // What POST /applications/erase/<token> does once confirmed (routes/applicant-page.ts).
    const erased = await t.app.repos.applicants.eraseByLink(token, now);
    expect(erased).toMatchObject({ applicants: 1, resumes: 1 });
    expect(foundOnDisk(t.db.dataDir, marker)).toEqual([]);
  });

  /** A resume with nothing planted in it, as the status page's form sends one. */
  const plainResume = () => ({
    bytes: pdfFile(),
    kind: 'pdf',
    mimeType: 'application/pdf',
    fileName: 'newer.pdf',
  });

  it("after the applicant replaced their resume, the old one's bytes", async () => {
    const marker = await plant('replace');
    const token = await statusLinkToken(t, await applicantOf(marker));
    // What POST /applications/<token>/resume does with a checked file (routes/applicant-page.ts).
    expect(await t.app.applicantPage.replaceResume(token, plainResume(), new Date())).toBe(true);
    expect(foundOnDisk(t.db.dataDir, { resume: marker.resume })).toEqual([]);
  });

  it('after a replaced resume whose checkpoint a reader held up, at the next queue run', async () => {
    const marker = await plant('held');
    const token = await statusLinkToken(t, await applicantOf(marker));
    // Another connection in the middle of a read (a backup, the CLI) holds an older snapshot.
    const reader = new SqliteDatabase(path.join(t.db.dataDir, 'site.db'));
    try {
      reader.prepare('begin').run();
      reader.prepare('select count(*) from attachments').get();
      expect(await t.app.applicantPage.replaceResume(token, plainResume(), new Date())).toBe(true);
      // Said in docs/careers.md: the old bytes stay while the reader holds its snapshot.
      expect(foundOnDisk(t.db.dataDir, { resume: marker.resume })).not.toEqual([]);
      reader.prepare('commit').run();
    } finally {
      reader.close();
    }
    await t.app.linkRequests.runOnce();
    expect(foundOnDisk(t.db.dataDir, { resume: marker.resume })).toEqual([]);
  });

  it('after a links request is handled, the address asked with', async () => {
    const marker = { email: `${letters('asked').toLowerCase()}@example.com` };
    const res = await askForLinks(marker.email);
    expect(res.statusCode).toBe(202);
    expect(foundOnDisk(t.db.dataDir, marker)).not.toEqual([]);
    await t.app.linkRequests.runOnce();
    expect(foundOnDisk(t.db.dataDir, marker)).toEqual([]);
  });

  it('after the links mail is sent, the status link it carried', async () => {
    const planted = await plant('mailed');
    const res = await askForLinks(planted.email);
    expect(res.statusCode).toBe(202);
    expect(await t.app.linkRequests.runOnce()).toBe(1);
    const mail = await t.db.handle.db
      .selectFrom('mailQueue')
      .select('textBody')
      .where('kind', '=', 'applicant-links')
      .where('toAddress', '=', planted.email)
      .executeTakeFirstOrThrow();
    // The link's secret: only its hash is kept once the mail is gone (docs/careers.md).
    const marker = { statusLink: STATUS_LINK_IN_MAIL.exec(mail.textBody)![1]! };
    expect(foundOnDisk(t.db.dataDir, marker)).not.toEqual([]);
    while ((await t.app.mailer.runOnce()) > 0);
    expect(foundOnDisk(t.db.dataDir, marker)).toEqual([]);
  });

  it('after a retention run', async () => {
    const closing = await createOpening(t, 'ERASE-DISK-RETENTION');
    const marker = await plant('retention', closing);
    await t.app.repos.jobs.update(closing, { isOpen: false }, new Date());
    const erased = await t.app.retention.runOnce(new Date(Date.now() + 400 * DAY));
    expect(erased).toMatchObject({ applicants: 1, resumes: 1 });
    expect(foundOnDisk(t.db.dataDir, marker)).toEqual([]);
  });
});

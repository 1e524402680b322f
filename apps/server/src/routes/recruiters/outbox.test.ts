import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxList, OutboxMail } from '@lumenfield/contract';
import { keepsLocalOutbox } from '../../config';
import { OUTBOX_KEEPS } from '../../domains/mail/outbox-repository';
import {
  applicationPayload,
  createOpening,
  postApplication,
  STATUS_LINK_IN_MAIL,
} from '../../test/legacy/application';
import { consoleGet, createUser, openSession } from '../../test/console';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, createTestDb, engine, type TestApp } from '../../test/test-app';

const OUTBOX = '/api/recruiters/outbox';

describe('the local outbox is on only without a mail server, on a loopback host', () => {
  it.each([
    [{ host: '127.0.0.1' }, true],
    [{ host: 'localhost' }, true],
    [{ host: '::1' }, true],
    [{ host: '127.3.4.5', publicUrl: 'http://localhost:3000' }, true],
    [{ host: '127.0.0.1', publicUrl: 'http://[::1]:8080' }, true],
    [{ host: '0.0.0.0' }, false],
    [{ host: '::' }, false],
    [{ host: '10.0.0.7' }, false],
    [{ host: '127.0.0.1', publicUrl: 'https://careers.example.com' }, false],
    [{ host: '127.0.0.1', publicUrl: 'http://127.0.0.1.example.com' }, false],
    [{ host: '127.0.0.1', smtpUrl: 'smtp://127.0.0.1:2525' }, false],
  ])('%j: %s', (where, kept) => {
    expect(keepsLocalOutbox({ smtpUrl: undefined, publicUrl: undefined, ...where })).toBe(kept);
  });
});

describe(`the local outbox: mail kept for an admin to read (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let admin: string;
  beforeAll(async () => {
    // The test app listens nowhere; its HOST is the default, 127.0.0.1, and no SMTP_URL.
    t = await createTestApp();
    jobId = await createOpening(t, 'BOX-1');
    admin = await openSession(t, await createUser(t, 'box.admin@example.com', 'admin'));
  });
  afterAll(() => t.close());

  it('a confirmation is kept whole, with its status link; an admin lists and opens it, audited', async () => {
    expect(t.config.mailOutbox).toBe(true);
    const res = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: 'newcomer@example.com', FirstName: 'Nia' }),
    );
    expect(res.statusCode).toBe(201);
    expect(await t.app.mailer.runOnce()).toBe(2);

    const list = await consoleGet<OutboxList>(t, OUTBOX, admin);
    expect(list.status).toBe(200);
    expect(list.body.kept).toBe(true);
    expect(list.body.mails.map((mail) => mail.kind).sort()).toEqual([
      'applicant-confirmation',
      'recruiter-notice',
    ]);
    const summary = list.body.mails.find((mail) => mail.kind === 'applicant-confirmation')!;
    expect(summary.to).toEqual(['newcomer@example.com']);
    expect(summary.subject).toBe('Your application for Opening BOX-1');

    const one = await consoleGet<OutboxMail>(t, `${OUTBOX}/${summary.id}`, admin);
    expect(one.status).toBe(200);
    expect(one.body.text).toContain('Hello Nia,');
    expect(one.body.text).toMatch(STATUS_LINK_IN_MAIL);
    expect(one.body.html).toMatch(/<a href="[^"]*\/applications\/[A-Za-z0-9_-]{43}"/);
    const audit = (await t.app.repos.audit.list({}, 1, 100)).items;
    expect(audit.find((row) => row.action === 'outbox-list')?.detail).toBe('2 mails');
    expect(audit.find((row) => row.action === 'outbox-mail-view')).toMatchObject({
      actorEmail: 'box.admin@example.com',
      target: `outbox mail ${summary.id}`,
    });
    // Nothing of the mail in the audit log.
    expect(JSON.stringify(audit)).not.toContain('newcomer@example.com');
  });

  it('only admins read it: a recruiter is refused', async () => {
    const recruiter = await openSession(t, await createUser(t, 'box.rec@example.com', 'recruiter'));
    expect((await consoleGet(t, OUTBOX, recruiter)).status).toBe(403);
    expect((await consoleGet(t, `${OUTBOX}/1`, recruiter)).status).toBe(403);
    expect((await consoleGet(t, `${OUTBOX}/999999`, admin)).status).toBe(404);
  });

  it('keeps the newest mails only, and an erased applicant’s mail goes with them', async () => {
    const { outbox } = t.app.repos;
    const mail = {
      id: 0,
      attempts: 0,
      replyToken: null,
      kind: 'job-alert' as const,
      to: ['alerts@example.com'],
      subject: 'Filler',
      text: 'Filler',
      html: '<p>Filler</p>',
    };
    for (let i = 0; i < OUTBOX_KEEPS + 3; i += 1) {
      await outbox.keep({ ...mail, subject: `Filler ${i}` }, new Date());
    }
    const kept = await outbox.list();
    expect(kept).toHaveLength(OUTBOX_KEEPS);
    expect(kept[0]!.subject).toBe(`Filler ${OUTBOX_KEEPS + 2}`);
    expect(kept.at(-1)!.subject).toBe('Filler 3');

    const res = await postApplication(t, jobId, applicationPayload({ Email: 'gone@example.com' }));
    const { ApplicantID } = res.json() as { ApplicantID: number };
    await t.app.mailer.runOnce();
    const own = () =>
      t.db.handle.db
        .selectFrom('localOutbox')
        .select('id')
        .where('applicantId', '=', ApplicantID)
        .execute();
    expect(await own()).toHaveLength(2);
    await t.app.repos.applicants.eraseByEmail('gone@example.com', { label: 'cli' }, new Date());
    expect(await own()).toHaveLength(0);
  });
});

describe(`no local outbox where a mail server is set, or the host is not loopback (${engine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it.each([
    ['SMTP_URL set', () => ({ SMTP_URL: smtp.url })],
    ['HOST 0.0.0.0', () => ({ HOST: '0.0.0.0' })],
    ['a public PUBLIC_URL', () => ({ PUBLIC_URL: 'https://careers.example.com' })],
  ])('%s: nothing is kept, and the screen says so', async (_, env) => {
    const db = await createTestDb();
    // Mail kept by an earlier run without a mail server is dropped once the outbox is off.
    const before = await createTestApp({}, { db });
    await before.app.repos.outbox.keep(
      {
        id: 0,
        attempts: 0,
        replyToken: null,
        kind: 'job-alert',
        to: ['a@example.com'],
        subject: 'Old',
        text: '',
        html: '',
      },
      new Date(),
    );
    await before.app.close();
    const t = await createTestApp(env(), { db });
    try {
      expect(t.config.mailOutbox).toBe(false);
      const jobId = await createOpening(t, 'BOX-2');
      const sunk = smtp.received.length;
      await postApplication(t, jobId, applicationPayload({ Email: 'real.mail@example.com' }));
      expect(await t.app.mailer.runOnce()).toBe(2);
      expect(await t.app.repos.outbox.list()).toEqual([]);
      if ('SMTP_URL' in env()) expect(smtp.received.length).toBe(sunk + 2);
      const session = await openSession(t, await createUser(t, 'off.admin@example.com', 'admin'));
      const list = await consoleGet<OutboxList>(t, OUTBOX, session);
      expect(list.body).toMatchObject({ kept: false, mails: [] });
    } finally {
      await t.close();
      await db.destroy();
    }
  });
});

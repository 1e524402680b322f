import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { freePort } from '../../test/ports';
import { readableMail as readable, startSmtpServer } from '../../test/smtp';
import { mailRepository } from './mail-repository';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from './mail-sender';

const queue = (t: TestApp) => mailRepository(t.db.handle.db);

describe(`application mail: queued with the application, sent in the background (${engine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let jobId: number;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Careers <careers@example.com>' });
    jobId = await createOpening(t, 'MAIL-1');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a confirmation to the applicant and a notice to the contact persons, no resume attached', async () => {
    const res = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: 'ana.mail@example.com', FirstName: 'Ana' }),
    );
    expect(res.statusCode).toBe(201);
    // Queued in the application's transaction: there before any sender ran.
    expect(await queue(t).depth()).toEqual({ pending: 2, failed: 0 });

    expect(await t.app.mailer.runOnce()).toBe(2);
    expect(smtp.received).toHaveLength(2);
    const confirmation = smtp.received.find((m) => m.to.includes('ana.mail@example.com'));
    const notice = smtp.received.find((m) => m.to.includes('priya.raman@example.com'));
    expect(confirmation && notice).toBeTruthy();
    const text = readable(confirmation!.raw);
    expect(text).toContain('Subject: Your application for Opening MAIL-1');
    expect(text).toContain('Hello Ana,');
    expect(text).toContain('What happens next');
    expect(text).toContain('/privacypolicy');
    expect(text).toContain('until 365 days after the opening closes');
    expect(text).toMatch(/Content-Type: text\/plain/);
    expect(text).toMatch(/Content-Type: text\/html/);
    // The HTML part is a document named by its subject, as a mail reader lists it.
    expect(text).toContain('<title>Your application for Opening MAIL-1</title>');
    expect(readable(notice!.raw)).toContain('Subject: New application: Opening MAIL-1 (MAIL-1)');
    // A link to the applicant's page in the console, not the resume.
    const { ApplicantID } = res.json() as { ApplicantID: number };
    expect(readable(notice!.raw)).toContain(`/recruiters/applicants/${ApplicantID}`);
    for (const mail of smtp.received) {
      expect(mail.from).toBe('careers@example.com');
      expect(mail.raw).not.toMatch(/Content-Disposition: attachment|application\/pdf/);
    }
    // Sent mail is not kept.
    expect(await queue(t).depth()).toEqual({ pending: 0, failed: 0 });
  });

  it('a duplicate submit queues nothing more', async () => {
    const payload = applicationPayload({ Email: 'twice.mail@example.com' });
    expect((await postApplication(t, jobId, payload)).statusCode).toBe(201);
    expect((await postApplication(t, jobId, payload)).statusCode).toBe(200);
    expect((await queue(t).depth()).pending).toBe(2);
    await t.app.mailer.runOnce();
  });

  it('two nodes sending at once deliver each mail once', async () => {
    const other = await createTestApp({ SMTP_URL: smtp.url }, { db: t.db });
    try {
      smtp.received.length = 0;
      for (const n of [1, 2, 3]) {
        const payload = applicationPayload({ Email: `node.${n}@example.com` });
        expect((await postApplication(t, jobId, payload)).statusCode).toBe(201);
      }
      const [a, b] = await Promise.all([t.app.mailer.runOnce(), other.app.mailer.runOnce()]);
      expect(a + b).toBe(6);
      expect(smtp.received).toHaveLength(6);
    } finally {
      await other.close();
    }
  });
});

describe(`application mail while the mail server is down (${engine})`, () => {
  it('the application is accepted; the mail waits and goes when the server is back', async () => {
    // Nothing listens there: a mail server that is down.
    const port = await freePort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const jobId = await createOpening(t, 'MAIL-DOWN');
      // No sender has run yet: the answer never waited for the mail server.
      const res = await postApplication(
        t,
        jobId,
        applicationPayload({ Email: 'down@example.com' }),
      );
      expect(res.statusCode).toBe(201);

      const now = new Date();
      expect(await t.app.mailer.runOnce(now)).toBe(0);
      expect(await queue(t).depth()).toEqual({ pending: 2, failed: 0 });
      // Not due again until the retry delay has passed.
      expect(await t.app.mailer.runOnce(new Date(now.getTime() + 1_000))).toBe(0);

      // The server comes back on that port; the next due run delivers both.
      const smtp = await startSmtpServer();
      const back = await createTestApp({ SMTP_URL: smtp.url }, { db: t.db });
      try {
        const later = new Date(now.getTime() + retryDelayMs(1) + 1_000);
        expect(await back.app.mailer.runOnce(later)).toBe(2);
        expect(smtp.received.map((m) => m.to).flat()).toContain('down@example.com');
      } finally {
        await back.close();
        await smtp.close();
      }
    } finally {
      await t.close();
    }
  });

  it('gives up after the last try, keeping the mail as failed', async () => {
    // Nothing listens there: a mail server that is down.
    const port = await freePort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const jobId = await createOpening(t, 'MAIL-FAIL');
      await postApplication(t, jobId, applicationPayload({ Email: 'never@example.com' }));
      let at = Date.now();
      for (let n = 1; n <= MAX_MAIL_ATTEMPTS; n++) {
        await t.app.mailer.runOnce(new Date(at));
        at += retryDelayMs(n) + 1_000;
      }
      expect(await queue(t).depth()).toEqual({ pending: 0, failed: 2 });
    } finally {
      await t.close();
    }
  });
});

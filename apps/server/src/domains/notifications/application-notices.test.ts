import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApplication } from '../../test/applicants';
import { consoleGet, consoleRequest, createUser, openSession } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { readableMail, startSmtpServer } from '../../test/smtp';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

describe(`new-application notices: instant or a daily digest (${engine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Careers <careers@example.com>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sent = async (now: Date) => {
    const before = smtp.received.length;
    while ((await t.app.mailer.runOnce(now)) > 0);
    return smtp.received.slice(before).map((mail) => ({ ...mail, raw: readableMail(mail.raw) }));
  };
  const at = (day: number, hour: number, minute = 0) =>
    new Date(Date.UTC(2026, 9, day, hour, minute));

  it('60 applications: a mail each to instant contacts, one digest a day to a daily one', async () => {
    const jobId = await createOpening(t, 'DAILY-1');
    // In Manila (UTC+8) the digest's 08:00 is midnight UTC.
    const daily = await createUser(t, 'daily.dana@example.com', 'recruiter', 'Dana Daily');
    await t.db.handle.db
      .updateTable('users')
      .set({ timeZone: 'Asia/Manila' })
      .where('id', '=', daily.id)
      .execute();
    await createUser(t, 'instant.ian@example.com', 'recruiter', 'Ian Instant');
    const session = await openSession(t, daily);
    const setting = '/api/recruiters/session/application-notices';
    expect((await consoleGet(t, setting, session)).body).toEqual({ notices: 'instant' });
    const put = await consoleRequest(t, session, 'PUT', setting, { notices: 'daily' });
    expect(put.statusCode).toBe(200);
    expect((await consoleGet(t, setting, session)).body).toEqual({ notices: 'daily' });

    const contactEmails = [
      'Daily.Dana@example.com',
      'instant.ian@example.com',
      'outside@example.com',
    ];
    const apply = (n: number, now: Date) =>
      t.app.repos.applicants.create(
        {
          ...newApplication(
            jobId,
            { firstName: 'Ada', lastName: `Many${n}`, email: `many.${n}@example.com` },
            7000 + n,
          ),
          mail: {
            job: {
              id: jobId,
              code: 'DAILY-1',
              title: 'Claims analyst',
              location: 'Pune',
              contactEmails,
            },
            origin: 'https://careers.example.com',
            retentionDays: 365,
            capPerAddress: 10,
          },
        },
        now,
      );
    const applied = at(5, 10);
    for (let n = 0; n < 60; n++) await apply(n, applied);

    const notices = (await sent(applied)).filter((mail) => mail.raw.includes('New application:'));
    expect(notices).toHaveLength(60);
    for (const mail of notices) {
      expect(mail.to).toEqual(['instant.ian@example.com', 'outside@example.com']);
    }

    // 07:30 in Manila: not yet.
    expect((await t.app.notificationMail.runOnce(at(5, 23, 30)))!.dailyApplications).toBe(0);
    // 08:05: one digest, all 60, per opening, with no applicant's name.
    const morning = at(6, 0, 5);
    expect((await t.app.notificationMail.runOnce(morning))!.dailyApplications).toBe(1);
    const [digest, ...more] = await sent(morning);
    expect(more).toEqual([]);
    expect(digest!.to).toEqual(['daily.dana@example.com']);
    expect(digest!.raw).toContain('Subject: New applications: 60 since your last digest');
    expect(digest!.raw).toMatch(
      new RegExp(
        `Opening DAILY-1 \\(job code DAILY-1\\): 60 new: https?://\\S+/recruiters/openings/${jobId}/board`,
      ),
    );
    expect(digest!.raw).not.toContain('Many');

    // Another application the same (Manila) day waits for the next morning.
    await apply(60, at(6, 5));
    expect((await t.app.notificationMail.runOnce(at(6, 20)))!.dailyApplications).toBe(0);
    expect((await t.app.notificationMail.runOnce(at(7, 0, 10)))!.dailyApplications).toBe(1);
    const [next, ...others] = (await sent(at(7, 0, 10))).filter((mail) =>
      mail.to.includes('daily.dana@example.com'),
    );
    expect(others).toEqual([]);
    expect(next!.raw).toContain('Subject: New applications: 1 since your last digest');
    // 60 applications and their 120 mails through a real SMTP server: more than a case's 20 s.
  }, 120_000);
});

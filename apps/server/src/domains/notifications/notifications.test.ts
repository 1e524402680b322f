import type { NotificationsPage } from '@lumenfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { changeApplicants } from '../../db/write-transaction';
import { newApplication } from '../../test/applicants';
import { consoleGet, consoleRequest, createUser, openSession } from '../../test/console';
import { putOnTeam } from '../../test/hiring';
import { interviewSetup, scheduleInterview } from '../../test/interviews';
import { createOpening } from '../../test/legacy/application';
import { readableMail, startSmtpServer } from '../../test/smtp';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { recordReply } from '../conversations/replies';

describe(`notifications, mentions and their digest (${engine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let seq = 0;
  const db = (): Db => t.db.handle.db;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Careers <careers@example.com>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const apply = async (jobId: number, lastName = `Mention${seq}`) =>
    (
      await t.app.repos.applicants.create(
        newApplication(
          jobId,
          { firstName: 'Noa', lastName, email: `notify.${seq}@example.com` },
          5000 + seq++,
        ),
        new Date(),
      )
    ).applicantId;
  const list = (session: string, query = '') =>
    consoleGet<NotificationsPage>(t, `/api/recruiters/notifications${query}`, session);
  const note = (session: string, applicantId: number, text: string) =>
    consoleRequest(t, session, 'POST', `/api/recruiters/applicants/${applicantId}/notes`, {
      text,
    });
  /** Sends what is queued; answers the mails the sink received meanwhile, readable. */
  const sent = async (now: Date) => {
    const before = smtp.received.length;
    await t.app.mailer.runOnce(now);
    return smtp.received.slice(before).map((mail) => ({ ...mail, raw: readableMail(mail.raw) }));
  };

  it('a mention tells the colleague who reaches the applicant, in the note’s transaction', async () => {
    const jobId = await createOpening(t, `NOTE-${seq}`);
    const writer = await createUser(t, 'mention.writer@example.com', 'recruiter', 'Wanda Writer');
    const colleague = await createUser(
      t,
      'mention.rita@example.com',
      'recruiter',
      'Rita Ösztergom Díaz',
    );
    // A hiring manager not on this opening's team does not reach its applicants.
    const outsider = await createUser(t, 'mention.hm@example.com', 'hiring_manager', 'Hal Manager');
    const applicantId = await apply(jobId, 'Mentioned');
    const session = await openSession(t, writer);

    const mentionable = await consoleGet<{ people: { name: string }[] }>(
      t,
      `/api/recruiters/applicants/${applicantId}/mentionable`,
      session,
    );
    const names = mentionable.body.people.map((person) => person.name);
    expect(names).toContain('Rita Ösztergom Díaz');
    expect(names).not.toContain('Hal Manager');
    expect(names).not.toContain('Wanda Writer');

    const res = await note(
      session,
      applicantId,
      'Strong on SQL. @[rita ösztergom díaz] and @[Hal Manager], please read; @[Wanda Writer] too.',
    );
    expect(res.statusCode).toBe(201);

    const ritas = await list(await openSession(t, colleague));
    expect(ritas.body.unread).toBe(1);
    expect(ritas.body.items).toEqual([
      expect.objectContaining({
        kind: 'mention',
        applicantId,
        detail: `Wanda Writer mentioned you in a note on Noa Mentioned (Opening NOTE-${seq - 1})`,
        readOn: null,
      }),
    ]);
    // Not the one who cannot reach the applicant, nor the writer themselves.
    expect((await list(await openSession(t, outsider))).body.items).toEqual([]);
    expect((await list(session)).body.items).toEqual([]);

    // Once on the team, the hiring manager is told of the next mention.
    await putOnTeam(t, jobId, outsider.id, 'hiring_manager');
    await note(session, applicantId, '@[Hal Manager] now you can see her.');
    const hals = await list(await openSession(t, outsider));
    expect(hals.body.items.map((item) => item.kind)).toEqual(['mention']);
  });

  it('lists only your own, within your reach, newest first, paged, and marks them read', async () => {
    const jobId = await createOpening(t, `LIST-${seq}`);
    const other = await createOpening(t, `LIST-OTHER-${seq}`);
    const manager = await createUser(t, 'list.hm@example.com', 'hiring_manager', 'Mia Manager');
    await putOnTeam(t, jobId, manager.id, 'hiring_manager');
    const reached = await apply(jobId);
    const unreached = await apply(other);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 9, minutes));
    await changeApplicants(db(), [reached, unreached], async (trx) => {
      for (let i = 0; i < 30; i++) {
        await trx
          .insertInto('notifications')
          .values({
            userId: manager.id,
            kind: 'reply',
            applicantId: i === 29 ? unreached : reached,
            detail: `line ${i}`,
            createdAt: at(i).toISOString(),
          })
          .execute();
      }
    });
    const session = await openSession(t, manager);
    const first = await list(session);
    // The newest is about an applicant out of reach: hidden, and not counted.
    expect(first.body.unread).toBe(29);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0]!.detail).toBe('line 28');
    const second = await list(session, `?before=${first.body.next}`);
    expect(second.body.items.map((item) => item.detail)).toEqual([
      'line 3',
      'line 2',
      'line 1',
      'line 0',
    ]);
    expect(second.body.next).toBeNull();

    const someoneElses = await createUser(t, 'list.other@example.com', 'recruiter', 'Otto Other');
    const read = await consoleRequest(
      t,
      await openSession(t, someoneElses),
      'POST',
      '/api/recruiters/notifications/read',
      {
        notificationIds: [first.body.items[0]!.notificationId],
      },
    );
    expect(read.statusCode).toBe(200);
    expect((await list(session)).body.unread).toBe(29);

    const mine = await consoleRequest(t, session, 'POST', '/api/recruiters/notifications/read', {
      notificationIds: [first.body.items[0]!.notificationId],
    });
    expect(mine.json()).toEqual({ unread: 28 });
    expect((await list(session)).body.items[0]!.readOn).not.toBeNull();
    await consoleRequest(t, session, 'POST', '/api/recruiters/notifications/read', {});
    expect((await list(session)).body.unread).toBe(0);
  });

  /** Mails what earlier cases left (at a time before the case's own), so each case sees its own. */
  const drain = async (before: Date) => {
    await t.app.notificationMail.runOnce(before);
    await sent(before);
  };

  it('mails mentions and replies as one digest, at most once per 15 minutes, links only', async () => {
    const jobId = await createOpening(t, `DIGEST-${seq}`);
    const recruiter = await createUser(t, 'digest.rec@example.com', 'recruiter', 'Dee Gest');
    const writer = await createUser(t, 'digest.writer@example.com', 'recruiter', 'Will Writer');
    await putOnTeam(t, jobId, recruiter.id, 'recruiter');
    const applicantId = await apply(jobId, 'Digested');
    const start = new Date(Date.UTC(2026, 10, 3, 9, 0));
    await drain(new Date(start.getTime() - 3_600_000));
    await changeApplicants(db(), [applicantId], (trx) =>
      recordReply(trx, {
        applicantId,
        channel: 'status-page',
        subject: null,
        body: 'My private answer about salary.',
        receivedAt: start,
      }),
    );
    await note(
      await openSession(t, writer),
      applicantId,
      '@[Dee Gest] she answered about the salary.',
    );

    expect(await t.app.notificationMail.runOnce(start)).toEqual({
      digests: 1,
      dailyApplications: 0,
    });
    const [digest, ...more] = await sent(start);
    expect(more).toEqual([]);
    expect(digest!.to).toEqual(['digest.rec@example.com']);
    expect(digest!.raw).toContain('Subject: 2 things need you in the console');
    expect(digest!.raw).toContain(`Noa Digested replied (Opening DIGEST-${seq - 1})`);
    expect(digest!.raw).toContain('Will Writer mentioned you in a note on Noa Digested');
    expect(digest!.raw).toContain(`/recruiters/applicants/${applicantId}`);
    // What the candidate or the note said stays behind the sign-in.
    expect(digest!.raw).not.toContain('salary');

    // Another mention 5 minutes later waits for the 15 minutes to pass.
    await note(await openSession(t, writer), applicantId, 'And @[Dee Gest] once more.');
    const later = new Date(start.getTime() + 5 * 60_000);
    expect(await t.app.notificationMail.runOnce(later)).toEqual({
      digests: 0,
      dailyApplications: 0,
    });
    const quarter = new Date(start.getTime() + 15 * 60_000);
    expect((await t.app.notificationMail.runOnce(quarter))!.digests).toBe(1);
    const [second] = await sent(quarter);
    expect(second!.raw).toContain('Subject: Something needs you in the console');
    // Nothing left to mail.
    const after = new Date(start.getTime() + 60 * 60_000);
    expect((await t.app.notificationMail.runOnce(after))!.digests).toBe(0);
  });

  it('a notification already read in the console is not mailed', async () => {
    const jobId = await createOpening(t, `READ-${seq}`);
    const recruiter = await createUser(t, 'read.rec@example.com', 'recruiter', 'Reed Early');
    await putOnTeam(t, jobId, recruiter.id, 'recruiter');
    const applicantId = await apply(jobId);
    const now = new Date(Date.UTC(2026, 10, 4, 9, 0));
    await drain(new Date(now.getTime() - 3_600_000));
    await changeApplicants(db(), [applicantId], (trx) =>
      recordReply(trx, {
        applicantId,
        channel: 'status-page',
        subject: null,
        body: 'Hi',
        receivedAt: now,
      }),
    );
    await consoleRequest(
      t,
      await openSession(t, recruiter),
      'POST',
      '/api/recruiters/notifications/read',
      {},
    );
    expect((await t.app.notificationMail.runOnce(now))!.digests).toBe(0);
    expect(await sent(now)).toEqual([]);
  });
});

describe(`feedback due and bulk results reach the notifications (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const kinds = async (userId: number) =>
    (
      await t.db.handle.db
        .selectFrom('notifications')
        .select(['kind', 'applicantId', 'detail'])
        .where('userId', '=', userId)
        .orderBy('id')
        .execute()
    ).map((row) => `${row.kind} ${row.applicantId ?? '-'} ${row.detail}`);

  it('an overdue scorecard tells its interviewer, once, with the reminder', async () => {
    const setup = await interviewSetup(t, { firstName: 'Fay', lastName: 'Due' });
    const ivy = await createUser(t, 'due.ivy@example.com', 'interviewer', 'Ivy Interviewer');
    const startsAt = new Date(Date.now() - 30 * 3_600_000);
    await scheduleInterview(t, setup, { startsAt, timeZone: 'UTC', interviewerIds: [ivy.id] });
    const origin = 'https://careers.example.com';
    await t.app.repos.scorecards.remindOverdue(new Date(), origin);
    await t.app.repos.scorecards.remindOverdue(new Date(), origin);
    expect(await kinds(ivy.id)).toEqual([
      `feedback-due ${setup.applicantId} Your scorecard for Technical interview with Fay Due (Opening ${
        (
          await t.db.handle.db
            .selectFrom('jobs')
            .select('code')
            .where('id', '=', setup.jobId)
            .executeTakeFirstOrThrow()
        ).code
      }) is overdue`,
    ]);
  });

  it('a bulk move tells its person how it went', async () => {
    const jobId = await createOpening(t, 'BULK-NOTE');
    const rec = await createUser(t, 'bulk.rec@example.com', 'recruiter', 'Bo Bulk');
    const ids = [];
    for (let n = 0; n < 3; n++) {
      ids.push(
        (
          await t.app.repos.applicants.create(
            newApplication(
              jobId,
              { lastName: `Bulk${n}`, email: `bulk.${n}@example.com` },
              9000 + n,
            ),
            new Date(),
          )
        ).applicantId,
      );
    }
    const res = await consoleRequest(
      t,
      await openSession(t, rec),
      'POST',
      '/api/recruiters/applicants/bulk',
      {
        // The third was seen in another stage: skipped.
        applicants: ids.map((applicantId, n) => ({
          applicantId,
          stage: n === 2 ? 'Interview' : 'New',
        })),
        action: { kind: 'move', stage: 'Screening' },
      },
    );
    expect(res.statusCode).toBe(200);
    expect(await kinds(rec.id)).toEqual([
      'bulk-result - Bulk move to Screening: 2 done, 1 skipped',
    ]);
  });
});

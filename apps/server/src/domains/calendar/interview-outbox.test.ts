import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { readableMail, startSmtpServer } from '../../test/smtp';
import { parseInvitation } from '../../test/ical';
import {
  changeInterview,
  interviewer,
  interviewSetup,
  scheduleInterview,
  type InterviewSetup,
} from '../../test/interviews';
import type { User } from '../accounts/users-repository';
import { createDb } from '../../db/create-db';
import { interviewOutbox } from './interview-outbox';

const HOUR = 3_600_000;

/**
 * Another node's own connection pool on PostgreSQL, where transactions truly run at once. On
 * SQLite two nodes in one process share the handle (a second one would wait on the file's lock
 * synchronously, stalling the first): their runs still interleave between statements.
 */
const secondPool = (t: TestApp) =>
  engine === 'postgres'
    ? createDb({ databaseUrl: t.db.databaseUrl, dataDir: t.db.dataDir, schema: t.db.schema })
    : undefined;

/** The calendar mails queued for an interview's uid, oldest first (read before sending). */
async function queued(t: TestApp, applicantId: number) {
  return t.db.handle.db
    .selectFrom('mailQueue')
    .select(['kind', 'toAddress', 'subject', 'textBody', 'icalMethod', 'icalBody'])
    .where('applicantId', '=', applicantId)
    .where('kind', 'like', 'interview-%')
    .orderBy('id')
    .execute();
}

describe(`interview invitations: the outbox on the interviews (${engine})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let priya: User;
  let miguel: User;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Lumenfield Careers <careers@example.com>',
      PUBLIC_URL: 'https://careers.example.com',
    });
    priya = await interviewer(t, 'priya.cal@example.com', 'Priya Raman', 'Asia/Kolkata');
    miguel = await interviewer(t, 'miguel.cal@example.com', 'Miguel Santos', 'Asia/Manila');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // 09:00 local on the Monday after the US change to daylight time (Sunday 14 March 2027), on
  // the Monday before it, and in two zones without daylight time.
  it.each([
    ['America/New_York', 'after the March change', '2027-03-15T13:00:00.000Z'],
    ['America/New_York', 'before the March change', '2027-03-08T14:00:00.000Z'],
    ['Asia/Kolkata', 'no daylight time', '2027-03-15T03:30:00.000Z'],
    ['Asia/Manila', 'no daylight time', '2027-03-15T01:00:00.000Z'],
  ])(
    'an interview at 09:00 %s (%s) is invited at %s, with its TZID and VTIMEZONE',
    async (zone, _when, instant) => {
      const setup = await interviewSetup(t);
      const startsAt = new Date(instant);
      const { uid } = await scheduleInterview(t, setup, {
        startsAt,
        timeZone: zone,
        interviewerIds: [priya.id],
      });
      await t.app.calendarMail.runOnce();
      const mails = await queued(t, setup.applicantId);
      expect(mails.map((m) => m.toAddress).sort()).toEqual(
        ['priya.cal@example.com', setup.email].sort(),
      );
      for (const mail of mails) {
        expect(mail.icalMethod).toBe('REQUEST');
        expect(mail.icalBody).toContain(`DTSTART;TZID=${zone}:`);
        expect(mail.icalBody).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}`);
        const event = parseInvitation(mail.icalBody!);
        expect(event.method).toBe('REQUEST');
        expect(event.uid).toBe(uid);
        expect(event.sequence).toBe(0);
        expect(event.start.toISOString()).toBe(instant);
        expect(event.startLocal).toEqual({ hour: 9, minute: 0, tzid: zone });
        expect(event.end.getTime() - event.start.getTime()).toBe(45 * 60_000);
        expect(event.organizer).toBe('mailto:careers@example.com');
        expect(event.location).toBe('https://meet.example.com/abc');
      }
      // The candidate's time is the interview's zone, named; Priya's is her own (India).
      const candidate = mails.find((m) => m.toAddress.startsWith('candidate.'))!;
      expect(candidate.textBody).toContain(`(${zone})`);
      expect(candidate.textBody).toMatch(/9:00 AM – 9:45 AM/);
      expect(mails.find((m) => m.toAddress === 'priya.cal@example.com')!.textBody).toContain(
        '(Asia/Kolkata)',
      );
      await t.app.mailer.runOnce();
    },
  );

  it('a change mails a REQUEST with the raised SEQUENCE and the same UID; a cancel mails METHOD:CANCEL', async () => {
    const setup = await interviewSetup(t, { firstName: 'Lea', lastName: 'Novak' });
    const first = new Date('2027-04-05T14:00:00.000Z');
    const { id, uid } = await scheduleInterview(t, setup, {
      startsAt: first,
      timeZone: 'America/New_York',
      interviewerIds: [priya.id, miguel.id],
    });
    const now = new Date();
    expect((await t.app.calendarMail.runOnce(now))?.invitations).toBe(3);
    // Nothing changed: nothing more to mail.
    expect((await t.app.calendarMail.runOnce(now))?.invitations).toBe(0);

    const moved = new Date('2027-04-06T15:00:00.000Z');
    await changeInterview(t, id, { startsAt: moved }, now);
    expect((await t.app.calendarMail.runOnce(now))?.invitations).toBe(3);
    await changeInterview(t, id, { status: 'cancelled' }, now);
    expect((await t.app.calendarMail.runOnce(now))?.invitations).toBe(3);

    const mails = await queued(t, setup.applicantId);
    const forPriya = mails.filter((m) => m.toAddress === 'priya.cal@example.com');
    const events = forPriya.map((m) => parseInvitation(m.icalBody!));
    expect(events.map((e) => [e.method, e.uid, e.sequence, e.status])).toEqual([
      ['REQUEST', uid, 0, 'CONFIRMED'],
      ['REQUEST', uid, 1, 'CONFIRMED'],
      ['CANCEL', uid, 2, 'CANCELLED'],
    ]);
    expect(events[1]!.start.toISOString()).toBe(moved.toISOString());
    expect(forPriya.map((m) => m.icalMethod)).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    expect(forPriya.map((m) => m.subject.split(':')[0])).toEqual([
      'Interview',
      'Updated',
      'Cancelled',
    ]);
    // Each change is audited with the mail it queued.
    const audit = await t.db.handle.db
      .selectFrom('auditLog')
      .select(['action', 'actorLabel', 'detail'])
      .where('target', '=', `applicant ${setup.applicantId}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'interview-invitation',
        actorLabel: 'calendar',
        detail: `interview ${id}, sequence 0: 3 mails queued`,
      },
      {
        action: 'interview-invitation',
        actorLabel: 'calendar',
        detail: `interview ${id}, sequence 1: 3 mails queued`,
      },
      {
        action: 'interview-cancellation',
        actorLabel: 'calendar',
        detail: `interview ${id}, sequence 2: 3 mails queued`,
      },
    ]);
    await t.app.mailer.runOnce();
  });

  it('an interviewer taken off gets a CANCEL, the one put on a first invitation, the others an update', async () => {
    const setup = await interviewSetup(t);
    const { id, uid } = await scheduleInterview(t, setup, {
      startsAt: new Date('2027-09-06T13:00:00.000Z'),
      timeZone: 'America/New_York',
      interviewerIds: [priya.id, miguel.id],
    });
    await t.app.calendarMail.runOnce();
    const sam = await interviewer(t, 'sam.cal@example.com', 'Sam Okafor', null);
    await t.db.handle.db
      .deleteFrom('interviewInterviewers')
      .where('interviewId', '=', id)
      .where('userId', '=', miguel.id)
      .execute();
    await t.db.handle.db
      .insertInto('interviewInterviewers')
      .values({ interviewId: id, userId: sam.id })
      .execute();
    await changeInterview(t, id, {});
    await t.app.calendarMail.runOnce();
    const second = (await queued(t, setup.applicantId)).slice(3);
    const byAddress = Object.fromEntries(
      second.map((m) => [m.toAddress, [m.icalMethod, m.subject.split(':')[0]]]),
    );
    expect(byAddress).toEqual({
      [setup.email]: ['REQUEST', 'Updated'],
      'priya.cal@example.com': ['REQUEST', 'Updated'],
      'sam.cal@example.com': ['REQUEST', 'Interview'],
      'miguel.cal@example.com': ['CANCEL', 'Cancelled'],
    });
    const withdrawn = parseInvitation(
      second.find((m) => m.toAddress === 'miguel.cal@example.com')!.icalBody!,
    );
    expect([withdrawn.uid, withdrawn.sequence, withdrawn.status]).toEqual([uid, 1, 'CANCELLED']);
    expect(withdrawn.attendees.map((a) => a.toLowerCase())).toEqual([
      'mailto:miguel.cal@example.com',
    ]);
    // Cancelled now: only those who have it in their calendar hear of it.
    await changeInterview(t, id, { status: 'cancelled' });
    await t.app.calendarMail.runOnce();
    const third = (await queued(t, setup.applicantId)).slice(7);
    expect(third.map((m) => m.toAddress).sort()).toEqual(
      [setup.email, 'priya.cal@example.com', 'sam.cal@example.com'].sort(),
    );
    await t.app.mailer.runOnce();
  });

  it('an offered interview gets no calendar mail, nor one cancelled before its invitation went', async () => {
    const setup = await interviewSetup(t);
    const { id } = await scheduleInterview(t, setup, {
      startsAt: new Date('2027-05-03T09:00:00Z'),
      timeZone: 'Asia/Manila',
      interviewerIds: [miguel.id],
    });
    await t.db.handle.db
      .updateTable('interviews')
      .set({ status: 'offered', startsAt: null })
      .where('id', '=', id)
      .execute();
    const now = new Date();
    await t.app.calendarMail.runOnce(now);
    expect(await queued(t, setup.applicantId)).toEqual([]);
    await t.db.handle.db
      .updateTable('interviews')
      .set({ status: 'scheduled', startsAt: '2027-05-03T09:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    await changeInterview(t, id, { status: 'cancelled' }, now);
    await t.app.calendarMail.runOnce(now);
    expect(await queued(t, setup.applicantId)).toEqual([]);
  });

  it('the mail at the SMTP server has the text/calendar part and the same as invite.ics', async () => {
    const setup = await interviewSetup(t, { email: 'smtp.candidate@example.com' });
    const { uid } = await scheduleInterview(t, setup, {
      startsAt: new Date('2027-06-07T13:00:00.000Z'),
      timeZone: 'America/New_York',
      interviewerIds: [priya.id],
    });
    smtp.received.length = 0;
    await t.app.calendarMail.runOnce();
    expect(await t.app.mailer.runOnce()).toBe(2);
    const mail = smtp.received.find((m) => m.to.includes('smtp.candidate@example.com'))!;
    expect(mail.from).toBe('careers@example.com');
    const raw = readableMail(mail.raw);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    expect(raw).toMatch(/Content-Type: application\/ics; name=invite\.ics/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=invite\.ics/);
    // The attachment, decoded, is the same invitation the alternative carries.
    const attachment =
      /filename=invite\.ics\r?\nContent-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
        mail.raw,
      );
    const ics = Buffer.from(attachment![1]!.replace(/\s/g, ''), 'base64').toString('utf8');
    const event = parseInvitation(ics);
    expect([event.method, event.uid, event.start.toISOString()]).toEqual([
      'REQUEST',
      uid,
      '2027-06-07T13:00:00.000Z',
    ]);
    expect(event.attendees.map((a) => a.toLowerCase())).toEqual([
      'mailto:smtp.candidate@example.com',
    ]);
    expect(raw).toContain('Hello Ana Cruz,');
    expect(raw).toContain('Times are in America/New_York time.');
  });

  it('two nodes on one database mail each change once', async () => {
    const other = await createTestApp({ SMTP_URL: smtp.url }, { db: t.db });
    const setups: InterviewSetup[] = [];
    for (let n = 0; n < 4; n++) {
      const setup = await interviewSetup(t);
      await scheduleInterview(t, setup, {
        startsAt: new Date(`2027-07-0${n + 1}T09:00:00Z`),
        timeZone: 'Asia/Kolkata',
        interviewerIds: [priya.id],
      });
      setups.push(setup);
    }
    const now = new Date();
    // Through the runs (one holds the lease), and through the outbox itself on two pools at
    // once, where only the claim on each interview keeps a change from going twice.
    const runs = await Promise.all([
      t.app.calendarMail.runOnce(now),
      other.app.calendarMail.runOnce(now),
    ]);
    const second = secondPool(t);
    try {
      for (const setup of setups.slice(0, 2)) {
        const { id } = await t.db.handle.db
          .selectFrom('interviews')
          .select('id')
          .where('applicantId', '=', setup.applicantId)
          .executeTakeFirstOrThrow();
        await changeInterview(t, id, { location: 'Room 4' }, now);
      }
      const setting = { mailFrom: t.config.mailFrom, origin: 'https://careers.example.com' };
      const both = await Promise.all([
        interviewOutbox(t.db.handle.db, setting).sendInvitations(now),
        interviewOutbox(second?.db ?? t.db.handle.db, setting).sendInvitations(now),
      ]);
      expect(runs.map((r) => r?.invitations ?? 0).reduce((a, b) => a + b)).toBe(8);
      expect(both[0] + both[1]).toBe(4);
    } finally {
      await second?.close();
      await other.close();
    }
    for (const [n, setup] of setups.entries()) {
      const mails = await queued(t, setup.applicantId);
      expect(mails, `interview ${n}`).toHaveLength(n < 2 ? 4 : 2);
    }
    await t.app.mailer.runOnce();
  });

  it('reminders go 24 hours before, once even with two nodes, again for a new start, never when cancelled', async () => {
    const now = new Date('2027-08-02T08:00:00Z');
    const tomorrow = new Date(now.getTime() + 20 * HOUR);
    const setup = await interviewSetup(t);
    const { id } = await scheduleInterview(t, setup, {
      startsAt: tomorrow,
      timeZone: 'America/New_York',
      interviewerIds: [priya.id, miguel.id],
    });
    const cancelledSetup = await interviewSetup(t);
    const cancelled = await scheduleInterview(t, cancelledSetup, {
      startsAt: tomorrow,
      timeZone: 'America/New_York',
      interviewerIds: [priya.id],
    });
    await changeInterview(
      t,
      cancelled.id,
      { status: 'cancelled' },
      new Date(now.getTime() - 48 * HOUR),
    );
    const lateSetup = await interviewSetup(t);
    // Booked three hours ahead: its invitation is its reminder.
    await scheduleInterview(t, lateSetup, {
      startsAt: new Date(now.getTime() + 3 * HOUR),
      timeZone: 'Asia/Manila',
      interviewerIds: [miguel.id],
      at: now,
    });
    const reminders = async (s: InterviewSetup) =>
      (await queued(t, s.applicantId)).filter((m) => m.kind === 'interview-reminder');

    // Two days ahead of it: none yet.
    await t.app.calendarMail.runOnce(new Date(now.getTime() - 48 * HOUR));
    expect(await reminders(setup)).toEqual([]);

    const other = await createTestApp({}, { db: t.db });
    const second = secondPool(t);
    const setting = { mailFrom: t.config.mailFrom, origin: 'https://careers.example.com' };
    try {
      await Promise.all([
        t.app.calendarMail.runOnce(now),
        other.app.calendarMail.runOnce(now),
        interviewOutbox(t.db.handle.db, setting).sendReminders(now),
        interviewOutbox(second?.db ?? t.db.handle.db, setting).sendReminders(now),
      ]);
      await other.app.calendarMail.runOnce(new Date(now.getTime() + HOUR));
    } finally {
      await second?.close();
      await other.close();
    }
    const sent = await reminders(setup);
    expect(sent.map((m) => m.toAddress).sort()).toEqual(
      ['miguel.cal@example.com', 'priya.cal@example.com', setup.email].sort(),
    );
    expect(sent.every((m) => m.icalMethod === null)).toBe(true);
    expect(sent.find((m) => m.toAddress === 'miguel.cal@example.com')!.subject).toContain(
      '(Asia/Manila)',
    );
    expect(await reminders(cancelledSetup)).toEqual([]);
    expect(await reminders(lateSetup)).toEqual([]);

    // Moved to three days on, after its reminder went: a new one a day before the new time.
    const later = new Date(now.getTime() + 72 * HOUR);
    await changeInterview(t, id, { startsAt: later }, now);
    await t.app.calendarMail.runOnce(new Date(later.getTime() - 30 * HOUR));
    expect(await reminders(setup)).toHaveLength(3);
    await t.app.calendarMail.runOnce(new Date(later.getTime() - 20 * HOUR));
    await t.app.calendarMail.runOnce(new Date(later.getTime() - 10 * HOUR));
    expect(await reminders(setup)).toHaveLength(6);
  });
});

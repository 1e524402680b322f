import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantPageCopy as copy, type Interview } from '@lumenfield/contract';
import { STATUS_LINK_IN_MAIL } from '../test/legacy/application';
import { consoleRequest, openSession } from '../test/console';
import { interviewer, interviewSetup, type InterviewSetup } from '../test/interviews';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { textOf } from '../test/http-answer';
import { injectForm } from '../test/inject-json';
import { interviewOutbox } from '../domains/calendar/interview-outbox';
import type { User } from '../domains/accounts/users-repository';

const HOUR = 3_600_000;
// A Monday, before the US moves its clocks (Sunday 14 March 2027).
const MONDAY = new Date('2027-03-08T00:00:00.000Z');
// 09:00 in Manila (UTC+8, no daylight time) on the Tuesday and Wednesday after.
const TUESDAY_9 = '2027-03-09T01:00:00.000Z';
const WEDNESDAY_9 = '2027-03-10T01:00:00.000Z';
const THURSDAY_10 = '2027-03-11T02:00:00.000Z';

/**
 * Candidate self-scheduling (docs/careers.md, "Booking an interview"): a recruiter offers the
 * interviewers' free times, the candidate books one on their own page (no scripts needed), in
 * a time zone they choose, and may move or cancel it until a day before; two candidates never
 * book one interviewer's time, even at the same moment.
 */
describe(`booking an interview from the status page (${engine})`, () => {
  let t: TestApp;
  let clock = MONDAY;
  let session: string;
  let mara: User;
  let bare: User;

  beforeAll(async () => {
    t = await createTestApp(
      { PUBLIC_URL: 'http://localhost', MAIL_FROM: 'Careers <careers@example.com>' },
      { pages: true, now: () => clock },
    );
    session = await openSession(
      t,
      await interviewer(t, 'booking.recruiter@example.com', 'Rita Recruiter', 'Asia/Manila'),
    );
    mara = await interviewer(t, 'mara.booking@example.com', 'Mara Manila', 'Asia/Manila');
    bare = await interviewer(t, 'no.hours@example.com', 'Nolan Nohours', null);
    // Weekday mornings in Manila: three 45-minute interviews fit, one an hour.
    await t.app.repos.interviews.setWorkingHours(
      mara.id,
      {
        timeZone: 'Asia/Manila',
        hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '12:00' })),
      },
      MONDAY,
    );
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;

  /** A recruiter offers the interviewers' times for the candidate to choose from. */
  const offer = (setup: InterviewSetup, interviewerIds: number[], timeZone: string) =>
    consoleRequest(
      t,
      session,
      'POST',
      `/api/recruiters/applicants/${setup.applicantId}/interviews`,
      {
        planInterviewId: setup.planInterviewId,
        offerSlots: true,
        timeZone,
        durationMinutes: 45,
        interviewerIds,
        location: 'https://meet.example.com/booked',
      },
    );

  /** An applicant with times offered: the interview and the token of the mail's link. */
  async function offered(email: string) {
    const setup = await interviewSetup(t, { email });
    const res = await offer(setup, [mara.id], 'America/New_York');
    expect(res.statusCode, res.body).toBe(201);
    const interview = res.json<Interview>();
    const mail = await db()
      .selectFrom('mailQueue')
      .select(['textBody', 'subject', 'toAddress'])
      .where('applicantId', '=', setup.applicantId)
      .where('kind', '=', 'interview-offer')
      .executeTakeFirstOrThrow();
    const token = STATUS_LINK_IN_MAIL.exec(mail.textBody)?.[1];
    if (!token) throw new Error('no status link in the offer mail');
    return { setup, interview, token, mail, page: `/applications/${token}` };
  }

  const post = (path: string, fields: Record<string, string>) =>
    injectForm(t, path, fields, { origin: 'http://localhost' });

  const row = (id: number) =>
    db().selectFrom('interviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const bookings = (setup: InterviewSetup) =>
    db()
      .selectFrom('slotBookings')
      .innerJoin('interviews', 'interviews.id', 'slotBookings.interviewId')
      .select(['slotBookings.userId', 'slotBookings.startsAt'])
      .where('interviews.applicantId', '=', setup.applicantId)
      .execute();

  it('offers the free times of the next two weeks, a day ahead, and mails the link', async () => {
    const { interview, mail, token, setup } = await offered('offer.one@example.com');
    expect(interview.status).toBe('offered');
    expect(interview.startsAt).toBeNull();
    // Tuesday 9 March to Monday 22 March: ten weekdays of three times each.
    expect(interview.offer).toEqual({ freeSlots: 30, booked: false });
    expect(mail.toAddress).toContain('offer.one@example.com');
    expect(mail.subject).toContain('Choose a time for your interview');
    const slots = await db()
      .selectFrom('interviewSlots')
      .select('startsAt')
      .where('interviewId', '=', interview.id)
      .orderBy('startsAt')
      .execute();
    expect(slots).toHaveLength(30);
    const audit = await db()
      .selectFrom('auditLog')
      .select(['detail', 'target'])
      .where('action', '=', 'interview-offer')
      .where('target', '=', `applicant ${setup.applicantId}`)
      .executeTakeFirstOrThrow();
    expect(audit.detail).toContain('30 times offered');
    // The status page lists it, with the way to choose.
    const page = await t.app.inject({ method: 'GET', url: `/applications/${token}` });
    const text = textOf(page.body);
    expect(text).toContain(copy.interviewsHeading);
    expect(text).toContain('Please choose a time that suits you (45 minutes)');
    expect(page.body).toContain(`href="/applications/${token}/interviews/${interview.id}"`);
  });

  it('refuses to offer times when an interviewer keeps no working hours, storing nothing', async () => {
    const setup = await interviewSetup(t, { email: 'offer.none@example.com' });
    const res = await offer(setup, [mara.id, bare.id], 'Asia/Manila');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain('No time in the next two weeks');
    const stored = await db()
      .selectFrom('interviews')
      .select('id')
      .where('applicantId', '=', setup.applicantId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('shows the times by day in the zone given, or in one the candidate picks', async () => {
    const { interview, page } = await offered('offer.zones@example.com');
    const path = `${page}/interviews/${interview.id}`;
    const inNewYork = await t.app.inject({ method: 'GET', url: path });
    expect(inNewYork.statusCode).toBe(200);
    const text = textOf(inNewYork.body);
    expect(text).toContain(copy.bookTitle);
    expect(text).toContain('Times in America/New York');
    // 09:00 in Manila on Tuesday is 20:00 on Monday in New York (EST).
    expect(text).toMatch(/Monday, March 8 8:00 PM 9:00 PM 10:00 PM Tuesday, March 9/);
    expect(inNewYork.body).toContain(`value="${TUESDAY_9}"`);

    const inManila = textOf(
      (await t.app.inject({ method: 'GET', url: `${path}?tz=Asia/Manila` })).body,
    );
    expect(inManila).toContain('Times in Asia/Manila');
    expect(inManila).toMatch(/Tuesday, March 9 9:00 AM 10:00 AM 11:00 AM Wednesday, March 10/);

    // An older name a device may report is read as the list's own, named in people's words.
    const india = await t.app.inject({ method: 'GET', url: `${path}?tz=Asia/Calcutta` });
    expect(textOf(india.body)).toContain('Times in Asia/Kolkata');
    expect(india.body).toMatch(/<option value="Asia\/Kolkata" selected="">India Time - Mumbai/);

    const unknown = textOf(
      (await t.app.inject({ method: 'GET', url: `${path}?tz=Mars/Olympus` })).body,
    );
    expect(unknown).toContain(copy.badZone);
    expect(unknown).toContain('Times in America/New York');
  });

  it('books a time: the invitation follows in the zone the candidate chose', async () => {
    const { interview, page, setup } = await offered('book.one@example.com');
    const path = `${page}/interviews/${interview.id}`;
    const none = await post(path, { tz: 'Asia/Manila' });
    expect(none.statusCode).toBe(400);
    expect(textOf(none.body)).toContain(copy.mustChoose);

    const res = await post(path, { slot: TUESDAY_9, tz: 'Asia/Manila' });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`${page}?notice=booked`);
    const booked = await row(interview.id);
    expect(booked.status).toBe('scheduled');
    expect(new Date(booked.startsAt!).toISOString()).toBe(TUESDAY_9);
    expect(booked.timeZone).toBe('Asia/Manila');
    expect(booked.sequence).toBe(1);
    expect(await bookings(setup)).toHaveLength(1);

    const status = textOf(
      (await t.app.inject({ method: 'GET', url: `${page}?notice=booked` })).body,
    );
    expect(status).toContain(copy.booked);
    expect(status).toContain('Tuesday, March 9, 2027, 9:00 AM – 9:45 AM');
    expect(status).toContain('Choose another time');
    expect(status).toContain('Cancel the interview');

    const outbox = interviewOutbox(db(), {
      mailFrom: 'Careers <careers@example.com>',
      origin: 'http://localhost',
    });
    expect(await outbox.sendInvitations(clock)).toBe(2);
    const invitation = await db()
      .selectFrom('mailQueue')
      .select(['icalMethod', 'icalBody', 'textBody'])
      .where('applicantId', '=', setup.applicantId)
      .where('kind', '=', 'interview-invitation')
      .where('toAddress', 'like', '%book.one@example.com%')
      .executeTakeFirstOrThrow();
    expect(invitation.icalMethod).toBe('REQUEST');
    expect(invitation.icalBody).toContain('DTSTART;TZID=Asia/Manila:20270309T090000');
    expect(invitation.textBody).toContain('(Asia/Manila)');
    const audit = await db()
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'applicant-interview-book')
      .where('target', '=', `applicant ${setup.applicantId}`)
      .execute();
    expect(audit).toEqual([{ detail: `interview ${interview.id}` }]);

    // Moved to another offered time: SEQUENCE up, the first time given back.
    const moved = await post(path, { slot: THURSDAY_10, tz: 'Asia/Manila' });
    expect(moved.statusCode).toBe(303);
    expect((await row(interview.id)).sequence).toBe(2);
    const held = await bookings(setup);
    expect(held.map((b) => new Date(b.startsAt).toISOString())).toEqual([THURSDAY_10]);

    // Cancelled after a yes: the cancellation follows, the time is free again.
    const cancelPath = `${path}/cancel`;
    expect(textOf((await t.app.inject({ method: 'GET', url: cancelPath })).body)).toContain(
      copy.cancelInterviewTitle,
    );
    expect((await post(cancelPath, {})).statusCode).toBe(400);
    const cancelled = await post(cancelPath, { confirm: 'yes' });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${page}?notice=interview-cancelled`);
    const gone = await row(interview.id);
    expect(gone.status).toBe('cancelled');
    expect(gone.sequence).toBe(3);
    expect(await bookings(setup)).toEqual([]);
  });

  it('two candidates booking one time at once: one gets it, the other is told', async () => {
    const first = await offered('race.one@example.com');
    const second = await offered('race.two@example.com');
    const [a, b] = await Promise.all([
      post(`${first.page}/interviews/${first.interview.id}`, { slot: WEDNESDAY_9, tz: 'UTC' }),
      post(`${second.page}/interviews/${second.interview.id}`, { slot: WEDNESDAY_9, tz: 'UTC' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([303, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(textOf(loser.body)).toContain(copy.slotTaken);
    // The loser's page no longer offers the time taken.
    expect(loser.body).not.toContain(`value="${WEDNESDAY_9}"`);
    const held = await db()
      .selectFrom('slotBookings')
      .select('interviewId')
      .where('userId', '=', mara.id)
      .where('startsAt', '=', WEDNESDAY_9)
      .execute();
    expect(held).toHaveLength(1);
    const statuses = [
      (await row(first.interview.id)).status,
      (await row(second.interview.id)).status,
    ];
    expect(statuses.sort()).toEqual(['offered', 'scheduled']);
  });

  it('within a day of the interview it can no longer move or be cancelled here', async () => {
    const { interview, page } = await offered('late.one@example.com');
    const path = `${page}/interviews/${interview.id}`;
    const friday = '2027-03-12T01:00:00.000Z';
    expect((await post(path, { slot: friday, tz: 'Asia/Manila' })).statusCode).toBe(303);
    clock = new Date(new Date(friday).getTime() - 2 * HOUR);
    try {
      const status = textOf((await t.app.inject({ method: 'GET', url: page })).body);
      expect(status).toContain(copy.tooLate);
      expect(status).not.toContain('Cancel the interview');
      const refused = await post(`${path}/cancel`, { confirm: 'yes' });
      expect(refused.statusCode).toBe(409);
      expect(textOf(refused.body)).toContain(copy.tooLate);
      expect((await row(interview.id)).status).toBe('scheduled');
    } finally {
      clock = MONDAY;
    }
  });

  it('once the applicant is rejected, no time can be booked or moved from the old link', async () => {
    const open = await offered('rejected.offer@example.com');
    const booked = await offered('rejected.booked@example.com');
    const bookedPath = `${booked.page}/interviews/${booked.interview.id}`;
    expect((await post(bookedPath, { slot: TUESDAY_9, tz: 'Asia/Manila' })).statusCode).toBe(303);
    const recruiter = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'booking.recruiter@example.com')
      .executeTakeFirstOrThrow();
    for (const { setup } of [open, booked]) {
      await t.app.repos.pipeline.moveStage(setup.applicantId, 'Rejected', recruiter.id, clock);
    }

    const openPath = `${open.page}/interviews/${open.interview.id}`;
    const status = await t.app.inject({ method: 'GET', url: open.page });
    expect(status.body).not.toContain(`href="${openPath}"`);
    expect((await t.app.inject({ method: 'GET', url: openPath })).statusCode).toBe(404);
    expect((await post(openPath, { slot: TUESDAY_9, tz: 'Asia/Manila' })).statusCode).toBe(404);
    expect((await row(open.interview.id)).status).toBe('offered');

    const bookedStatus = textOf((await t.app.inject({ method: 'GET', url: booked.page })).body);
    expect(bookedStatus).not.toContain('Choose another time');
    expect((await post(bookedPath, { slot: THURSDAY_10, tz: 'Asia/Manila' })).statusCode).toBe(404);
    expect(new Date((await row(booked.interview.id)).startsAt!).toISOString()).toBe(TUESDAY_9);
  });

  it('refuses a post that did not come from the page', async () => {
    const { interview, page } = await offered('forged.one@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: `${page}/interviews/${interview.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ slot: TUESDAY_9 }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect((await row(interview.id)).status).toBe('offered');
  });
});

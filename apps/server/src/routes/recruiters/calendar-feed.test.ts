import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { consoleRequest, openSession } from '../../test/console';
import { parseCalendar } from '../../test/ical';
import {
  changeInterview,
  interviewer,
  interviewSetup,
  scheduleInterview,
} from '../../test/interviews';
import type { User } from '../../domains/accounts/users-repository';

const DAY = 86_400_000;
const FEED_PATH = '/api/recruiters/session/calendar-feed';

describe(`the private calendar feed (${engine})`, () => {
  let t: TestApp;
  let log = '';
  let priya: User;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp(
      { PUBLIC_URL: 'https://careers.example.com', LOG_LEVEL: 'info' },
      {
        logDestination: new Writable({
          write(chunk: Buffer, _encoding, done) {
            log += chunk.toString();
            done();
          },
        }),
      },
    );
    priya = await interviewer(t, 'priya.feed@example.com', 'Priya Raman', 'Asia/Kolkata');
    session = await openSession(t, priya);
  });
  afterAll(() => t.close());

  const feedOf = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('a link made in Your account answers text/calendar with her interviews, and 404 once revoked', async () => {
    const now = Date.now();
    const mine = await interviewSetup(t, { firstName: 'Lea', lastName: 'Novak' });
    const upcoming = await scheduleInterview(t, mine, {
      startsAt: new Date(now + 3 * DAY),
      timeZone: 'America/New_York',
      interviewerIds: [priya.id],
    });
    const cancelled = await scheduleInterview(t, mine, {
      startsAt: new Date(now + 4 * DAY),
      timeZone: 'America/New_York',
      interviewerIds: [priya.id],
    });
    await changeInterview(t, cancelled.id, { status: 'cancelled' });
    // Long past, and someone else's: not in her feed.
    await scheduleInterview(t, mine, {
      startsAt: new Date(now - 40 * DAY),
      timeZone: 'Asia/Manila',
      interviewerIds: [priya.id],
    });
    const other = await interviewer(t, 'miguel.feed@example.com', 'Miguel Santos', null);
    await scheduleInterview(t, await interviewSetup(t), {
      startsAt: new Date(now + 2 * DAY),
      timeZone: 'Asia/Manila',
      interviewerIds: [other.id],
    });

    expect((await consoleRequest(t, session, 'GET', FEED_PATH)).json()).toEqual({
      exists: false,
      createdAt: null,
    });
    const made = await consoleRequest(t, session, 'POST', FEED_PATH);
    expect(made.statusCode).toBe(201);
    const { url, webcalUrl } = made.json() as { url: string; webcalUrl: string };
    expect(url).toMatch(
      /^https:\/\/careers\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{43}\/interviews\.ics$/,
    );
    expect(webcalUrl).toBe(url.replace(/^https:/, 'webcal:'));
    const status = await consoleRequest(t, session, 'GET', FEED_PATH);
    expect(status.json()).toMatchObject({ exists: true });
    // Never the link again.
    expect(status.body).not.toContain(url.split('/')[5]);

    const feed = await feedOf(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('no-store');
    const events = parseCalendar(feed.body);
    expect(events.map((e) => [e.uid, e.status])).toEqual([
      [upcoming.uid, 'CONFIRMED'],
      [cancelled.uid, 'CANCELLED'],
    ]);
    expect(events[0]!.summary).toMatch(/^Interview: Lea Novak, Technical interview \(Opening CAL-/);
    expect(events[0]!.start.getTime()).toBe(Math.floor((now + 3 * DAY) / 1000) * 1000);

    // No token in the log: the URL's token segment is redacted.
    expect(log).toContain('/api/calendar/[token]/interviews.ics');
    expect(log).not.toContain(url.split('/')[5]);

    expect((await consoleRequest(t, session, 'DELETE', FEED_PATH)).statusCode).toBe(204);
    const gone = await feedOf(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await consoleRequest(t, session, 'GET', FEED_PATH)).json()).toEqual({
      exists: false,
      createdAt: null,
    });
    const audit = await t.db.handle.db
      .selectFrom('auditLog')
      .select(['action', 'actorUserId', 'target'])
      .where('action', 'like', 'calendar-feed-%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'calendar-feed-create', actorUserId: priya.id, target: `user ${priya.id}` },
      { action: 'calendar-feed-revoke', actorUserId: priya.id, target: `user ${priya.id}` },
    ]);
  });

  it('a new link replaces the old one; a wrong token and a deactivated person are 404', async () => {
    const first = (await consoleRequest(t, session, 'POST', FEED_PATH)).json() as { url: string };
    const second = (await consoleRequest(t, session, 'POST', FEED_PATH)).json() as { url: string };
    expect((await feedOf(first.url)).statusCode).toBe(404);
    expect((await feedOf(second.url)).statusCode).toBe(200);
    const wrong = second.url.replace(/calendar\/[^/]+/, `calendar/${'x'.repeat(43)}`);
    expect((await feedOf(wrong)).statusCode).toBe(404);
    await t.db.handle.db
      .updateTable('users')
      .set({ isActive: 0 })
      .where('id', '=', priya.id)
      .execute();
    expect((await feedOf(second.url)).statusCode).toBe(404);
    await t.db.handle.db
      .updateTable('users')
      .set({ isActive: 1 })
      .where('id', '=', priya.id)
      .execute();
  });
});

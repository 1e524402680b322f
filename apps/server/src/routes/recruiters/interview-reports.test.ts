import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewsPerWeekReport, TimeToFeedbackReport } from '@lumenfield/contract';
import { API_BASE_PATH, reportPaths } from '@lumenfield/contract';
import { createOpening } from '../../test/legacy/application';
import { consoleGet, createUser, openSession } from '../../test/console';
import { newApplication } from '../../test/applicants';
import { putOnTeam } from '../../test/hiring';
import {
  changeInterview,
  insertInterview,
  planInterview,
  scheduleInterview,
} from '../../test/interviews';
import { pick, random } from '../../test/seeded-history';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const WEEK = 7 * 86_400_000;
const FROM = '2025-01-01';
const TO = '2025-03-31';
const START = Date.parse(`${FROM}T00:00:00Z`);
const END = Date.parse(`${TO}T23:59:59.999Z`);
/** The app's clock: interviews after it have not ended, so no feedback is missing for them. */
const NOW = Date.parse('2025-03-20T12:00:00Z');
/** 2025-W01 starts on Monday 2024-12-30; 2025-03-31, the range's last day, is W14's Monday. */
const FIRST_MONDAY = Date.parse('2024-12-30T00:00:00Z');
const WEEKS = 14;

type Job = 'A' | 'B';
type Person = 'ivy' | 'omar' | 'pia' | 'raj' | 'uma';
const PEOPLE: Record<Person, string> = {
  ivy: 'Ivy Interviewer',
  omar: 'Omar Okafor',
  pia: 'Pia Park',
  raj: 'Raj Rao',
  // Only on the interview whose card came before its end: her figures are that card's.
  uma: 'Uma Umar',
};

interface Seeded {
  job: Job;
  status: 'scheduled' | 'cancelled' | 'offered';
  /** null for an offered interview: no time booked. */
  startsAt: number | null;
  minutes: number;
  /** Each interviewer, with their card: submitted at, a draft (null), or none (undefined). */
  cards: { who: Person; submittedAt?: number | null }[];
}

/** The interviews the test writes and computes every figure from. */
function history(): Seeded[] {
  const rand = random(17);
  const people: Person[] = ['ivy', 'omar', 'pia', 'raj'];
  const seeded: Seeded[] = Array.from({ length: 60 }, (_, index) => {
    // From three days before the range to two days after it.
    const startsAt = START - 3 * 24 * HOUR + Math.floor(rand() * 95 * 24 * 4) * 15 * MINUTE;
    const status = pick(rand, [
      ['scheduled', 8],
      ['cancelled', 2],
      ['offered', 1],
    ] as ['scheduled' | 'cancelled' | 'offered', number][]);
    const minutes = pick(rand, [
      [30, 1],
      [45, 2],
      [90, 1],
    ] as [number, number][]);
    const count = 1 + Math.floor(rand() * 3);
    const who = [...people].sort(() => rand() - 0.5).slice(0, count);
    const end = startsAt + minutes * MINUTE;
    return {
      job: index % 3 === 0 ? 'B' : 'A',
      status,
      startsAt: status === 'offered' ? null : startsAt,
      minutes,
      cards: who.map((person) => {
        const roll = rand();
        // Submitted from an hour before the end (no wait) to five days after it.
        if (roll < 0.6)
          return { who: person, submittedAt: end + Math.floor((rand() * 121 - 1) * HOUR) };
        if (roll < 0.75) return { who: person, submittedAt: null };
        return { who: person };
      }),
    };
  });
  // The edges: the range's last half hour, just before and just after it, a Sunday's last
  // minute and the next Monday's first.
  const edge = (startsAt: number, job: Job = 'A'): Seeded => ({
    job,
    status: 'scheduled',
    startsAt,
    minutes: 30,
    cards: [{ who: 'ivy' }],
  });
  seeded.push(
    edge(Date.parse('2025-03-31T23:30:00Z')),
    edge(Date.parse('2024-12-31T23:30:00Z')),
    edge(Date.parse('2025-04-01T00:00:00Z')),
    edge(Date.parse('2025-01-05T23:59:00Z'), 'B'),
    edge(Date.parse('2025-01-06T00:00:00Z'), 'B'),
  );
  // A card submitted ten minutes before the interview's end: no wait, not a negative one.
  const early = Date.parse('2025-02-10T10:00:00Z');
  seeded.push({
    job: 'A',
    status: 'scheduled',
    startsAt: early,
    minutes: 60,
    cards: [{ who: 'uma', submittedAt: early + 50 * MINUTE }],
  });
  return seeded;
}

const round = (value: number) => Math.round(value * 10) / 10;
function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return round(s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2);
}
/** Nearest rank: the smallest value with at least 90 % of them at or under it. */
function p90Of(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const rank = s.findIndex((_, k) => (k + 1) / s.length >= 0.9);
  return round(s[rank]!);
}

const inRange = (i: Seeded) => i.startsAt !== null && i.startsAt >= START && i.startsAt <= END;

/** What interviews per week must answer for `seeded`, worked out here from the rows. */
function expectedWeeks(seeded: Seeded[]) {
  return Array.from({ length: WEEKS }, (_, k) => {
    const monday = FIRST_MONDAY + k * WEEK;
    const mine = seeded.filter(
      (i) => inRange(i) && i.startsAt! >= monday && i.startsAt! < monday + WEEK,
    );
    return {
      week: `2025-W${String(k + 1).padStart(2, '0')}`,
      monday: new Date(monday).toISOString().slice(0, 10),
      held: mine.filter((i) => i.status === 'scheduled').length,
      cancelled: mine.filter((i) => i.status === 'cancelled').length,
    };
  });
}

/** What time to feedback must answer for `seeded`, worked out here from the rows. */
function expectedFeedback(seeded: Seeded[]) {
  const hours = new Map<Person, number[]>();
  const missing = new Map<Person, number>();
  for (const i of seeded.filter((s) => inRange(s) && s.status === 'scheduled')) {
    const end = i.startsAt! + i.minutes * MINUTE;
    for (const card of i.cards) {
      if (typeof card.submittedAt === 'number') {
        hours.set(card.who, [
          ...(hours.get(card.who) ?? []),
          Math.max(0, card.submittedAt - end) / HOUR,
        ]);
      } else if (end <= NOW) {
        missing.set(card.who, (missing.get(card.who) ?? 0) + 1);
      }
    }
  }
  const figures = (values: number[], missed: number) => ({
    submitted: values.length,
    medianHours: medianOf(values),
    p90Hours: p90Of(values),
    missing: missed,
  });
  const people = (Object.keys(PEOPLE) as Person[]).filter(
    (p) => (hours.get(p)?.length ?? 0) > 0 || (missing.get(p) ?? 0) > 0,
  );
  return {
    all: figures(
      [...hours.values()].flat(),
      [...missing.values()].reduce((sum, n) => sum + n, 0),
    ),
    people: Object.fromEntries(
      people.map((p) => [PEOPLE[p], figures(hours.get(p) ?? [], missing.get(p) ?? 0)]),
    ),
  };
}

describe(`reports: interviews per week and time to feedback (${engine})`, () => {
  let t: TestApp;
  let session: string;
  let managerSession: string;
  let interviewerSession: string;
  const jobs: Record<Job, number> = { A: 0, B: 0 };
  const users = {} as Record<Person, number>;
  const seeded = history();

  const get = <T>(url: string, as = session) => consoleGet<T>(t, url, as);
  const reportUrl = (path: string, query = `from=${FROM}&to=${TO}`) =>
    `${API_BASE_PATH}${path}?${query}`;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(NOW) });
    session = await openSession(t, await createUser(t, 'rita.ir@example.com'));
    const manager = await createUser(t, 'hana.ir@example.com', 'hiring_manager', 'Hana Manager');
    managerSession = await openSession(t, manager);
    for (const [key, name] of Object.entries(PEOPLE) as [Person, string][]) {
      users[key] = (await createUser(t, `${key}.ir@example.com`, 'interviewer', name)).id;
    }
    interviewerSession = await openSession(
      t,
      await createUser(t, 'ina.ir@example.com', 'interviewer'),
    );
    jobs.A = await createOpening(t, 'IRP-A');
    jobs.B = await createOpening(t, 'IRP-B');
    await putOnTeam(t, jobs.A, manager.id, 'hiring_manager');
    const plans = { A: await planInterview(t, jobs.A), B: await planInterview(t, jobs.B) };
    let n = 0;
    for (const i of seeded) {
      n += 1;
      const { applicantId } = await t.app.repos.applicants.create(
        newApplication(
          jobs[i.job],
          { lastName: `Interviewed${n}`, email: `interviewed${n}@example.com` },
          2_000 + n,
        ),
        new Date(START - 30 * 24 * HOUR),
      );
      const interviewerIds = i.cards.map((card) => users[card.who]);
      const id =
        i.startsAt === null
          ? await insertInterview(t, applicantId, interviewerIds, 'offered')
          : (
              await scheduleInterview(
                t,
                { jobId: jobs[i.job], applicantId, planInterviewId: plans[i.job] },
                { startsAt: new Date(i.startsAt), timeZone: 'UTC', interviewerIds },
              )
            ).id;
      await t.db.handle.db
        .updateTable('interviews')
        .set({ durationMinutes: i.minutes })
        .where('id', '=', id)
        .execute();
      if (i.status === 'cancelled') await changeInterview(t, id, { status: 'cancelled' });
      for (const card of i.cards) {
        if (card.submittedAt === undefined) continue;
        await t.db.handle.db
          .insertInto('scorecards')
          .values({
            interviewId: id,
            userId: users[card.who],
            ratings: '[]',
            notes: null,
            recommendation: card.submittedAt === null ? null : 'yes',
            submittedAt:
              card.submittedAt === null ? null : new Date(card.submittedAt).toISOString(),
            updatedAt: new Date(NOW).toISOString(),
          })
          .execute();
      }
    }
  });
  afterAll(() => t.close());

  it('the seeded interviews hold every case the reports tell apart', () => {
    const scheduled = seeded.filter((i) => inRange(i) && i.status === 'scheduled');
    expect(seeded.some((i) => inRange(i) && i.status === 'cancelled')).toBe(true);
    expect(seeded.some((i) => i.status === 'offered')).toBe(true);
    expect(seeded.some((i) => i.startsAt !== null && !inRange(i))).toBe(true);
    const cards = scheduled.flatMap((i) =>
      i.cards.map((card) => ({ ...card, end: i.startsAt! + i.minutes * MINUTE })),
    );
    // Submitted before the end (no wait), after it, drafts and none, before and after now.
    expect(cards.some((c) => typeof c.submittedAt === 'number' && c.submittedAt < c.end)).toBe(
      true,
    );
    expect(cards.some((c) => typeof c.submittedAt === 'number' && c.submittedAt > c.end)).toBe(
      true,
    );
    expect(cards.some((c) => c.submittedAt === null && c.end <= NOW)).toBe(true);
    expect(cards.some((c) => c.submittedAt === undefined && c.end <= NOW)).toBe(true);
    expect(cards.some((c) => typeof c.submittedAt !== 'number' && c.end > NOW)).toBe(true);
  });

  it('interviews per week: held and cancelled in each ISO week, Monday to Sunday in UTC', async () => {
    const { status, body } = await get<InterviewsPerWeekReport>(
      reportUrl(reportPaths['interviews-per-week']),
    );
    expect(status).toBe(200);
    const weeks = expectedWeeks(seeded);
    expect(body.weeks).toEqual(weeks);
    // The Sunday's last minute is in W01, the Monday's first in W02.
    expect(weeks[0]!.held).toBeGreaterThan(0);
    expect(body.held).toBe(weeks.reduce((sum, w) => sum + w.held, 0));
    expect(body.cancelled).toBe(weeks.reduce((sum, w) => sum + w.cancelled, 0));
    for (const job of ['A', 'B'] as const) {
      const mine = seeded.filter((i) => inRange(i) && i.job === job);
      expect(body.openings.find((o) => o.jobId === jobs[job])).toEqual({
        jobId: jobs[job],
        jobTitle: `Opening IRP-${job}`,
        jobCode: 'IRP-' + job,
        held: mine.filter((i) => i.status === 'scheduled').length,
        cancelled: mine.filter((i) => i.status === 'cancelled').length,
      });
    }
    expect(body.openings).toHaveLength(2);
  });

  it('time to feedback: hours from the end to each submitted card, and the cards still missing', async () => {
    const { status, body } = await get<TimeToFeedbackReport>(
      reportUrl(reportPaths['time-to-feedback']),
    );
    expect(status).toBe(200);
    const expected = expectedFeedback(seeded);
    const { filter: _filter, interviewers, ...all } = body;
    expect(all).toEqual(expected.all);
    expect(
      Object.fromEntries(interviewers.map(({ userId: _id, name, ...figures }) => [name, figures])),
    ).toEqual(expected.people);
    // The most missing first.
    expect(interviewers.find((i) => i.name === PEOPLE.uma)).toMatchObject({
      submitted: 1,
      medianHours: 0,
      p90Hours: 0,
    });
    const missing = interviewers.map((i) => i.missing);
    expect(missing).toEqual([...missing].sort((a, b) => b - a));
  });

  it('one opening: only its interviews', async () => {
    const query = `from=${FROM}&to=${TO}&jobId=${jobs.B}`;
    const mine = seeded.filter((i) => i.job === 'B');
    const weeks = await get<InterviewsPerWeekReport>(
      reportUrl(reportPaths['interviews-per-week'], query),
    );
    expect(weeks.body.filter).toMatchObject({ jobId: jobs.B, jobTitle: 'Opening IRP-B' });
    expect(weeks.body.weeks).toEqual(expectedWeeks(mine));
    const feedback = await get<TimeToFeedbackReport>(
      reportUrl(reportPaths['time-to-feedback'], query),
    );
    expect(feedback.body.submitted).toBe(expectedFeedback(mine).all.submitted);
    expect(feedback.body.missing).toBe(expectedFeedback(mine).all.missing);
  });

  it("a hiring manager's reports count their openings' interviews only; an interviewer sees none", async () => {
    const mine = seeded.filter((i) => i.job === 'A');
    const weeks = await get<InterviewsPerWeekReport>(
      reportUrl(reportPaths['interviews-per-week']),
      managerSession,
    );
    expect(weeks.status).toBe(200);
    expect(weeks.body.weeks).toEqual(expectedWeeks(mine));
    expect(weeks.body.openings.map((o) => o.jobId)).toEqual([jobs.A]);
    const feedback = await get<TimeToFeedbackReport>(
      reportUrl(reportPaths['time-to-feedback']),
      managerSession,
    );
    const { filter: _filter, interviewers, ...all } = feedback.body;
    const expected = expectedFeedback(mine);
    expect(all).toEqual(expected.all);
    expect(interviewers.map((i) => i.name).sort()).toEqual(Object.keys(expected.people).sort());
    for (const kind of ['interviews-per-week', 'time-to-feedback'] as const) {
      const other = `from=${FROM}&to=${TO}&jobId=${jobs.B}`;
      expect((await get(reportUrl(reportPaths[kind], other), managerSession)).status).toBe(404);
      expect((await get(reportUrl(reportPaths[kind]), interviewerSession)).status).toBe(403);
      expect((await get(reportUrl(`${reportPaths[kind]}.csv`), interviewerSession)).status).toBe(
        403,
      );
    }
  });

  it('as CSV: the tables under plain headings, with a total row', async () => {
    const weeks = await get(reportUrl(`${reportPaths['interviews-per-week']}.csv`));
    expect(weeks.status).toBe(200);
    expect(weeks.res.headers['content-disposition']).toBe(
      `attachment; filename="interviews-per-week_${FROM}_to_${TO}_all-openings.csv"`,
    );
    const lines = weeks.res.body.trim().split('\r\n');
    const expected = expectedWeeks(seeded);
    expect(lines[0]).toBe('"Week","Week starting","Held","Cancelled"');
    expect(lines[1]).toBe(
      `"2025-W01","2024-12-30","${expected[0]!.held}","${expected[0]!.cancelled}"`,
    );
    expect(lines).toHaveLength(WEEKS + 2);
    expect(lines[WEEKS + 1]).toBe(
      `"All weeks","","${expected.reduce((s, w) => s + w.held, 0)}","${expected.reduce((s, w) => s + w.cancelled, 0)}"`,
    );
    const feedback = await get(reportUrl(`${reportPaths['time-to-feedback']}.csv`));
    const rows = feedback.res.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      '"Interviewer","Scorecards submitted","Median hours to feedback","90th percentile hours","Missing scorecards"',
    );
    const all = expectedFeedback(seeded).all;
    expect(rows[rows.length - 1]).toBe(
      `"All interviewers","${all.submitted}","${all.medianHours ?? ''}","${all.p90Hours ?? ''}","${all.missing}"`,
    );
  });

  it('a range of many years lists only the weeks from the first interview to the last', async () => {
    const { body } = await get<InterviewsPerWeekReport>(
      reportUrl(reportPaths['interviews-per-week'], 'from=2020-01-01&to=9999-12-31'),
    );
    const starts = seeded.filter((i) => i.startsAt !== null).map((i) => i.startsAt!);
    const first = Math.floor((Math.min(...starts) - FIRST_MONDAY) / WEEK);
    const last = Math.floor((Math.max(...starts) - FIRST_MONDAY) / WEEK);
    expect(body.weeks).toHaveLength(last - first + 1);
    expect(body.weeks[0]!.monday).toBe(
      new Date(FIRST_MONDAY + first * WEEK).toISOString().slice(0, 10),
    );
    expect(body.held + body.cancelled).toBe(seeded.filter((i) => i.status !== 'offered').length);
  });
});

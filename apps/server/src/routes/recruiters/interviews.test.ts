import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conflicts, Interview, InterviewPlan, WorkingHours } from '@lumenfield/contract';
import { withAuditLogAway } from '../../test/audit-log-away';
import { newApplication } from '../../test/applicants';
import { consoleRequest, createUser, openSession } from '../../test/console';
import { createOpening } from '../../test/legacy/application';
import { putOnTeam } from '../../test/hiring';
import {
  changeInterview,
  planInterview as planKit,
  scheduleInterview,
} from '../../test/interviews';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import type { User } from '../../domains/accounts/users-repository';

const kit = (name: string, extra: object = {}) => ({
  name,
  durationMinutes: 60,
  kind: 'video',
  focusAttributes: ['SQL', 'Communication'],
  questions: ['Tell us about a query you made faster.'],
  ...extra,
});

/**
 * Interview plans, working hours and scheduling (docs/recruiters.md): every route, its
 * validation and 404s, the plan's replace semantics, a change's sequence and audit row, and the
 * conflicts across a US DST change and zones without one (India, the Philippines).
 */
describe(`interview plans and scheduling (${engine})`, () => {
  let t: TestApp;
  let recruiter: string;
  let complianceSession: string;
  let jobId: number;
  let otherJobId: number;
  let applicantId: number;
  let secondApplicantId: number;
  let nyPerson: User;
  let manila: User;
  let kolkata: User;
  let gone: User;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://careers.example.com' });
    const rita = await createUser(t, 'plan.recruiter@example.com');
    recruiter = await openSession(t, rita);
    complianceSession = await openSession(
      t,
      await createUser(t, 'plan.compliance@example.com', 'compliance', 'Cora Compliance'),
    );
    nyPerson = await createUser(t, 'ny@example.com', 'recruiter', 'Nia York');
    manila = await createUser(t, 'manila@example.com', 'recruiter', 'Mara Manila');
    kolkata = await createUser(t, 'kolkata@example.com', 'recruiter', 'Kiran Kolkata');
    gone = await createUser(t, 'gone@example.com', 'recruiter', 'Gail Gone');
    await t.app.repos.users.update(gone.id, { isActive: false });
    jobId = await createOpening(t, 'PLAN-1');
    otherJobId = await createOpening(t, 'PLAN-2');
    const add = async (job: number) =>
      (
        await t.app.repos.applicants.create(
          newApplication(job, { email: `plan.${++seq}@example.com` }, 2000 + seq),
        )
      ).applicantId;
    applicantId = await add(jobId);
    secondApplicantId = await add(jobId);
    // Each person keeps hours in their own zone.
    const hours = async (user: User, timeZone: string, spans: [string, string][]) => {
      const session = await openSession(t, user);
      const res = await consoleRequest(t, session, 'PUT', '/api/recruiters/session/working-hours', {
        timeZone,
        hours: [1, 2, 3, 4, 5].flatMap((weekday) =>
          spans.map(([start, end]) => ({ weekday, start, end })),
        ),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await hours(nyPerson, 'America/New_York', [['09:00', '17:00']]);
    await hours(manila, 'Asia/Manila', [['09:00', '18:00']]);
    await hours(kolkata, 'Asia/Kolkata', [
      ['18:00', '19:00'],
      ['19:00', '20:00'],
    ]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    consoleRequest(t, recruiter, method, `/api/recruiters${url}`, body);
  const auditRows = (action: string) =>
    t.db.handle.db
      .selectFrom('auditLog')
      .select(['target', 'detail'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const planOf = async (job = jobId) => {
    const res = await call('GET', `/jobs/${job}/interview-plan`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as InterviewPlan;
  };
  const interviewsOf = (stage: string, plan: InterviewPlan) =>
    plan.stages.find((s) => s.stage === stage)!.interviews;
  /** A plan interview of the opening, made through the API; its id. */
  const planInterview = async (job: number, name: string) => {
    const plan = await planOf(job);
    const res = await call('PUT', `/jobs/${job}/interview-plan`, {
      stages: [
        ...plan.stages.filter((s) => s.stage !== 'Interview'),
        { stage: 'Interview', interviews: [...interviewsOf('Interview', plan), kit(name)] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    return interviewsOf('Interview', res.json() as InterviewPlan).find((i) => i.name === name)!.id;
  };
  const schedule = (applicant: number, body: object) =>
    call('POST', `/applicants/${applicant}/interviews`, body);

  it('answers an empty plan per open stage, and 404 for no opening', async () => {
    const plan = await planOf();
    expect(plan.stages.map((s) => s.stage)).toEqual(['New', 'Screening', 'Interview', 'Offer']);
    expect(plan.stages.every((s) => s.interviews.length === 0)).toBe(true);
    expect((await call('GET', '/jobs/999999/interview-plan')).statusCode).toBe(404);
    const put = await call('PUT', '/jobs/999999/interview-plan', { stages: [] });
    expect(put.statusCode).toBe(404);
  });

  it('replaces the plan: kept ids change, missing ones are removed, new ones are added', async () => {
    const first = await call('PUT', `/jobs/${jobId}/interview-plan`, {
      stages: [
        {
          stage: 'Screening',
          interviews: [kit('Phone screen', { kind: 'phone', durationMinutes: 30 })],
        },
        { stage: 'Interview', interviews: [kit('Technical'), kit('Culture')] },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json() as InterviewPlan;
    const [technical, culture] = interviewsOf('Interview', made);
    expect(interviewsOf('Screening', made)[0]).toMatchObject({
      name: 'Phone screen',
      kind: 'phone',
      durationMinutes: 30,
      focusAttributes: ['SQL', 'Communication'],
    });
    const second = await call('PUT', `/jobs/${jobId}/interview-plan`, {
      stages: [
        {
          stage: 'Interview',
          interviews: [
            kit('Onsite loop', { kind: 'on_site' }),
            { ...kit('Tech deep dive'), id: technical!.id },
          ],
        },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const after = second.json() as InterviewPlan;
    expect(interviewsOf('Screening', after)).toEqual([]);
    expect(interviewsOf('Interview', after).map((i) => i.name)).toEqual([
      'Onsite loop',
      'Tech deep dive',
    ]);
    expect(interviewsOf('Interview', after)[1]!.id).toBe(technical!.id);
    const removed = await t.db.handle.db
      .selectFrom('planInterviews')
      .select(['id', 'removedAt'])
      .where('jobId', '=', jobId)
      .where('removedAt', 'is not', null)
      .execute();
    expect(removed.map((r) => r.id).sort()).toEqual(
      [culture!.id, interviewsOf('Screening', made)[0]!.id].sort(),
    );
    const audit = await auditRows('interview-plan-update');
    expect(audit.at(-1)).toEqual({
      target: `opening ${jobId}`,
      detail: '1 kept, 1 added, 2 removed',
    });
  });

  it("refuses a plan with another opening's or a removed interview, and bad limits", async () => {
    const otherId = await planInterview(otherJobId, 'Elsewhere');
    const foreign = await call('PUT', `/jobs/${jobId}/interview-plan`, {
      stages: [{ stage: 'Interview', interviews: [{ ...kit('Stolen'), id: otherId }] }],
    });
    expect(foreign.statusCode).toBe(400);
    for (const bad of [
      { stages: [{ stage: 'Hired', interviews: [] }] },
      { stages: [{ stage: 'Interview', interviews: [kit('x'.repeat(121))] }] },
      { stages: [{ stage: 'Interview', interviews: [kit('Odd', { durationMinutes: 17 })] }] },
      { stages: [{ stage: 'Interview', interviews: [kit('Long', { durationMinutes: 485 })] }] },
      { stages: [{ stage: 'Interview', interviews: [kit('Kind', { kind: 'lunch' })] }] },
      {
        stages: [
          {
            stage: 'Interview',
            interviews: [
              kit('Many', { focusAttributes: Array.from({ length: 21 }, (_, i) => `A${i}`) }),
            ],
          },
        ],
      },
      {
        stages: [
          {
            stage: 'Interview',
            interviews: [
              kit('Asks', { questions: Array.from({ length: 31 }, (_, i) => `Q${i}?`) }),
            ],
          },
        ],
      },
      {
        stages: [
          { stage: 'Interview', interviews: [] },
          { stage: 'Interview', interviews: [] },
        ],
      },
    ]) {
      const res = await call('PUT', `/jobs/${jobId}/interview-plan`, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(interviewsOf('Interview', await planOf()).map((i) => i.name)).toEqual([
      'Onsite loop',
      'Tech deep dive',
    ]);
  });

  it('keeps working hours per person: none until set, an unknown zone refused, every role', async () => {
    const fresh = await call('GET', '/session/working-hours');
    expect(fresh.json()).toEqual({ timeZone: null, hours: [] });
    const unknown = await call('PUT', '/session/working-hours', {
      timeZone: 'Mars/Olympus',
      hours: [],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('is not a time zone we know');
    const backwards = await call('PUT', '/session/working-hours', {
      timeZone: 'Asia/Kolkata',
      hours: [{ weekday: 1, start: '18:00', end: '09:00' }],
    });
    expect(backwards.statusCode).toBe(400);
    const overlapping = await call('PUT', '/session/working-hours', {
      timeZone: 'Asia/Kolkata',
      hours: [
        { weekday: 1, start: '09:00', end: '13:00' },
        { weekday: 1, start: '12:00', end: '18:00' },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    const kept = await consoleRequest(
      t,
      complianceSession,
      'PUT',
      '/api/recruiters/session/working-hours',
      { timeZone: 'Europe/Berlin', hours: [{ weekday: 7, start: '10:00', end: '24:00' }] },
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const read = await consoleRequest(
      t,
      complianceSession,
      'GET',
      '/api/recruiters/session/working-hours',
    );
    expect(read.json()).toEqual({
      timeZone: 'Europe/Berlin',
      hours: [{ weekday: 7, start: '10:00', end: '24:00' }],
    } satisfies WorkingHours);
    expect((await auditRows('working-hours-update')).length).toBeGreaterThanOrEqual(4);
  });

  it('schedules at a wall time in its zone, and lists it with its kit and interviewers', async () => {
    const [, tech] = interviewsOf('Interview', await planOf());
    const res = await schedule(applicantId, {
      planInterviewId: tech!.id,
      startsAt: '2026-03-09T09:00',
      timeZone: 'America/New_York',
      durationMinutes: 60,
      interviewerIds: [nyPerson.id, manila.id],
      location: 'https://meet.example.com/abc',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Interview;
    // 09:00 in New York the day after the clocks moved forward: UTC-4.
    expect(made).toMatchObject({
      startsAt: '2026-03-09T13:00:00.000Z',
      endsAt: '2026-03-09T14:00:00.000Z',
      timeZone: 'America/New_York',
      status: 'scheduled',
      sequence: 0,
      location: 'https://meet.example.com/abc',
      planInterview: { name: 'Tech deep dive', focusAttributes: ['SQL', 'Communication'] },
    });
    expect(made.interviewers.map((p) => p.name)).toEqual(['Mara Manila', 'Nia York']);
    const row = await t.db.handle.db
      .selectFrom('interviews')
      .select(['uid', 'createdByUserId', 'mailedSequence'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.uid).toMatch(/^[0-9a-f-]{36}@careers\.example\.com$/);
    expect(row.mailedSequence).toBeNull();
    const list = await call('GET', `/applicants/${applicantId}/interviews`);
    expect((list.json() as Interview[]).map((i) => i.id)).toEqual([made.id]);
    expect(await auditRows('interview-schedule')).toEqual([
      { target: `applicant ${applicantId}`, detail: `interview ${made.id}, 2 interviewers` },
    ]);
  });

  it('refuses a bad schedule: no applicant, a plan of another opening, a removed one, a skipped time', async () => {
    const [onsite, tech] = interviewsOf('Interview', await planOf());
    const good = {
      planInterviewId: tech!.id,
      startsAt: '2026-03-10T10:00',
      timeZone: 'America/New_York',
      durationMinutes: 60,
      interviewerIds: [nyPerson.id],
    };
    expect((await schedule(999999, good)).statusCode).toBe(404);
    expect((await call('GET', '/applicants/999999/interviews')).statusCode).toBe(404);
    const otherPlan = await planInterview(otherJobId, 'Other opening');
    expect((await schedule(applicantId, { ...good, planInterviewId: otherPlan })).statusCode).toBe(
      400,
    );
    const removedId = (
      await t.db.handle.db
        .selectFrom('planInterviews')
        .select('id')
        .where('jobId', '=', jobId)
        .where('removedAt', 'is not', null)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await schedule(applicantId, { ...good, planInterviewId: removedId })).statusCode).toBe(
      400,
    );
    const inactive = await schedule(applicantId, { ...good, interviewerIds: [gone.id] });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.body).toContain('not an active console user');
    const skipped = await schedule(applicantId, { ...good, startsAt: '2026-03-08T02:30' });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.body).toContain('does not exist in America/New_York');
    for (const bad of [
      { ...good, startsAt: '2026-03-10T10:00:00Z' },
      { ...good, startsAt: '2026-03-10 10:00' },
      { ...good, timeZone: 'Nowhere/City' },
      { ...good, durationMinutes: 10 },
      { ...good, interviewerIds: [] },
      { ...good, planInterviewId: onsite!.id, extra: true },
    ]) {
      expect((await schedule(applicantId, bad)).statusCode).toBe(400);
    }
    // A change whose audit row cannot be written leaves no interview.
    const before = (await call('GET', `/applicants/${secondApplicantId}/interviews`)).json() as [];
    const lost = await withAuditLogAway(t.db.handle.db, () => schedule(secondApplicantId, good));
    expect(lost.statusCode).toBe(500);
    expect((await call('GET', `/applicants/${secondApplicantId}/interviews`)).json()).toEqual(
      before,
    );
  });

  it('reschedules with the sequence raised, and cancels with 204', async () => {
    const [first] = (
      await call('GET', `/applicants/${applicantId}/interviews`)
    ).json() as Interview[];
    const moved = await call('PATCH', `/interviews/${first!.id}`, {
      startsAt: '2026-03-06T09:00',
      durationMinutes: 45,
      interviewerIds: [kolkata.id],
      location: 'Room 4',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // 09:00 in New York before the change: UTC-5.
    expect(moved.json()).toMatchObject({
      startsAt: '2026-03-06T14:00:00.000Z',
      durationMinutes: 45,
      sequence: 1,
      location: 'Room 4',
      interviewers: [{ userId: kolkata.id }],
    });
    expect((moved.json() as Interview).updatedAt).not.toBe(first!.updatedAt);
    expect((await call('PATCH', '/interviews/999999', { durationMinutes: 30 })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `/interviews/${first!.id}`, {})).statusCode).toBe(400);
    expect((await call('DELETE', '/interviews/999999')).statusCode).toBe(404);
    const cancelled = await call('DELETE', `/interviews/${first!.id}`);
    expect(cancelled.statusCode).toBe(204);
    const [after] = (
      await call('GET', `/applicants/${applicantId}/interviews`)
    ).json() as Interview[];
    expect(after).toMatchObject({ status: 'cancelled', sequence: 2 });
    expect((await call('DELETE', `/interviews/${first!.id}`)).statusCode).toBe(409);
    expect(
      (await call('PATCH', `/interviews/${first!.id}`, { durationMinutes: 30 })).statusCode,
    ).toBe(409);
    expect(await auditRows('interview-reschedule')).toEqual([
      {
        target: `applicant ${applicantId}`,
        detail: `interview ${first!.id}: durationMinutes, interviewerIds, location, startsAt`,
      },
    ]);
    expect(await auditRows('interview-cancel')).toEqual([
      { target: `applicant ${applicantId}`, detail: `interview ${first!.id}` },
    ]);
  });

  it('shows conflicts per interviewer across a DST change and zones without one', async () => {
    const [, tech] = interviewsOf('Interview', await planOf());
    const base = {
      planInterviewId: tech!.id,
      timeZone: 'America/New_York',
      durationMinutes: 60,
      interviewerIds: [nyPerson.id, manila.id, kolkata.id],
    };
    const conflicts = async (body: object) => {
      const res = await call('POST', '/interviews/conflicts', { ...base, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Conflicts;
    };
    const verdicts = (c: Conflicts) => c.interviewers.map((p) => [p.name, p.hours, p.theirTime]);
    // Monday after the change (EDT): 13:00Z is 21:00 in Manila, 18:30 in Kolkata.
    const after = await conflicts({ startsAt: '2026-03-09T09:00' });
    expect(after.startsAt).toBe('2026-03-09T13:00:00.000Z');
    expect(verdicts(after)).toEqual([
      ['Nia York', 'inside', 'Mon 2026-03-09 09:00–10:00'],
      ['Mara Manila', 'outside', 'Mon 2026-03-09 21:00–22:00'],
      ['Kiran Kolkata', 'inside', 'Mon 2026-03-09 18:30–19:30'],
    ]);
    // Friday before it (EST): 14:00Z is 19:30–20:30 in Kolkata, past the end of the day.
    const before = await conflicts({ startsAt: '2026-03-06T09:00' });
    expect(verdicts(before)).toEqual([
      ['Nia York', 'inside', 'Fri 2026-03-06 09:00–10:00'],
      ['Mara Manila', 'outside', 'Fri 2026-03-06 22:00–23:00'],
      ['Kiran Kolkata', 'outside', 'Fri 2026-03-06 19:30–20:30'],
    ]);
    // A person without hours is named so; a time the clocks skip is refused.
    const noHours = await call('POST', '/interviews/conflicts', {
      ...base,
      startsAt: '2026-03-09T09:00',
      interviewerIds: [gone.id],
    });
    expect((noHours.json() as Conflicts).interviewers[0]).toMatchObject({
      hours: 'no-hours',
      timeZone: null,
    });
    expect(
      (await call('POST', '/interviews/conflicts', { ...base, startsAt: '2026-03-08T02:30' }))
        .statusCode,
    ).toBe(400);

    // Overlaps: another interview of the same person, not cancelled, not the one being moved.
    const other = await schedule(secondApplicantId, {
      ...base,
      startsAt: '2026-03-09T09:30',
      interviewerIds: [manila.id],
    });
    expect(other.statusCode, other.body).toBe(201);
    const otherId = (other.json() as Interview).id;
    const overlapping = await conflicts({ startsAt: '2026-03-09T09:00' });
    expect(overlapping.interviewers.map((p) => p.overlapping.map((o) => o.interviewId))).toEqual([
      [],
      [otherId],
      [],
    ]);
    expect(overlapping.interviewers[1]!.overlapping[0]).toMatchObject({
      applicantId: secondApplicantId,
      applicantName: 'Ana Cruz',
      name: 'Tech deep dive',
      startsAt: '2026-03-09T13:30:00.000Z',
      endsAt: '2026-03-09T14:30:00.000Z',
    });
    // Touching is not overlapping; the interview itself, being moved, is not its own conflict.
    const touching = await conflicts({ startsAt: '2026-03-09T10:30' });
    expect(touching.interviewers[1]!.overlapping).toEqual([]);
    const itself = await conflicts({ startsAt: '2026-03-09T09:00', exceptInterviewId: otherId });
    expect(itself.interviewers[1]!.overlapping).toEqual([]);
    expect((await call('DELETE', `/interviews/${otherId}`)).statusCode).toBe(204);
    const gone2 = await conflicts({ startsAt: '2026-03-09T09:00' });
    expect(gone2.interviewers[1]!.overlapping).toEqual([]);
  });

  it("an interviewer reads their own interviews of the applicant, with kits; a hiring manager their openings'", async () => {
    const ivo = await createUser(t, 'ivo.reads@example.com', 'interviewer', 'Ivo Interviewer');
    const omar = await createUser(t, 'omar.reads@example.com', 'interviewer', 'Omar Other');
    const hana = await createUser(t, 'hana.reads@example.com', 'hiring_manager', 'Hana Manager');
    await putOnTeam(t, jobId, hana.id, 'hiring_manager');
    const [ivoSession, hanaSession] = [await openSession(t, ivo), await openSession(t, hana)];
    const applicant = (
      await t.app.repos.applicants.create(
        newApplication(jobId, { email: `plan.${++seq}@example.com` }, 2000 + seq),
      )
    ).applicantId;
    const elsewhere = (
      await t.app.repos.applicants.create(
        newApplication(otherJobId, { email: `plan.${++seq}@example.com` }, 2000 + seq),
      )
    ).applicantId;
    const planInterviewId = await planKit(t, jobId, {
      name: 'Systems design',
      focusAttributes: ['Architecture', 'Trade-offs'],
      questions: ['Design a rate limiter.'],
    });
    const setup = { jobId, applicantId: applicant, planInterviewId };
    const at = (day: number) => new Date(Date.UTC(2026, 4, day, 14));
    const together = await scheduleInterview(t, setup, {
      startsAt: at(4),
      timeZone: 'UTC',
      interviewerIds: [ivo.id, omar.id],
    });
    const omarsOwn = await scheduleInterview(t, setup, {
      startsAt: at(5),
      timeZone: 'UTC',
      interviewerIds: [omar.id],
    });
    const cancelled = await scheduleInterview(t, setup, {
      startsAt: at(6),
      timeZone: 'UTC',
      interviewerIds: [ivo.id],
    });
    await changeInterview(t, cancelled.id, { status: 'cancelled' });
    const list = (session: string, id = applicant) =>
      consoleRequest(t, session, 'GET', `/api/recruiters/applicants/${id}/interviews`);

    const mine = await list(ivoSession);
    expect(mine.statusCode, mine.body).toBe(200);
    const shown = mine.json() as Interview[];
    // Their own, the cancelled one too; never the one that names only a colleague.
    expect(shown.map((i) => i.id)).toEqual([together.id, cancelled.id]);
    expect(shown[0]).toMatchObject({
      status: 'scheduled',
      planInterview: {
        name: 'Systems design',
        focusAttributes: ['Architecture', 'Trade-offs'],
        questions: ['Design a rate limiter.'],
      },
    });
    expect(shown[0]!.interviewers.map((p) => p.name)).toEqual(['Ivo Interviewer', 'Omar Other']);
    // A hiring manager reads every interview of their opening's applicant.
    expect(((await list(hanaSession)).json() as Interview[]).map((i) => i.id)).toEqual([
      together.id,
      omarsOwn.id,
      cancelled.id,
    ]);
    // Out of reach is as missing: an applicant Ivo does not interview, another opening's.
    expect((await list(ivoSession, secondApplicantId)).statusCode).toBe(404);
    expect((await list(hanaSession, elsewhere)).statusCode).toBe(404);
    expect((await list(complianceSession)).statusCode).toBe(403);
    // Reading is all: scheduling, moving and cancelling stay the staff's.
    for (const session of [ivoSession, hanaSession]) {
      const moved = await consoleRequest(
        t,
        session,
        'PATCH',
        `/api/recruiters/interviews/${together.id}`,
        { durationMinutes: 30 },
      );
      expect(moved.statusCode).toBe(403);
    }
  });
});

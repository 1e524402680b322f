import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Board,
  ConsoleApplicant,
  ConsoleApplicantPage,
  PassThroughReport,
  RecruiterOpeningPage,
  Team,
} from '@lumenfield/contract';
import type { User } from '../../domains/accounts/users-repository';
import { createOpening } from '../../test/legacy/application';
import { consoleRequest, createUser, openSession } from '../../test/console';
import { confirmationOnly, newApplication } from '../../test/applicants';
import { putOnTeam } from '../../test/hiring';
import { insertInterview } from '../../test/interviews';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

const APPLIED = new Date('2026-03-02T09:00:00Z');

describe(`the hiring team and what each role reaches (${engine})`, () => {
  let t: TestApp;
  let admin: User;
  let manager: User;
  let interviewer: User;
  let compliance: User;
  let sessions: Record<'admin' | 'manager' | 'interviewer', string>;
  let jobA: number;
  let jobB: number;
  // a1, a2 applied to A (the manager's); b1, b2 to B. The interviewer interviews a1, and b1
  // in an interview since cancelled.
  const ids: Record<'a1' | 'a2' | 'b1' | 'b2', number> = { a1: 0, a2: 0, b1: 0, b2: 0 };

  const as = (
    who: keyof typeof sessions,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    body?: unknown,
  ) => consoleRequest(t, sessions[who], method, url, body);
  const listed = async (who: keyof typeof sessions, query = '') => {
    const res = await as(who, 'GET', `/api/recruiters/applicants${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as ConsoleApplicantPage).items.map((a) => a.applicantId).sort();
  };
  const csvRows = async (who: keyof typeof sessions, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/recruiters/applicants.csv${query}`,
      headers: { cookie: sessions[who] },
    });
    return { status: res.statusCode, lines: res.body.trim().split('\n').slice(1) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, 'team-admin@example.com', 'admin');
    manager = await createUser(t, 'team-manager@example.com', 'hiring_manager', 'Hana Manager');
    interviewer = await createUser(t, 'team-iv@example.com', 'interviewer', 'Ivo Interviewer');
    compliance = await createUser(t, 'team-cmp@example.com', 'compliance', 'Cora Compliance');
    sessions = {
      admin: await openSession(t, admin),
      manager: await openSession(t, manager),
      interviewer: await openSession(t, interviewer),
    };
    jobA = await createOpening(t, 'TEAM-A');
    jobB = await createOpening(t, 'TEAM-B');
    const apply = async (job: number, firstName: string, size: number) => {
      const stored = await t.app.repos.applicants.create(
        {
          ...newApplication(
            job,
            {
              firstName,
              lastName: 'Teamcase',
              email: `${firstName.toLowerCase()}@example.com`,
              referredBy: 'A friend',
            },
            size,
          ),
          mail: confirmationOnly(job),
        },
        APPLIED,
      );
      return stored.applicantId;
    };
    ids.a1 = await apply(jobA, 'Alma', 1_001);
    ids.a2 = await apply(jobA, 'Arno', 1_002);
    ids.b1 = await apply(jobB, 'Bela', 1_003);
    ids.b2 = await apply(jobB, 'Bruno', 1_004);
    await putOnTeam(t, jobA, manager.id, 'hiring_manager');
    // On B's team too, but as interviewer: that opens none of B's applicants.
    await putOnTeam(t, jobB, manager.id, 'interviewer');
    await insertInterview(t, ids.a1, [interviewer.id]);
    await insertInterview(t, ids.b1, [interviewer.id], 'cancelled');
    await as('admin', 'POST', `/api/recruiters/applicants/${ids.a1}/notes`, {
      text: 'Strong on SQL.',
    });
  });
  afterAll(() => t.close());

  it('an admin replaces the team; each member is answered with name, e-mail, role and part, and the change is audited', async () => {
    const put = await as('admin', 'PUT', `/api/recruiters/jobs/${jobB}/team`, {
      members: [
        { userId: interviewer.id, part: 'interviewer' },
        { userId: manager.id, part: 'interviewer' },
        { userId: admin.id, part: 'recruiter' },
      ],
    });
    expect(put.statusCode).toBe(200);
    const team = put.json() as Team;
    expect(team.members).toEqual([
      {
        userId: admin.id,
        name: 'Ada Admin',
        email: 'team-admin@example.com',
        role: 'admin',
        part: 'recruiter',
        isActive: true,
      },
      expect.objectContaining({ userId: manager.id, role: 'hiring_manager', part: 'interviewer' }),
      expect.objectContaining({ userId: interviewer.id, role: 'interviewer', part: 'interviewer' }),
    ]);
    const read = await as('admin', 'GET', `/api/recruiters/jobs/${jobB}/team`);
    expect(read.json()).toEqual(team);
    const { items } = await t.app.repos.audit.list({ action: 'opening-team' }, 1, 10);
    expect(items[0]).toMatchObject({
      target: `opening ${jobB}`,
      detail: `user ${interviewer.id} interviewer, user ${admin.id} recruiter`,
    });
  });

  it('refuses, naming the person, an account whose role does not fit the part; and unknown or doubled accounts', async () => {
    const refusal = async (members: unknown[]) => {
      const res = await as('admin', 'PUT', `/api/recruiters/jobs/${jobA}/team`, { members });
      expect(res.statusCode).toBe(400);
      return (res.json() as { detail: string }).detail;
    };
    expect(await refusal([{ userId: compliance.id, part: 'interviewer' }])).toMatch(
      /^Cora Compliance cannot be interviewer on a team/,
    );
    expect(await refusal([{ userId: interviewer.id, part: 'hiring_manager' }])).toBe(
      'Ivo Interviewer cannot be hiring manager on a team: their account’s role allows interviewer.',
    );
    expect(await refusal([{ userId: manager.id, part: 'recruiter' }])).toMatch(/^Hana Manager/);
    expect(await refusal([{ userId: 999_999, part: 'interviewer' }])).toMatch(/999999/);
    expect(
      await refusal([
        { userId: manager.id, part: 'hiring_manager' },
        { userId: manager.id, part: 'interviewer' },
      ]),
    ).toMatch(/named twice/);
    // Nothing changed: the manager is still A's hiring manager.
    const team = (await as('admin', 'GET', `/api/recruiters/jobs/${jobA}/team`)).json() as Team;
    expect(team.members.map((m) => [m.userId, m.part])).toEqual([[manager.id, 'hiring_manager']]);
  });

  it('offers a team the active accounts of every role but compliance; to the staff only', async () => {
    const res = await as('admin', 'GET', '/api/recruiters/team-people');
    expect(res.statusCode).toBe(200);
    const people = (res.json() as { userId: number; role: string }[]).map((p) => p.userId);
    expect(people).toEqual(expect.arrayContaining([admin.id, manager.id, interviewer.id]));
    expect(people).not.toContain(compliance.id);
    expect((await as('manager', 'GET', '/api/recruiters/team-people')).statusCode).toBe(403);
  });

  it('a hiring manager reads the team of their openings only, and edits none', async () => {
    expect((await as('manager', 'GET', `/api/recruiters/jobs/${jobA}/team`)).statusCode).toBe(200);
    expect((await as('manager', 'GET', `/api/recruiters/jobs/${jobB}/team`)).statusCode).toBe(404);
    const put = await as('manager', 'PUT', `/api/recruiters/jobs/${jobA}/team`, { members: [] });
    expect(put.statusCode).toBe(403);
    expect((await as('interviewer', 'GET', `/api/recruiters/jobs/${jobA}/team`)).statusCode).toBe(
      403,
    );
  });

  it('a hiring manager sees exactly their openings and their applicants: list, search, board, CSV, reports', async () => {
    const openings = (
      await as('manager', 'GET', '/api/recruiters/jobs')
    ).json() as RecruiterOpeningPage;
    expect(openings.items.map((o) => o.id)).toEqual([jobA]);
    expect(openings.total).toBe(1);
    const choices = (await as('manager', 'GET', '/api/recruiters/job-choices')).json() as unknown;
    expect(choices).toEqual([{ id: jobA, code: expect.any(String), title: expect.any(String) }]);
    expect((await as('manager', 'GET', `/api/recruiters/jobs/${jobB}`)).statusCode).toBe(404);
    expect(await listed('manager')).toEqual([ids.a1, ids.a2].sort());
    expect(await listed('manager', '?q=Teamcase')).toEqual([ids.a1, ids.a2].sort());
    expect(await listed('manager', `?jobId=${jobB}`)).toEqual([]);
    expect(await listed('admin')).toEqual(Object.values(ids).sort());

    const board = await as('manager', 'GET', `/api/recruiters/jobs/${jobA}/board`);
    const cards = (board.json() as Board).columns.flatMap((c) => c.items.map((a) => a.applicantId));
    expect(cards.sort()).toEqual([ids.a1, ids.a2].sort());
    expect((await as('manager', 'GET', `/api/recruiters/jobs/${jobB}/board`)).statusCode).toBe(404);

    const csv = await csvRows('manager');
    expect(csv.status).toBe(200);
    expect(csv.lines).toHaveLength(2);
    expect(csv.lines.join('\n')).not.toMatch(/Bela|Bruno/);
    expect((await csvRows('manager', `?jobId=${jobB}`)).lines).toEqual([]);
    expect((await csvRows('admin')).lines).toHaveLength(4);

    const report = async (who: 'manager' | 'admin', query = '') =>
      as(who, 'GET', `/api/recruiters/reports/pass-through?from=2026-03-01&to=2026-03-31${query}`);
    const mine = (await report('manager')).json() as PassThroughReport;
    expect(mine.filter.applicants).toBe(2);
    expect(mine.stages[0]).toMatchObject({ stage: 'New', reached: 2 });
    expect(((await report('admin')).json() as PassThroughReport).filter.applicants).toBe(4);
    expect((await report('manager', `&jobId=${jobB}`)).statusCode).toBe(404);
    const inStage = await as(
      'manager',
      'GET',
      '/api/recruiters/reports/time-in-stage?from=2026-03-01&to=2026-03-31',
    );
    expect(inStage.statusCode).toBe(200);
    expect((inStage.json() as { stages: { current: number }[] }).stages[0]!.current).toBe(2);
  });

  it('a hiring manager moves and notes their applicants; another opening’s answers 404 as a missing one', async () => {
    const move = await as('manager', 'PUT', `/api/recruiters/applicants/${ids.a2}/stage`, {
      stage: 'Screening',
    });
    expect(move.statusCode).toBe(200);
    const note = await as('manager', 'POST', `/api/recruiters/applicants/${ids.a2}/notes`, {
      text: 'Looks good.',
    });
    expect(note.statusCode).toBe(201);
    const missing = await as('manager', 'GET', '/api/recruiters/applicants/999999');
    for (const res of [
      await as('manager', 'GET', `/api/recruiters/applicants/${ids.b1}`),
      await as('manager', 'PUT', `/api/recruiters/applicants/${ids.b1}/stage`, {
        stage: 'Screening',
      }),
      await as('manager', 'POST', `/api/recruiters/applicants/${ids.b1}/notes`, { text: 'No.' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect((res.json() as { detail: string }).detail).toBe(
        (missing.json() as { detail: string }).detail.replace('999999', String(ids.b1)),
      );
    }
    // Nothing was written to B's applicant.
    expect((await t.app.repos.pipeline.stageHistory(ids.b1)).length).toBe(0);
    expect(await t.app.repos.pipeline.notes(ids.b1)).toEqual([]);
  });

  it('an interviewer sees exactly the applicants of their interviews not cancelled, read only', async () => {
    expect(await listed('interviewer')).toEqual([ids.a1]);
    expect(await listed('interviewer', '?q=Bela')).toEqual([]);
    const page = await as('interviewer', 'GET', `/api/recruiters/applicants/${ids.a1}`);
    expect(page.statusCode).toBe(200);
    const applicant = page.json() as ConsoleApplicant;
    expect(applicant).toMatchObject({
      firstName: 'Alma',
      notes: [],
      messages: [],
      source: null,
      referredBy: null,
      possibleDuplicates: [],
      alsoApplied: [],
    });
    // The admin sees the note and the referral on the same page.
    const full = (await as('admin', 'GET', `/api/recruiters/applicants/${ids.a1}`)).json();
    expect(full).toMatchObject({ referredBy: 'A friend', notes: [{ text: 'Strong on SQL.' }] });
    const resume = await t.app.inject({
      method: 'GET',
      url: applicant.resumeUrl,
      headers: { cookie: sessions.interviewer },
    });
    expect(resume.statusCode).toBe(200);
    for (const id of [ids.a2, ids.b1]) {
      expect((await as('interviewer', 'GET', `/api/recruiters/applicants/${id}`)).statusCode).toBe(
        404,
      );
    }
    for (const url of [
      `/api/recruiters/jobs/${jobA}/board`,
      '/api/recruiters/jobs',
      '/api/recruiters/reports/pass-through',
    ]) {
      expect((await as('interviewer', 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await csvRows('interviewer')).status).toBe(403);
    const move = await as('interviewer', 'PUT', `/api/recruiters/applicants/${ids.a1}/stage`, {
      stage: 'Offer',
    });
    expect(move.statusCode).toBe(403);
  });

  it("a resume link signed for one's own session opens only an applicant within reach", async () => {
    // The admin's page gives B's applicant's resume guid; a link signed for the interviewer's
    // own session (as the page would sign it) is still refused: the reach decides.
    const b1 = (await as('admin', 'GET', `/api/recruiters/applicants/${ids.b1}`)).json();
    const { attachmentGuid } = b1 as ConsoleApplicant;
    // The session's id is the SHA-256 of the token the cookie carries signed ("token.signature").
    const token = sessions.interviewer.split('=')[1]!.split('.')[0]!;
    const key = crypto.createHash('sha256').update(token).digest('hex');
    const own = (await as('interviewer', 'GET', `/api/recruiters/applicants/${ids.a1}`)).json();
    const ownGuid = (own as ConsoleApplicant).attachmentGuid;
    // The same signing opens the interviewer's own applicant's resume: the key is right.
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/recruiters/resumes/${ownGuid}?sig=${t.app.consoleSessions.resumeSignature(key, ownGuid)}`,
      headers: { cookie: sessions.interviewer },
    });
    expect(ok.statusCode).toBe(200);
    const sig = t.app.consoleSessions.resumeSignature(key, attachmentGuid);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/recruiters/resumes/${attachmentGuid}?sig=${sig}`,
      headers: { cookie: sessions.interviewer },
    });
    expect(res.statusCode).toBe(404);
  });
});

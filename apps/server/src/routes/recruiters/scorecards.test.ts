import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicantScorecards,
  FeedbackDue,
  ScorecardInput,
  ScorecardPage,
} from '@lumenfield/contract';
import { consoleRequest, createUser, openSession } from '../../test/console';
import { newApplication } from '../../test/applicants';
import { changeInterview, planInterview, scheduleInterview } from '../../test/interviews';
import { createOpening } from '../../test/legacy/application';
import { createRepositories } from '../../domains';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;

describe(`scorecards: drafts are their author's, the others' stay hidden until yours is in (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let planId: number;
  let seq = 0;
  const people = {} as Record<'ada' | 'ivy' | 'omar', { id: number; session: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'SCORE-1');
    planId = await planInterview(t, jobId, { focusAttributes: ['SQL', 'Communication'] });
    for (const [key, role] of [
      ['ada', 'admin'],
      ['ivy', 'recruiter'],
      ['omar', 'recruiter'],
    ] as const) {
      const user = await createUser(t, `${key}.score@example.com`, role, `${key} Score`);
      people[key] = { id: user.id, session: await openSession(t, user) };
    }
  });
  afterAll(() => t.close());

  const applicant = async () =>
    (
      await t.app.repos.applicants.create(
        newApplication(
          jobId,
          { lastName: `Score${++seq}`, email: `s${seq}@example.com` },
          900 + seq,
        ),
        new Date(),
      )
    ).applicantId;
  const interview = async (startsAt = new Date(Date.now() - 2 * HOUR), status?: 'cancelled') => {
    const setup = { jobId, applicantId: await applicant(), planInterviewId: planId };
    const { id } = await scheduleInterview(t, setup, {
      startsAt,
      timeZone: 'Asia/Kolkata',
      interviewerIds: [people.ivy.id, people.omar.id],
      at: new Date(),
    });
    if (status) await changeInterview(t, id, { status });
    return id;
  };
  const as = (who: keyof typeof people) => ({
    get: async (id: number) =>
      consoleRequest(t, people[who].session, 'GET', `/api/recruiters/interviews/${id}/scorecard`),
    put: async (id: number, body: ScorecardInput) =>
      consoleRequest(
        t,
        people[who].session,
        'PUT',
        `/api/recruiters/interviews/${id}/scorecard`,
        body,
      ),
  });
  const card = (
    sql: 1 | 2 | 3 | 4 | 'no_opinion' | null,
    recommendation: ScorecardInput['recommendation'],
    submit?: boolean,
  ): ScorecardInput => ({
    ratings: [
      { attribute: 'SQL', rating: sql, notes: 'Tuned a slow join' },
      { attribute: 'Communication', rating: 3, notes: '' },
    ],
    notes: 'Clear and careful.',
    recommendation,
    ...(submit === undefined ? {} : { submit }),
  });

  it('keeps a draft as typed for its author only; hides the others’ until one’s own is submitted', async () => {
    const id = await interview();
    const blank = (await as('ivy').get(id)).json() as ScorecardPage;
    expect(blank.kit).toEqual({
      focusAttributes: ['SQL', 'Communication'],
      questions: ['Walk us through a query you tuned.'],
    });
    expect(blank.mine?.ratings.map((rating) => rating.rating)).toEqual([null, null]);
    expect(blank.others).toBeNull();

    expect((await as('omar').put(id, card(4, 'strong_yes', true))).statusCode).toBe(200);
    // Ivy has not submitted: Omar's card stays hidden from her.
    expect(((await as('ivy').get(id)).json() as ScorecardPage).others).toBeNull();

    const draft = await as('ivy').put(id, card(null, null));
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toEqual({ submittedAt: null });
    const kept = (await as('ivy').get(id)).json() as ScorecardPage;
    expect(kept.mine).toMatchObject({ notes: 'Clear and careful.', submittedAt: null });
    expect(kept.mine?.ratings[0]).toEqual({
      attribute: 'SQL',
      rating: null,
      notes: 'Tuned a slow join',
    });
    // Omar sees Ivy's draft nowhere; the admin (no interviewer) sees Omar's submitted card only.
    expect(((await as('omar').get(id)).json() as ScorecardPage).others).toEqual([]);
    const admin = (await as('ada').get(id)).json() as ScorecardPage;
    expect(admin.mine).toBeNull();
    expect(admin.others?.map((other) => other.interviewer.name)).toEqual(['omar Score']);

    const unrated = await as('ivy').put(id, card(null, 'yes', true));
    expect(unrated.statusCode).toBe(400);
    expect(unrated.json()).toMatchObject({
      detail: expect.stringContaining('Rate SQL, or choose No opinion.'),
    });
    const noRecommendation = await as('ivy').put(id, card('no_opinion', null, true));
    expect(noRecommendation.json()).toMatchObject({
      detail: expect.stringContaining('Choose an overall recommendation.'),
    });

    expect((await as('ivy').put(id, card('no_opinion', 'yes', true))).statusCode).toBe(200);
    const submitted = (await as('ivy').get(id)).json() as ScorecardPage;
    expect(submitted.mine?.submittedAt).not.toBeNull();
    expect(submitted.others?.map((other) => other.recommendation)).toEqual(['strong_yes']);
  });

  it('refuses a card from someone who does not interview, on a cancelled or a missing interview', async () => {
    const id = await interview();
    const byAdmin = await as('ada').put(id, card(3, 'yes', true));
    expect(byAdmin.statusCode).toBe(403);
    const cancelled = await interview(new Date(Date.now() - 2 * HOUR), 'cancelled');
    expect((await as('ivy').put(cancelled, card(3, 'yes'))).statusCode).toBe(409);
    expect((await as('ivy').put(999_999, card(3, 'yes'))).statusCode).toBe(404);
    expect((await as('ivy').get(999_999)).statusCode).toBe(404);
  });

  it('audits a submission and a change to a submitted card, never a draft', async () => {
    const id = await interview();
    await as('ivy').put(id, card(2, 'no'));
    await as('ivy').put(id, card(2, 'no', true));
    await as('ivy').put(id, card(1, 'strong_no'));
    const rows = await t.db.handle.db
      .selectFrom('auditLog')
      .select(['action', 'actorUserId', 'detail'])
      .where('target', '=', `interview ${id}`)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['scorecard-submit', 'scorecard-update']);
    expect(rows[1]).toMatchObject({
      actorUserId: people.ivy.id,
      detail: expect.stringContaining('recommendation strong_no'),
    });
    // A change to a submitted card stays submitted, so it must stay complete.
    expect((await as('ivy').put(id, card(null, 'no'))).statusCode).toBe(400);
  });

  it('sums up the cards one may see on the applicant: none of them for an interviewer not yet in', async () => {
    const id = await interview();
    const applicantId = ((await as('ivy').get(id)).json() as ScorecardPage).interview.applicantId;
    await as('omar').put(id, card(4, 'strong_yes', true));
    const summary = (who: keyof typeof people) =>
      consoleRequest(
        t,
        people[who].session,
        'GET',
        `/api/recruiters/applicants/${applicantId}/scorecards`,
      ).then((res) => res.json() as ApplicantScorecards);

    const hidden = await summary('ivy');
    expect(hidden.interviews[0]?.scorecards).toBeNull();
    expect(hidden.recommendations).toEqual({ strong_no: 0, no: 0, yes: 0, strong_yes: 0 });
    expect(hidden.interviews[0]?.interviewers).toEqual([
      { userId: people.ivy.id, name: 'ivy Score', submitted: false },
      { userId: people.omar.id, name: 'omar Score', submitted: true },
    ]);

    await as('ivy').put(id, card(2, 'no', true));
    const admin = await summary('ada');
    expect(admin.recommendations).toEqual({ strong_no: 0, no: 1, yes: 0, strong_yes: 1 });
    expect(admin.attributes).toEqual([
      { attribute: 'SQL', counts: { 1: 0, 2: 1, 3: 0, 4: 1, no_opinion: 0 } },
      { attribute: 'Communication', counts: { 1: 0, 2: 0, 3: 2, 4: 0, no_opinion: 0 } },
    ]);
    const missing = await consoleRequest(
      t,
      people.ada.session,
      'GET',
      '/api/recruiters/applicants/999999/scorecards',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('lists the ended interviews without one’s submitted card as feedback due, overdue after a day', async () => {
    const overdue = await interview(new Date(Date.now() - 30 * HOUR));
    const recent = await interview(new Date(Date.now() - 2 * HOUR));
    const upcoming = await interview(new Date(Date.now() + 2 * HOUR));
    await interview(new Date(Date.now() - 30 * HOUR), 'cancelled');
    await as('omar').put(recent, card(3, 'yes', true));
    await as('ivy').put(recent, card(3, 'yes'));

    const due = async (who: keyof typeof people, query = '') =>
      (
        await consoleRequest(t, people[who].session, 'GET', `/api/recruiters/feedback-due${query}`)
      ).json() as FeedbackDue;
    const ivys = (await due('ivy')).items.filter((item) =>
      [overdue, recent, upcoming].includes(item.interviewId),
    );
    expect(ivys.map((item) => [item.interviewId, item.overdue, item.drafted])).toEqual([
      [overdue, true, false],
      [recent, false, true],
    ]);
    const omars = (await due('omar')).items.map((item) => item.interviewId);
    expect(omars).toContain(overdue);
    expect(omars).not.toContain(recent);
    const everyone = (await due('ada', '?who=everyone')).items.filter(
      (item) => item.interviewId === overdue,
    );
    expect(everyone.map((item) => item.interviewer.name)).toEqual(['ivy Score', 'omar Score']);
    expect((await due('ada')).items).toEqual([]);
  });

  it('goes with the applicant: erasing them erases their interviews and scorecards', async () => {
    const id = await interview();
    await as('ivy').put(id, card(3, 'yes', true));
    const { applicantId } = ((await as('ivy').get(id)).json() as ScorecardPage).interview;
    const { db } = t.db.handle;
    const { email } = await db
      .selectFrom('applicants')
      .select('email')
      .where('id', '=', applicantId)
      .executeTakeFirstOrThrow();
    await t.app.repos.applicants.eraseByEmail(email, { label: 'cli' }, new Date());
    expect(await db.selectFrom('interviews').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
    for (const table of ['scorecards', 'interviewInterviewers'] as const) {
      const rows = await db
        .selectFrom(table)
        .select('userId')
        .where('interviewId', '=', id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect((await as('ivy').get(id)).statusCode).toBe(404);
  });

  it('reminds each interviewer whose card is overdue once, with two nodes reminding at once', async () => {
    const id = await interview(new Date(Date.now() - 30 * HOUR));
    await as('omar').put(id, card(3, 'yes', true));
    // SQLite's driver is synchronous: a second connection in this process waiting for the
    // write lock would block the event loop that must commit the first. One handle there.
    const second = engine === 'postgres' ? t.db.reopen() : t.db.handle;
    try {
      const nodes = [t.app.repos.scorecards, createRepositories(second.db).scorecards];
      const origin = 'https://careers.example.com';
      const runs = await Promise.all(nodes.map((node) => node.remindOverdue(new Date(), origin)));
      const mails = await t.db.handle.db
        .selectFrom('mailQueue')
        .select(['toAddress', 'subject', 'textBody'])
        .where('kind', '=', 'feedback-reminder')
        .where('textBody', 'like', `%/recruiters/interviews/${id}/scorecard%`)
        .execute();
      // Ivy alone: Omar's card is in.
      expect(mails.map((mail) => mail.toAddress)).toEqual(['ivy.score@example.com']);
      expect(mails[0]?.subject).toMatch(/^Feedback due: Technical interview with Ana Score\d+$/);
      expect(runs.reduce((sum, run) => sum + run, 0)).toBeGreaterThanOrEqual(1);
      // A later run reminds no one again.
      await t.app.repos.scorecards.remindOverdue(new Date(), origin);
      const again = await t.db.handle.db
        .selectFrom('mailQueue')
        .select('id')
        .where('textBody', 'like', `%/recruiters/interviews/${id}/scorecard%`)
        .execute();
      expect(again).toHaveLength(1);
    } finally {
      if (second !== t.db.handle) await second.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfIdQuestions, SELF_ID_MIN_COUNT, type SelfIdAnswersInput } from '@lumenfield/contract';
import {
  adminHeaders,
  applicationPayload,
  createOpening,
  postApplication,
} from '../test/legacy/application';
import { consoleHeaders, createUser, openSession } from '../test/console';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const SELF_ID_URL = '/api/self-identification';
const REPORT_URL = '/api/recruiters/self-identification';

/** Answers whose every value is distinctive, so a recruiter's read that held one would show. */
const TELLING: SelfIdAnswersInput = {
  gender: 'nonbinary',
  raceEthnicity: ['middle-eastern-north-african', 'native-hawaiian-pacific-islander'],
  veteran: 'protected',
  disability: 'yes',
};
/** What must never appear in a recruiter's answer: values, labels and the form's own words. */
const NEVER_IN_RECRUITER_READS = [
  'nonbinary',
  'Non-binary',
  'middle-eastern',
  'Middle Eastern',
  'Hawaiian',
  'protected veteran',
  'Protected veteran',
  'veteran',
  'disability',
  'Disability',
  'raceEthnicity',
  'self-ident',
  'Self-ident',
  'selfId',
  'SelfId',
];

function submit(t: TestApp, body: unknown, headers = t.headers('write')) {
  return t.app.inject({
    method: 'POST',
    url: SELF_ID_URL,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function apply(t: TestApp, jobId: number, email: string) {
  const res = await postApplication(
    t,
    jobId,
    applicationPayload({ Email: email }, { name: `${email.split('@')[0]}.pdf` }),
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ ApplicantID: number; Message: string; SelfIdToken?: string }>();
}

const storedRows = (t: TestApp) =>
  t.db.handle.db.selectFrom('selfIdentifications').selectAll().execute();

describe(`voluntary self-identification, SELF_ID=us (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  beforeAll(async () => {
    t = await createTestApp({ SELF_ID: 'us' });
    jobId = await createOpening(t, 'SID-1');
  });
  afterAll(() => t.close());

  it('answers a one-time token with the application, beside the old fields unchanged', async () => {
    const created = await apply(t, jobId, 'token.one@example.com');
    expect(Object.keys(created).sort()).toEqual(['ApplicantID', 'Message', 'SelfIdToken']);
    expect(created.Message).toBe('Applied Successfully!');
    expect(created.SelfIdToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const tokens = await t.db.handle.db.selectFrom('selfIdTokens').selectAll().execute();
    expect(JSON.stringify(tokens)).not.toContain(created.SelfIdToken);
  });

  it('stores the answers once for a valid token, and refuses the same token again', async () => {
    const created = await apply(t, jobId, 'answers.once@example.com');
    const res = await submit(t, { token: created.SelfIdToken, answers: TELLING });
    expect(res.statusCode).toBe(201);
    const rows = (await storedRows(t)).filter((row) => row.applicantId === created.ApplicantID);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.jobId).toBe(jobId);
    expect(JSON.parse(rows[0]!.answers)).toEqual(TELLING);

    const again = await submit(t, {
      token: created.SelfIdToken,
      answers: { gender: 'male' },
    });
    expect(again.statusCode).toBe(410);
    const after = (await storedRows(t)).filter((row) => row.applicantId === created.ApplicantID);
    expect(JSON.parse(after[0]!.answers)).toEqual(TELLING);
  });

  it('refuses an unknown token and an expired one, storing nothing', async () => {
    const before = (await storedRows(t)).length;
    expect((await submit(t, { token: 'x'.repeat(43), answers: TELLING })).statusCode).toBe(410);
    const created = await apply(t, jobId, 'expired.token@example.com');
    const old = await t.app.repos.selfId.issue(
      created.ApplicantID,
      jobId,
      new Date(Date.now() - 24 * 3_600_000 - 60_000),
    );
    expect((await submit(t, { token: old, answers: TELLING })).statusCode).toBe(410);
    expect((await storedRows(t)).length).toBe(before);
  });

  it('answers a repeated application a new token, but stores one answer per applicant', async () => {
    const payload = applicationPayload({ Email: 'repeat@example.com' }, { name: 'repeat.pdf' });
    const first = (await postApplication(t, jobId, payload)).json<{ SelfIdToken: string }>();
    const second = await postApplication(t, jobId, payload);
    expect(second.statusCode).toBe(200);
    const token2 = second.json<{ SelfIdToken: string }>().SelfIdToken;
    expect(token2).not.toBe(first.SelfIdToken);
    expect((await submit(t, { token: first.SelfIdToken, answers: TELLING })).statusCode).toBe(201);
    expect((await submit(t, { token: token2, answers: TELLING })).statusCode).toBe(410);
  });

  it('keeps the rules of every public write: the fixed header and the XSRF echo', async () => {
    const created = await apply(t, jobId, 'guards@example.com');
    const body = { token: created.SelfIdToken, answers: TELLING };
    const { 'X-XSRF-TOKEN': _echo, ...noEcho } = t.headers('write');
    expect((await submit(t, body, noEcho)).statusCode).toBe(403);
    const { 'X-Requested-With': _fixed, ...noFixed } = t.headers('write');
    expect((await submit(t, body, noFixed)).statusCode).toBe(403);
    // The token is still unused: the refusals spent nothing.
    expect((await submit(t, body)).statusCode).toBe(201);
  });

  it('refuses answers the form does not offer, and keeps the token for a corrected send', async () => {
    const created = await apply(t, jobId, 'bad.answers@example.com');
    const token = created.SelfIdToken;
    for (const answers of [
      { gender: 'robot' },
      { raceEthnicity: ['decline', 'asian'] },
      { raceEthnicity: ['asian', 'asian'] },
      { veteran: 'yes' },
      { disability: 'maybe' },
    ]) {
      const res = await submit(t, { token, answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
    }
    expect((await submit(t, { token, answers: {}, extra: 1 })).statusCode).toBe(400);
    // Nothing answered is "I do not wish to answer" everywhere.
    expect((await submit(t, { token, answers: {} })).statusCode).toBe(201);
    const row = (await storedRows(t)).find((r) => r.applicantId === created.ApplicantID)!;
    expect(JSON.parse(row.answers)).toEqual({
      gender: 'decline',
      raceEthnicity: ['decline'],
      veteran: 'decline',
      disability: 'decline',
    });
  });
});

describe(`self-identification is off by default (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the application without a token, and 404 on the endpoint', async () => {
    const jobId = await createOpening(t, 'SID-OFF');
    const created = await apply(t, jobId, 'off@example.com');
    expect(Object.keys(created).sort()).toEqual(['ApplicantID', 'Message']);
    const res = await submit(t, { token: 'x'.repeat(43), answers: TELLING });
    expect(res.statusCode).toBe(404);
  });
});

describe(`no recruiter reads self-identification; compliance sees counts only (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let applicantId: number;
  const sessions: Record<'admin' | 'recruiter' | 'compliance', string> = {
    admin: '',
    recruiter: '',
    compliance: '',
  };
  beforeAll(async () => {
    t = await createTestApp({ SELF_ID: 'us' });
    jobId = await createOpening(t, 'SID-READS');
    for (const role of ['admin', 'recruiter', 'compliance'] as const) {
      sessions[role] = await openSession(t, await createUser(t, `${role}@example.com`, role));
    }
    // Seven applicants: five say female, two the telling answers.
    for (let i = 0; i < 7; i++) {
      const created = await apply(t, jobId, `reader.${i}@example.com`);
      applicantId = created.ApplicantID;
      const answers = i < 5 ? { ...TELLING, gender: 'female' } : TELLING;
      expect((await submit(t, { token: created.SelfIdToken, answers })).statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it("holds none of the answers in any of an applicant's recruiter reads", async () => {
    const admin = consoleHeaders(t, sessions.admin);
    const reads = {
      'console applicant': await get(`/api/recruiters/applicants/${applicantId}`, admin),
      'console list': await get(`/api/recruiters/applicants?jobId=${jobId}`, admin),
      'console opening': await get(`/api/recruiters/jobs/${jobId}`, admin),
      'console CSV': await get(`/api/recruiters/applicants.csv?jobId=${jobId}`, {
        cookie: sessions.admin,
      }),
      'bearer JSON': await get(`/api/admin/jobs/${jobId}/applicants`, adminHeaders(t)),
      'bearer CSV': await get(`/api/admin/jobs/${jobId}/applicants.csv`, adminHeaders(t)),
      'audit log': await get('/api/recruiters/audit', admin),
    };
    for (const [name, res] of Object.entries(reads)) {
      expect(res.statusCode, name).toBe(200);
      // Each read is about these applicants (the check would be empty otherwise).
      if (name !== 'audit log' && name !== 'console opening') {
        expect(res.body, name).toContain('reader.');
      }
      for (const word of NEVER_IN_RECRUITER_READS) {
        expect(res.body, `${name} holds "${word}"`).not.toContain(word);
      }
    }
  });

  it('answers the counts to the compliance role only, none below the minimum, and audits it', async () => {
    expect((await get(REPORT_URL, consoleHeaders(t, sessions.admin))).statusCode).toBe(403);
    expect((await get(REPORT_URL, consoleHeaders(t, sessions.recruiter))).statusCode).toBe(403);
    const res = await get(REPORT_URL, consoleHeaders(t, sessions.compliance));
    expect(res.statusCode).toBe(200);
    const report = res.json<{
      minimumCount: number;
      openings: {
        jobId: number;
        questions: { key: string; answers: { value: string; count: number | null }[] }[];
      }[];
    }>();
    expect(report.minimumCount).toBe(SELF_ID_MIN_COUNT);
    const opening = report.openings.find((o) => o.jobId === jobId)!;
    // Every question, every answer listed.
    expect(opening.questions.map((q) => q.key)).toEqual(selfIdQuestions.map((q) => q.key));
    const counts = Object.fromEntries(
      opening.questions.map((q) => [
        q.key,
        Object.fromEntries(q.answers.map((a) => [a.value, a.count])),
      ]),
    );
    expect(counts.gender).toEqual({ female: 5, male: null, nonbinary: null, decline: null });
    expect(counts.veteran).toEqual({ protected: 7, 'not-protected': null, decline: null });
    expect(counts.raceEthnicity!['middle-eastern-north-african']).toBe(7);
    expect(counts.raceEthnicity!.asian).toBeNull();
    // No count below the minimum anywhere in the answer, and no total.
    for (const question of opening.questions) {
      for (const answer of question.answers) {
        if (answer.count !== null) expect(answer.count).toBeGreaterThanOrEqual(SELF_ID_MIN_COUNT);
      }
    }
    expect(res.body).not.toMatch(/total/i);

    const audit = await t.db.handle.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'self-id-report-view')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses the compliance role every applicant, opening, CSV and the audit log', async () => {
    const compliance = consoleHeaders(t, sessions.compliance);
    for (const url of [
      '/api/recruiters/applicants',
      `/api/recruiters/applicants/${applicantId}`,
      '/api/recruiters/jobs',
      `/api/recruiters/jobs/${jobId}`,
      '/api/recruiters/audit',
      '/api/recruiters/users',
    ]) {
      expect((await get(url, compliance)).statusCode, url).toBe(403);
    }
    const csv = await get(`/api/recruiters/applicants.csv?jobId=${jobId}`, {
      cookie: sessions.compliance,
    });
    expect(csv.statusCode).toBe(403);
    // Their own session still answers.
    expect((await get('/api/recruiters/session', compliance)).statusCode).toBe(200);
  });
});

describe(`self-identification is erased with the application (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SELF_ID: 'us', APPLICANT_RETENTION_DAYS: '30' });
  });
  afterAll(() => t.close());

  async function answered(jobId: number, email: string) {
    const created = await apply(t, jobId, email);
    expect((await submit(t, { token: created.SelfIdToken, answers: TELLING })).statusCode).toBe(
      201,
    );
    // A second, unused token of the same applicant.
    await t.app.repos.selfId.issue(created.ApplicantID, jobId, new Date());
    return created.ApplicantID;
  }
  async function traces(applicantId: number) {
    const db = t.db.handle.db;
    const answers = await db
      .selectFrom('selfIdentifications')
      .select('id')
      .where('applicantId', '=', applicantId)
      .execute();
    const tokens = await db
      .selectFrom('selfIdTokens')
      .select('tokenHash')
      .where('applicantId', '=', applicantId)
      .execute();
    return answers.length + tokens.length;
  }

  it('by the console, the command line and retention', async () => {
    const jobId = await createOpening(t, 'SID-ERASE');
    const byConsole = await answered(jobId, 'erase.console@example.com');
    const byCli = await answered(jobId, 'erase.cli@example.com');
    const kept = await answered(jobId, 'kept@example.com');
    expect(await traces(byConsole)).toBe(3);

    const admin = await openSession(t, await createUser(t, 'eraser@example.com', 'admin'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/erasures',
      headers: { ...consoleHeaders(t, admin, 'write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'erase.console@example.com' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await traces(byConsole)).toBe(0);

    // The CLI's `applicants erase --email` is this call with its own actor.
    await t.app.repos.applicants.eraseByEmail(
      'erase.cli@example.com',
      { label: 'cli' },
      new Date(),
    );
    expect(await traces(byCli)).toBe(0);
    expect(await traces(kept)).toBe(3);

    const closed = await createOpening(t, 'SID-RETAIN');
    const retained = await answered(closed, 'erase.retention@example.com');
    await t.app.repos.jobs.update(
      closed,
      { isOpen: false },
      new Date(Date.now() - 40 * 86_400_000),
    );
    await t.app.retention.runOnce(new Date());
    expect(await traces(retained)).toBe(0);
    expect(await traces(kept)).toBe(3);
  });
});

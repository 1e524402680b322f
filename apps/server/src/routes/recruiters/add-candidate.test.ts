import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLIED_SUCCESSFULLY,
  JOB_APPLICANTS_PATH,
  addCandidateMessages,
  applicationMessages,
  type CandidateAdded,
  type ConsoleApplicant,
} from '@lumenfield/contract';
import { PLACE_CHOICE_MESSAGE } from '../../domains/applications/accept-application';
import { applyFormFields, questionedOpening, resumePart } from '../../test/apply-form';
import { consoleHeaders, consoleRequest, createUser, openSession } from '../../test/console';
import { multipart, MULTIPART_TYPE, type Part } from '../../test/multipart';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

describe(`a recruiter adds a candidate by hand (${engine})`, () => {
  let t: TestApp;
  let recruiter: string;
  let compliance: string;
  let recruiterId: number;
  let jobId: number;
  let referralId: number;
  let applyPath: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t, 'adds.candidates@example.com');
    recruiterId = user.id;
    recruiter = await openSession(t, user);
    compliance = await openSession(t, await createUser(t, 'reads@example.com', 'compliance'));
    jobId = await t.app.repos.jobs.create(questionedOpening());
    referralId = await t.app.repos.sources.createSource(
      { name: 'Referral', kind: 'referral' },
      recruiterId,
      new Date(),
    );
    applyPath = `/api/openings/${jobId}/applications`;
  });
  afterAll(() => t.close());

  /** The console form's fields: the applicant's (no answers: not asked), the source, a note. */
  const fields = (overrides: Record<string, string> = {}): Part[] => {
    const { 'answers[years]': _years, referredBy: _heard, ...applicant } = applyFormFields();
    return Object.entries({
      ...applicant,
      sourceId: String(referralId),
      ...overrides,
    }).filter(([, value]) => value !== '') as Part[];
  };
  const post = (parts: Part[], session = recruiter, id = jobId) =>
    t.app.inject({
      method: 'POST',
      url: `/api${JOB_APPLICANTS_PATH.replace(':id', String(id))}`,
      headers: { ...consoleHeaders(t, session, 'write'), 'content-type': MULTIPART_TYPE },
      payload: multipart(parts),
    });
  const db = () => t.db.handle.db;
  const mailsOf = (applicantId: number) =>
    db()
      .selectFrom('mailQueue')
      .select(['kind', 'toAddress'])
      .where('applicantId', '=', applicantId)
      .execute();
  const problem = (body: string) =>
    JSON.parse(body) as { detail: string; errors?: { field: string; message: string }[] };

  it('stores the candidate with the chosen source and the note, audited, and no mail', async () => {
    const res = await post([
      ...fields({ note: 'Referred by Priya from the data team' }),
      resumePart(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const added = JSON.parse(res.body) as CandidateAdded;
    expect(added).toEqual({
      applicantId: expect.any(Number),
      message: APPLIED_SUCCESSFULLY,
      duplicate: false,
    });
    const row = await db()
      .selectFrom('applicants')
      .select(['jobId', 'sourceId', 'sourceName', 'sourceVia', 'trackingLinkId', 'place'])
      .where('id', '=', added.applicantId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      jobId,
      sourceId: referralId,
      sourceName: 'Referral',
      sourceVia: 'recruiter',
      trackingLinkId: null,
    });
    expect(String(row.place)).toContain('Austin');
    // No source named after the person: the referrer's words are the recruiter's note.
    expect((await t.app.repos.sources.list()).map((s) => s.name)).toEqual(['Referral']);
    expect(await mailsOf(added.applicantId)).toEqual([]);

    const page = await consoleRequest(
      t,
      recruiter,
      'GET',
      `/api/recruiters/applicants/${added.applicantId}`,
    );
    const applicant = page.json() as ConsoleApplicant;
    expect(applicant.source).toEqual({ name: 'Referral', via: 'recruiter' });
    expect(applicant.notes).toEqual([
      expect.objectContaining({
        author: 'Rita Recruiter',
        text: 'Referred by Priya from the data team',
      }),
    ]);
    // Not asked: no answer stored, so no knock-out flag is made up.
    expect(applicant.answers.map((answer) => answer.value)).toEqual(['', []]);
    expect(applicant.doesNotMeet).toEqual([]);

    const audit = await db()
      .selectFrom('auditLog')
      .select(['actorUserId', 'target', 'detail'])
      .where('action', '=', 'applicant-add')
      .execute();
    expect(audit).toEqual([
      {
        actorUserId: recruiterId,
        target: `applicant ${added.applicantId}`,
        detail: `opening ${jobId}, source ${referralId}, no e-mail`,
      },
    ]);
  });

  it('queues the confirmation to the candidate, and only that, when the box is ticked', async () => {
    const email = `asked.${Date.now()}@example.com`;
    const res = await post([...fields({ email, sendConfirmation: 'yes' }), resumePart()]);
    expect(res.statusCode, res.body).toBe(201);
    const { applicantId } = JSON.parse(res.body) as CandidateAdded;
    expect(await mailsOf(applicantId)).toEqual([
      { kind: 'applicant-confirmation', toAddress: email },
    ]);
    const audit = await db()
      .selectFrom('auditLog')
      .select('detail')
      .where('target', '=', `applicant ${applicantId}`)
      .where('action', '=', 'applicant-add')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toContain('confirmation e-mail asked');
  });

  it('answers the same application sent again as applying does: the stored one, nothing new', async () => {
    const email = `twice.${Date.now()}@example.com`;
    const applied = await t.app.inject({
      method: 'POST',
      url: applyPath,
      headers: { ...t.headers('write'), 'content-type': MULTIPART_TYPE },
      payload: multipart([...(Object.entries(applyFormFields({ email })) as Part[]), resumePart()]),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const first = JSON.parse(applied.body) as { applicantId: number; message: string };
    const count = async () =>
      (await db().selectFrom('applicants').select('id').where('email', '=', email).execute())
        .length;

    const again = await post([...fields({ email, note: 'Sent twice' }), resumePart()]);
    expect(again.statusCode, again.body).toBe(200);
    expect(JSON.parse(again.body)).toEqual({
      applicantId: first.applicantId,
      message: first.message,
      duplicate: true,
    });
    expect(await count()).toBe(1);
    const notes = await t.app.repos.pipeline.notes(first.applicantId);
    expect(notes).toEqual([]);
  });

  it('refuses a bad name and phone, a missing place and source, each with its sentence', async () => {
    const res = await post([
      ...fields({
        firstName: 'M4ria',
        mobileNumber: '12ab',
        locationIndex: '',
        sourceId: '',
      }),
      resumePart(),
    ]);
    expect(res.statusCode).toBe(400);
    const { errors, detail } = problem(res.body);
    expect(detail).toBe(applicationMessages.firstName);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: applicationMessages.firstName },
        { field: 'mobileNumber', message: applicationMessages.mobile },
        { field: 'locationIndex', message: PLACE_CHOICE_MESSAGE },
        { field: 'sourceId', message: addCandidateMessages.chooseSource },
      ]),
    );
    // A source that is not one of the list is no choice.
    const unknown = await post([...fields({ sourceId: '999999' }), resumePart()]);
    expect(problem(unknown.body).errors).toEqual([
      { field: 'sourceId', message: addCandidateMessages.chooseSource },
    ]);
  });

  it('refuses answers: the candidate was not asked the questions', async () => {
    const res = await post([...fields({ 'answers[years]': '4' }), resumePart()]);
    expect(res.statusCode).toBe(400);
    expect(problem(res.body).detail).toContain('answers[years]');
  });

  it('refuses the compliance role (403) and a missing opening (404)', async () => {
    const before = await db().selectFrom('applicants').select('id').execute();
    const refused = await post([...fields(), resumePart()], compliance);
    expect(refused.statusCode).toBe(403);
    expect(await db().selectFrom('applicants').select('id').execute()).toHaveLength(before.length);
    const missing = await post([...fields(), resumePart()], recruiter, 999_999);
    expect(missing.statusCode).toBe(404);
  });
});

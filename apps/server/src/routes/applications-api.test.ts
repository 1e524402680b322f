import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLIED_SUCCESSFULLY,
  CLOSED_OPENING_MESSAGE,
  MAX_RESUME_BYTES,
  applicationMessages,
  applyApiPath,
} from '@lumenfield/contract';
import { createRepositories } from '../domains';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { exeFile, pdfFile } from '../test/files';
import { MULTIPART_BODY_LIMIT, applyFormProblems } from './application-parts';
import { multipart, MULTIPART_TYPE, type Part } from '../test/multipart';
import { applyFormFields, questionedOpening, resumePart } from '../test/apply-form';
import { chicagoAndAustin } from '@lumenfield/contract/testing';
import { EVERYTHING } from '../domains/team/reach';

describe(`the apply dialog's multipart post, answered in JSON (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let closedJobId: number;
  let remoteJobId: number;

  beforeAll(async () => {
    t = await createTestApp({ SELF_ID: 'us' });
    const repos = createRepositories(t.db.handle.db);
    jobId = await repos.jobs.create(questionedOpening());
    remoteJobId = await repos.jobs.create(
      questionedOpening({
        code: 'MP-R',
        workplaceType: 'REMOTE',
        locations: chicagoAndAustin.slice(0, 1),
        remoteCountries: ['PL', 'PT'],
      }),
    );
    closedJobId = await repos.jobs.create(questionedOpening({ code: 'MP-2', isOpen: false }));
  });
  afterAll(() => t.close());

  const fields = (overrides: Record<string, string> = {}): Part[] =>
    Object.entries(applyFormFields(overrides)).filter(([, value]) => value !== '') as Part[];
  const post = (parts: Part[], headers: Record<string, string> = {}, id = jobId) =>
    t.app.inject({
      method: 'POST',
      url: `/api${applyApiPath(id)}`,
      headers: {
        ...t.headers('write'),
        'content-type': MULTIPART_TYPE,
        ...headers,
      },
      payload: multipart(parts),
    });
  const problem = (body: string) =>
    JSON.parse(body) as { detail: string; errors?: { field: string; message: string }[] };

  it('accepts an application: 201 with its applicantId, stored with answers, place, resume', async () => {
    const res = await post([
      ...fields({ 'answers[tools]': 'Excel' }),
      ['answers[tools]', 'Tableau'],
      resumePart(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const created = JSON.parse(res.body) as { applicantId: number; message: string };
    expect(created.message).toBe(APPLIED_SUCCESSFULLY);
    // The site's own names (SELF_ID=us: with the self-identification form's token), no wire name.
    expect(Object.keys(created).sort()).toEqual(['applicantId', 'message', 'selfIdToken']);
    const row = await t.db.handle.db
      .selectFrom('applicants')
      .select(['id', 'answers', 'place', 'firstName', 'referredBy'])
      .where('id', '=', created.applicantId)
      .executeTakeFirstOrThrow();
    expect(row.firstName).toBe('Maria');
    expect(row.referredBy).toBe('A friend');
    expect(JSON.parse(String(row.answers))).toContainEqual(
      expect.objectContaining({ key: 'tools', value: ['Excel', 'Tableau'] }),
    );
    expect(String(row.place)).toContain('Austin');
  });

  it('answers a second send of the same application with the stored one (200, same id)', async () => {
    const parts = [...fields(), resumePart()];
    const first = await post(parts);
    const again = await post(parts);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(JSON.parse(again.body).applicantId).toBe(JSON.parse(first.body).applicantId);
  });

  it("refuses each rule naming the form's fields, with the rules' sentences", async () => {
    const res = await post(fields({ firstName: 'M4ria', locationIndex: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const { errors } = problem(res.body);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: applicationMessages.firstName },
        { field: 'locationIndex', message: 'Please choose the place you would work from.' },
      ]),
    );
    const answer = await post([...fields({ 'answers[years]': 'four' }), resumePart()]);
    expect(answer.statusCode).toBe(400);
    expect(problem(answer.body).errors).toEqual([
      { field: 'answers.years', message: '“Years with SQL” must be a number, such as 5 or 2.5.' },
    ]);
    const long = await post([...fields({ city: 'x'.repeat(500) }), resumePart()]);
    expect(long.statusCode).toBe(400);
    expect(problem(long.body).errors?.[0]?.field).toBe('city');
  });

  it('refuses a missing resume, a wrong type (by content), and a file over the limit', async () => {
    const missing = await post(fields());
    expect(missing.statusCode).toBe(400);
    expect(problem(missing.body).errors).toContainEqual({
      field: 'resume',
      message: applicationMessages.resumeMissing,
    });
    const wrongType = await post([...fields(), resumePart(exeFile(), 'cv.pdf')]);
    expect(wrongType.statusCode).toBe(400);
    expect(problem(wrongType.body).errors?.[0]?.message).toBe(applicationMessages.resumeType);
    const tooLarge = await post([...fields(), resumePart(pdfFile(MAX_RESUME_BYTES + 10))]);
    expect(tooLarge.statusCode).toBe(400);
    expect(problem(tooLarge.body).errors?.[0]?.message).toBe(applicationMessages.resumeSize);
    const resumeField = problem(tooLarge.body).errors?.[0]?.field;
    expect(resumeField).toBe('resume');
  });

  it('refuses a body over the limit (413) before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${applyApiPath(jobId)}`,
      headers: {
        ...t.headers('write'),
        'content-type': MULTIPART_TYPE,
        'content-length': String(MULTIPART_BODY_LIMIT + 1),
      },
      payload: Buffer.alloc(MULTIPART_BODY_LIMIT + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(problem(res.body).detail).toBe(applyFormProblems.tooLarge);
    expect(res.headers.connection).toBe('close');
  });

  it('refuses too many fields, too many parts, a second file and an over-long field (413)', async () => {
    const many = Array.from({ length: 210 }, (_, i): Part => [`extra${i}`, 'x']);
    const fieldsOver = await post([...fields(), ...many, resumePart()]);
    expect(fieldsOver.statusCode).toBe(413);
    expect(problem(fieldsOver.body).detail).toBe(applyFormProblems.tooLarge);
    const twoFiles = await post([...fields(), resumePart(), resumePart()]);
    expect(twoFiles.statusCode).toBe(413);
    const longAnswer = await post([
      ...fields({ 'answers[years]': '9'.repeat(20_000) }),
      resumePart(),
    ]);
    expect(longAnswer.statusCode).toBe(413);
    // Nothing of these was stored.
    const stored = await t.db.handle.db
      .selectFrom('applicants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('city', '=', 'Springfield')
      .where('firstName', '=', 'Nobody')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(0);
  });

  it('refuses fields and files the dialog does not send: 400 naming each, nothing stored', async () => {
    const email = `extra.${Math.random().toString(36).slice(2)}@example.com`;
    // The file under another name than the resume's (one file a post: the form's limit).
    const res = await post([
      ...fields({ email }),
      ['Email', 'other@example.com'],
      ['answers.years', '9'],
      ['cover', { name: 'cover.pdf', bytes: pdfFile() }],
    ]);
    expect(res.statusCode).toBe(400);
    expect(problem(res.body)).toEqual({
      detail: 'The application has fields the form does not know: Email, answers.years, cover.',
      errors: ['Email', 'answers.years', 'cover'].map((field) => ({
        field,
        message: 'is not a field of an application',
      })),
      status: 400,
      title: 'Bad Request',
      type: 'about:blank',
      requestId: expect.any(String) as string,
    });
    const stored = await t.db.handle.db
      .selectFrom('applicants')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(stored).toEqual([]);
    expect((await post([...fields({ email }), resumePart()])).statusCode).toBe(201);
  });

  it('needs the fixed header and the XSRF echo (the /api guard), and a multipart body', async () => {
    const noEcho = await post([...fields(), resumePart()], { 'x-xsrf-token': 'forged' });
    expect(noEcho.statusCode).toBe(403);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api${applyApiPath(jobId)}`,
      headers: { ...t.headers('write'), 'content-type': 'application/json' },
      payload: { firstName: 'Maria' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('a post while another upload from the same address is arriving: 429, with a sentence to show', async () => {
    // The shipped share, one body per address (the tests' app lifts it): a node of its own.
    const node = await createTestApp({ UPLOAD_BODIES_PER_CLIENT: '' }, { db: t.db });
    try {
      const held = await node.app.uploadBudget.acquire(1_000, 0, '198.51.100.7');
      const send = () =>
        node.app.inject({
          method: 'POST',
          url: `/api${applyApiPath(jobId)}`,
          remoteAddress: '198.51.100.7',
          headers: {
            ...node.headers('write'),
            'content-type': MULTIPART_TYPE,
          },
          payload: multipart([...fields(), resumePart()]),
        });
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      // The dialog shows the problem's detail.
      expect(problem(refused.body).detail).toBe(applicationMessages.oneAtATime);
      // Nothing was reserved for the refused post.
      expect(node.app.uploadBudget.inUse).toBe(1_000);
      held.release!();
      expect((await send()).statusCode).toBe(201);
    } finally {
      await node.close();
    }
  });

  it('answers 404 with the closed-opening sentence for an opening that is not open', async () => {
    const res = await post([...fields(), resumePart()], {}, closedJobId);
    expect(res.statusCode).toBe(404);
    expect(problem(res.body).detail).toBe(CLOSED_OPENING_MESSAGE);
  });

  describe('a remote opening: "Remote from <country>" for each of its countries', () => {
    const stored = (applicantId: number) =>
      t.db.handle.db
        .selectFrom('applicants')
        .select(['place', 'remoteCountry'])
        .where('id', '=', applicantId)
        .executeTakeFirstOrThrow();

    it('takes a remote country chosen among the places, and stores it instead of a place', async () => {
      const res = await post(
        [...fields({ locationIndex: 'remote-PL' }), resumePart()],
        {},
        remoteJobId,
      );
      expect(res.statusCode, res.body).toBe(201);
      const { applicantId } = JSON.parse(res.body) as { applicantId: number };
      expect(await stored(applicantId)).toEqual({ place: null, remoteCountry: 'PL' });

      // The recruiter reads it (the status page and "Download my data": applicant-page.test.ts).
      const found = await t.app.repos.pipeline.find(applicantId, EVERYTHING);
      expect(found).toMatchObject({ place: null, remoteCountry: 'PL' });
    });

    it('takes remoteCountry as a field of its own too; a place is still a place', async () => {
      const remote = await post(
        [...fields({ locationIndex: '', remoteCountry: 'PT' }), resumePart()],
        {},
        remoteJobId,
      );
      expect(remote.statusCode, remote.body).toBe(201);
      expect(await stored(JSON.parse(remote.body).applicantId)).toEqual({
        place: null,
        remoteCountry: 'PT',
      });
      const place = await post([...fields({ locationIndex: '0' }), resumePart()], {}, remoteJobId);
      expect(place.statusCode, place.body).toBe(201);
      const row = await stored(JSON.parse(place.body).applicantId);
      expect(row.remoteCountry).toBeNull();
      expect(String(row.place)).toContain('Chicago');
    });

    it('refuses a country the opening may not be held from, saying which', async () => {
      const refusal = {
        field: 'remoteCountry',
        message:
          'This opening cannot be held remotely from Germany. Please choose one of the places offered.',
      };
      const choices: Record<string, string>[] = [
        { locationIndex: 'remote-DE' },
        { locationIndex: '', remoteCountry: 'DE' },
      ];
      for (const choice of choices) {
        const res = await post([...fields(choice), resumePart()], {}, remoteJobId);
        expect(res.statusCode).toBe(400);
        expect(problem(res.body).errors).toEqual([refusal]);
      }
      // Nor from an opening that is not remote.
      const onsite = await post([...fields({ locationIndex: 'remote-PL' }), resumePart()]);
      expect(onsite.statusCode).toBe(400);
      expect(problem(onsite.body).errors).toEqual([
        { ...refusal, message: refusal.message.replace('Germany', 'Poland') },
      ]);
      // Nor a place and a country at once.
      const both = await post(
        [...fields({ locationIndex: '0', remoteCountry: 'PL' }), resumePart()],
        {},
        remoteJobId,
      );
      expect(problem(both.body).errors).toEqual([
        {
          field: 'remoteCountry',
          message: 'Please choose one place you would work from, not two.',
        },
      ]);
    });
  });
});

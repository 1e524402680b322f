import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LONG_TEXT_MAX,
  MAX_QUESTIONS,
  SHORT_TEXT_MAX,
  type AdminApplicant,
  type ConsoleApplicant,
  type ConsoleApplicantPage,
  type Question,
  type RecruiterOpening,
  type RecruiterOpeningPage,
} from '@lumenfield/contract';
import { adminHeaders, applicationPayload, postApplication } from '../../test/legacy/application';
import { openingInput } from '../../test/openings';
import { consoleHeaders, consoleRequest, createUser, openSession } from '../../test/console';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/*
 * An opening's own questions through the real routes (docs/recruiters.md "Questions"): the
 * console saves them, SaveApplicantDetail judges and stores the answers, the console and the
 * bearer API read them back, flag and filter the knock-outs, and export them as CSV columns.
 */

const questions: Question[] = [
  { key: 'nick', label: 'Preferred name', type: 'short_text', required: true },
  { key: 'story', label: 'Why us?', type: 'long_text', required: false },
  {
    key: 'shift',
    label: 'Shift',
    type: 'single_select',
    required: false,
    options: ['Early', 'Late'],
    knockout: ['Late'],
  },
  {
    key: 'tools',
    label: 'Tools',
    type: 'multi_select',
    required: false,
    options: ['Playwright', 'Cypress', 'Selenium'],
  },
  {
    key: 'permit',
    label: 'Are you allowed to work here?',
    type: 'yes_no',
    required: true,
    knockout: ['No'],
  },
  { key: 'years', label: 'Years of testing', type: 'number', required: false },
  { key: 'start', label: 'Earliest start', type: 'date', required: false },
  { key: 'site', label: 'Portfolio', type: 'url', required: false },
];

const valid = { nick: 'Ana', permit: 'Yes' };

describe(`an opening's questions, end to end (${engine})`, () => {
  let t: TestApp;
  let session: string;
  let jobId: number;
  let client = 0;
  /** Each application from its own address and e-mail (no rate limit, no duplicate). */
  const apply = (answers: unknown, extra: Record<string, unknown> = {}) => {
    client += 1;
    return postApplication(
      t,
      jobId,
      applicationPayload({ Email: `applicant${client}@example.com`, Answers: answers, ...extra }),
      `10.61.0.${client}`,
    );
  };
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: consoleHeaders(t, session) });
  const write = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    consoleRequest(t, session, method, url, body);
  const applicantCount = async () =>
    ((await get(`/api/recruiters/applicants?jobId=${jobId}`)).json() as ConsoleApplicantPage).total;

  beforeAll(async () => {
    t = await createTestApp();
    session = await openSession(t, await createUser(t, 'rita@example.com'));
    const created = await write(
      'POST',
      '/api/recruiters/jobs',
      openingInput({ code: 'Q-1', questions }),
    );
    expect(created.statusCode).toBe(201);
    jobId = (created.json() as RecruiterOpening).id;
  });
  afterAll(() => t.close());

  it(`a ${MAX_QUESTIONS + 1}st question is refused when saving the opening, and nothing is stored`, async () => {
    const many = Array.from({ length: MAX_QUESTIONS + 1 }, (_, n) => ({
      key: `q${n}`,
      label: `Question ${n}`,
      type: 'short_text' as const,
      required: false,
    }));
    const refused = await write('POST', '/api/recruiters/jobs', {
      ...openingInput({ code: 'Q-MANY' }),
      questions: many,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ field: 'questions', message: expect.stringMatching(/20/) }),
    ]);
    const edit = await write('PATCH', `/api/recruiters/jobs/${jobId}`, { questions: many });
    expect(edit.statusCode).toBe(400);
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs',
      headers: { ...adminHeaders(t), 'content-type': 'application/json' },
      payload: JSON.stringify({
        JobCode: 'Q-MANY',
        JobTitle: 'Many',
        JobLocation: 'Pune, India',
        Job_Description: '<p>x</p>',
        Recruitment_Manager: 'R',
        ContactPerson: 'P',
        ContactPersonMail: 'p@example.com',
        Questions: many.map((q) => ({ Key: q.key, Label: q.label, Type: q.type, Required: false })),
      }),
    });
    expect(bearer.statusCode).toBe(400);
    const jobs = (await get('/api/recruiters/jobs')).json() as RecruiterOpeningPage;
    expect(jobs.items.map((job) => job.code)).toEqual(['Q-1']);
    const kept = (await get(`/api/recruiters/jobs/${jobId}`)).json() as RecruiterOpening;
    expect(kept.questions).toHaveLength(questions.length);
  });

  it('every question type is accepted at its limit', async () => {
    const before = await applicantCount();
    const answers = {
      nick: 'n'.repeat(SHORT_TEXT_MAX),
      story: 's'.repeat(LONG_TEXT_MAX),
      shift: 'Early',
      tools: ['Selenium', 'Playwright'],
      permit: 'Yes',
      years: '-2.5',
      start: '2028-02-29',
      site: 'https://ana.example.com/work?x=1',
    };
    const res = await apply(answers);
    expect(res.statusCode, res.body).toBe(201);
    expect(await applicantCount()).toBe(before + 1);
    const page = (
      await get(`/api/recruiters/applicants/${res.json().ApplicantID}`)
    ).json() as ConsoleApplicant;
    expect(page.answers.map((a) => [a.label, a.value])).toEqual([
      ['Preferred name', answers.nick],
      ['Why us?', answers.story],
      ['Shift', 'Early'],
      ['Tools', ['Selenium', 'Playwright']],
      ['Are you allowed to work here?', 'Yes'],
      ['Years of testing', '-2.5'],
      ['Earliest start', '2028-02-29'],
      ['Portfolio', answers.site],
    ]);
    expect(page.doesNotMeet).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'the 201st character',
      { nick: 'n'.repeat(201) },
      'nick',
      '“Preferred name” may be at most 200 characters.',
    ],
    [
      'the 4 001st character',
      { story: 's'.repeat(4001) },
      'story',
      '“Why us?” may be at most 4000 characters.',
    ],
    [
      'an option not offered',
      { shift: 'Night' },
      'shift',
      '“Shift”: please choose one of the options offered.',
    ],
    [
      'a choice not offered',
      { tools: ['Playwright', 'Jest'] },
      'tools',
      '“Tools”: please choose only among the options offered.',
    ],
    [
      'a list for a one-answer question',
      { nick: ['Ana'] },
      'nick',
      '“Preferred name” takes one answer, not a list.',
    ],
    [
      'one text for several choices',
      { tools: 'Cypress' },
      'tools',
      '“Tools” takes a list of choices.',
    ],
    [
      'neither yes nor no',
      { permit: 'Maybe' },
      'permit',
      '“Are you allowed to work here?”: please choose one of the options offered.',
    ],
    [
      'a word for a number',
      { years: 'five' },
      'years',
      '“Years of testing” must be a number, such as 5 or 2.5.',
    ],
    [
      'a day that does not exist',
      { start: '2027-02-29' },
      'start',
      '“Earliest start” must be a date, such as 2026-09-01.',
    ],
    [
      'an address that is not http(s)',
      { site: 'ftp://ana.example.com' },
      'site',
      '“Portfolio” must be a web address starting with https:// or http://.',
    ],
    [
      'an unknown question key',
      { salary: '100' },
      'salary',
      'This opening asks no question named "salary".',
    ],
    ['a required question left empty', { nick: '  ' }, 'nick', 'Please answer “Preferred name”.'],
  ])(
    '%s is refused with a sentence naming the question; nothing is stored',
    async (_, bad, key, message) => {
      const before = await applicantCount();
      const res = await apply({ ...valid, ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: `Answers.${key}`, message }]);
      expect(await applicantCount()).toBe(before);
    },
  );

  it('answers keep the question as asked: editing it later leaves them as they were', async () => {
    const res = await apply({ ...valid, shift: 'Late' });
    expect(res.statusCode).toBe(201);
    const id = res.json().ApplicantID as number;
    const renamed = questions.map((q) =>
      q.key === 'shift' ? { ...q, label: 'Which shift?', options: ['Early', 'Late', 'Night'] } : q,
    );
    expect(
      (await write('PATCH', `/api/recruiters/jobs/${jobId}`, { questions: renamed })).statusCode,
    ).toBe(200);
    const page = (await get(`/api/recruiters/applicants/${id}`)).json() as ConsoleApplicant;
    expect(page.answers.find((a) => a.key === 'shift')).toEqual({
      key: 'shift',
      label: 'Shift',
      type: 'single_select',
      options: ['Early', 'Late'],
      value: 'Late',
      doesNotMeet: true,
    });
    expect(page.doesNotMeet).toEqual(['Shift']);
    await write('PATCH', `/api/recruiters/jobs/${jobId}`, { questions });
  });

  it('knock-out answers flag the applicant, and the list filters on the flag; nothing is rejected', async () => {
    const flagged = await apply({ ...valid, permit: 'No' }, { FirstName: 'Flagged' });
    expect(flagged.statusCode).toBe(201);
    const flaggedId = flagged.json().ApplicantID as number;
    const page = (await get(`/api/recruiters/applicants/${flaggedId}`)).json() as ConsoleApplicant;
    expect(page.stage).toBe('New');
    expect(page.doesNotMeet).toEqual(['Are you allowed to work here?']);

    const only = (
      await get(`/api/recruiters/applicants?jobId=${jobId}&doesNotMeet=true`)
    ).json() as ConsoleApplicantPage;
    expect(only.items.length).toBeGreaterThan(0);
    expect(only.items.every((row) => row.doesNotMeet.length > 0)).toBe(true);
    expect(only.items.find((row) => row.applicantId === flaggedId)?.doesNotMeet).toEqual([
      'Are you allowed to work here?',
    ]);
    const rest = (
      await get(`/api/recruiters/applicants?jobId=${jobId}&doesNotMeet=false`)
    ).json() as ConsoleApplicantPage;
    expect(rest.items.length).toBeGreaterThan(0);
    expect(rest.items.every((row) => row.doesNotMeet.length === 0)).toBe(true);
    expect(only.total + rest.total).toBe(await applicantCount());
    expect((await get('/api/recruiters/applicants?doesNotMeet=maybe')).statusCode).toBe(400);
  });

  it('CSV: one column per question for one opening, every answer in one column across openings; the bearer API publishes Answers', async () => {
    const res = await apply(
      { ...valid, tools: ['Cypress', 'Selenium'], permit: 'No' },
      { FirstName: 'Csv' },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().ApplicantID as number;
    const link = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: session } });
    const row = (csv: string) => csv.split('\r\n').find((line) => line.startsWith(`"${id}",`))!;

    const one = await link(`/api/recruiters/applicants.csv?jobId=${jobId}`);
    const [header] = one.body.split('\r\n');
    expect(header).toMatch(
      /"Resume SHA-256","Source","Preferred name","Why us\?","Shift","Tools","Are you allowed to work here\?","Years of testing","Earliest start","Portfolio","Does not meet"$/,
    );
    expect(row(one.body)).toMatch(
      /,"Ana","","","Cypress; Selenium","No","","","","Are you allowed to work here\?"$/,
    );

    const all = await link('/api/recruiters/applicants.csv');
    expect(all.body.split('\r\n')[0]).toMatch(
      /"Resume SHA-256","Source","Answers","Does not meet"$/,
    );
    expect(row(all.body)).toContain(
      '"Preferred name: Ana\nTools: Cypress; Selenium\nAre you allowed to work here?: No","Are you allowed to work here?"',
    );

    const bearer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobId}/applicants`,
      headers: adminHeaders(t),
    });
    const published = (bearer.json() as AdminApplicant[]).find((a) => a.ApplicantID === id)!;
    expect(published.Answers).toEqual(
      expect.arrayContaining([
        { Key: 'tools', Label: 'Tools', Value: ['Cypress', 'Selenium'], DoesNotMeet: false },
        { Key: 'permit', Label: 'Are you allowed to work here?', Value: 'No', DoesNotMeet: true },
      ]),
    );
    expect(published.Answers).toHaveLength(questions.length);
    const bearerCsv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobId}/applicants.csv`,
      headers: adminHeaders(t),
    });
    expect(bearerCsv.body.split('\r\n')[0]).toMatch(
      /"AttachmentSha256","Preferred name",.*,"Portfolio","DoesNotMeet"$/,
    );
    expect(row(bearerCsv.body)).toMatch(
      /"Cypress; Selenium","No","","","","Are you allowed to work here\?"$/,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME, applicationMessages } from '@lumenfield/contract';
import { createRepositories } from '../domains';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { exeFile, pdfFile } from '../test/files';
import { docxZipBomb } from '../bad-input/hostile-files';
import { mintXsrfToken } from '../plugins/xsrf';
import { ARRIVAL_COOKIE } from '../plugins/arrival';
import { MULTIPART_BODY_LIMIT, applyFormProblems } from './apply-form';
import { multipart, MULTIPART_TYPE, type Part } from '../test/multipart';
import { applyFormFields, questionedOpening, resumePart } from '../test/apply-form';
import { KARNATAKA } from '../test/legacy/application';

describe(`the apply form without scripts: multipart posts (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost' }, { pages: true });
    const repos = createRepositories(t.db.handle.db);
    jobId = await repos.jobs.create(
      questionedOpening({
        code: 'NS-1',
        title: 'Form Analyst',
        descriptionHtml: '<p>Reads forms.</p>',
      }),
    );
    token = mintXsrfToken(t.cookieSecret);
  });
  afterAll(() => t.close());

  const url = () => `/careers/jobs/${jobId}/apply`;
  const fields = (overrides: Record<string, string> = {}): Part[] =>
    Object.entries({ xsrfToken: token, ...applyFormFields(overrides) }) as Part[];
  const post = (
    parts: Part[],
    headers: Record<string, string> = {},
    cookie = `${XSRF_COOKIE_NAME}=${token}`,
  ) =>
    t.app.inject({
      method: 'POST',
      url: url(),
      headers: {
        'content-type': MULTIPART_TYPE,
        cookie,
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      payload: multipart(parts),
    });

  it('renders the form at its own path: multipart, its questions and places, the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/enctype="multipart\/form-data"/i);
    expect(res.body).toContain('name="answers[years]"');
    expect(res.body).toMatch(/type="checkbox" name="answers\[tools\]" value="Power BI"/);
    expect(res.body).toContain('Where would you work?');
    const cookie = res.cookies.find((c) => c.name === XSRF_COOKIE_NAME)!;
    expect(res.body).toContain(`name="xsrfToken" value="${cookie.value}"`);
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('credits the source the visit recorded (the landing page with utm_source set the cookie)', async () => {
    const landing = await t.app.inject({
      method: 'GET',
      url: `${url()}?utm_source=newsletter&utm_campaign=spring`,
      headers: { referer: 'https://mail.example.com/inbox' },
    });
    const arrival = landing.cookies.find((c) => c.name === ARRIVAL_COOKIE)!;
    const res = await post(
      [...fields({ referredBy: '' }), resumePart()],
      {},
      `${XSRF_COOKIE_NAME}=${token}; ${arrival.name}=${arrival.value}`,
    );
    expect(res.statusCode).toBe(303);
    const row = await t.db.handle.db
      .selectFrom('applicants')
      .select(['sourceName', 'sourceVia', 'arrival'])
      .where('jobId', '=', jobId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sourceName: 'newsletter', sourceVia: 'utm' });
    expect(JSON.parse(row.arrival!)).toEqual({
      utmSource: 'newsletter',
      utmCampaign: 'spring',
      referrerHost: 'mail.example.com',
    });
  });

  it('accepts an application: 303 to the thank-you page, stored with answers and place', async () => {
    const res = await post([
      ...fields({ 'answers[tools]': 'Excel' }),
      ['answers[tools]', 'Tableau'],
      resumePart(),
    ]);
    expect(res.statusCode, /"errors":(\[[^\]]*\])/.exec(res.body)?.[1]).toBe(303);
    expect(res.headers.location).toBe(`/careers/jobs/${jobId}/applied`);
    const row = await t.db.handle.db
      .selectFrom('applicants')
      .select(['answers', 'place', 'firstName'])
      .where('jobId', '=', jobId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.firstName).toBe('Maria');
    expect(String(row.answers)).toContain('Tableau');
    expect(String(row.place)).toContain('Austin');
    const thanks = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('Applied Successfully!');
  });

  it('refuses a wrong answer with 400 and the form again, everything typed kept', async () => {
    const res = await post([
      ...fields({ 'answers[years]': 'four', city: 'Spring field' }),
      resumePart(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('“Years with SQL” must be a number, such as 5 or 2.5.');
    expect(res.body).toContain('href="#apply-answers-years"');
    expect(res.body).toContain('value="four"');
    expect(res.body).toContain('value="Spring field"');
    expect(res.body).toContain('value="A friend"');
    // The file cannot come back: the page says so beside it.
    expect(res.body).toContain('You chose “cv.pdf”');
  });

  it('refuses each rule with its sentence: name, place, missing resume', async () => {
    const res = await post(fields({ firstName: 'M4ria', locationIndex: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(applicationMessages.resumeMissing);
    expect(res.body).toContain(applicationMessages.firstName);
    expect(res.body).toContain('Please choose the place you would work from.');
    expect(res.body).toContain('value="M4ria"');
  });

  it('judges the resume by its content, not its name', async () => {
    const res = await post([...fields(), resumePart(exeFile(), 'cv.pdf')]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(applicationMessages.resumeType);
    // A DOCX whose directory understates what it inflates to: judged in a worker, refused.
    const bomb = docxZipBomb({ mebibytes: 200, honest: false });
    const zipped = await post([...fields(), resumePart(bomb, 'cv.docx')]);
    expect(zipped.statusCode).toBe(400);
    expect(zipped.body).toContain(applicationMessages.resumeType);
  });

  it('refuses a post without the XSRF field, with another token, or from another site', async () => {
    const [, ...withoutToken] = fields();
    const missing = await post([...withoutToken, resumePart()]);
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain(applyFormProblems.forbidden);
    const other = await post([
      ...fields({ xsrfToken: mintXsrfToken(t.cookieSecret) }),
      resumePart(),
    ]);
    expect(other.statusCode).toBe(403);
    const crossSite = await post([...fields(), resumePart()], {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    const otherOrigin = await post([...fields(), resumePart()], { origin: 'https://evil.example' });
    expect(otherOrigin.statusCode).toBe(403);
    // A browser under no-referrer says `Origin: null` on its own form's post: accepted.
    const nullOrigin = await post([...fields(), resumePart()], { origin: 'null' });
    expect(nullOrigin.statusCode).toBe(303);
  });

  it('refuses fields and files the form does not have: 400 naming them, the form again, nothing stored', async () => {
    const email = `extra.${Math.random().toString(36).slice(2)}@example.com`;
    // The file under another name than the resume's (one file a post: the form's limit).
    const res = await post([
      ...fields({ email }),
      ['isAdmin', 'true'],
      ['answers', 'x'],
      ['attachment', { name: 'more.pdf', bytes: pdfFile() }],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(
      'The application has fields the form does not know: isAdmin, answers, attachment.',
    );
    const stored = await t.db.handle.db
      .selectFrom('applicants')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(stored).toEqual([]);
    // The same post with only the form's own fields is taken.
    expect((await post([...fields({ email }), resumePart()])).statusCode).toBe(303);
  });

  it('shows the states of the chosen country without judging anything', async () => {
    const res = await post(
      fields({ stateId: '', firstName: 'Ana', 'answers[years]': '' }).concat([['showStates', '1']]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(applicationMessages.firstName);
    expect(res.body).toContain('The states of the chosen country are in the list below.');
    expect(res.body).toContain(`<option value="${KARNATAKA}">`);
  });

  it('answers a body over the limit with 413 and a page that says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: {
        'content-type': MULTIPART_TYPE,
        cookie: `${XSRF_COOKIE_NAME}=${token}`,
        'content-length': String(MULTIPART_BODY_LIMIT + 1),
      },
      payload: Buffer.alloc(MULTIPART_BODY_LIMIT + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(applicationMessages.tooLargeToSend);
  });

  it('a post while another upload from the same address is arriving: 429, and a page that says so', async () => {
    // The shipped share, one body per address (the tests' app lifts it): a node of its own.
    const node = await createTestApp(
      { PUBLIC_URL: 'http://localhost', UPLOAD_BODIES_PER_CLIENT: '' },
      { pages: true, db: t.db },
    );
    try {
      const held = await node.app.uploadBudget.acquire(1_000, 0, '198.51.100.7');
      const send = () =>
        node.app.inject({
          method: 'POST',
          url: url(),
          remoteAddress: '198.51.100.7',
          headers: {
            'content-type': MULTIPART_TYPE,
            cookie: `${XSRF_COOKIE_NAME}=${token}`,
            origin: 'http://localhost',
            'sec-fetch-site': 'same-origin',
          },
          payload: multipart([...fields(), resumePart()]),
        });
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.body).toContain(applicationMessages.oneAtATime);
      held.release!();
      expect((await send()).statusCode).toBe(303);
    } finally {
      await node.close();
    }
  });

  it('takes a file over the resume limit as the size rule, with the form again', async () => {
    const res = await post([...fields(), resumePart(pdfFile(5 * 1024 * 1024 + 10))]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(applicationMessages.resumeSize);
  });
});

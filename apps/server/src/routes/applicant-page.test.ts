import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSRF_COOKIE_NAME, applicantPageCopy as copy } from '@lumenfield/contract';
import { createRepositories } from '../domains';
import { hashLinkToken } from '../domains/applications/applicant-links';
import { loggableUrl } from '../plugins/logging';
import {
  STATUS_LINK_IN_MAIL,
  applicationPayload,
  createOpening,
  postApplication,
  statusLinkToken,
} from '../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { textOf } from '../test/http-answer';
import { injectForm } from '../test/inject-json';
import { questionedOpening } from '../test/apply-form';
import { pdfFile } from '../test/files';
import { createUser } from '../test/console';
import { planInterview, scheduleInterview } from '../test/interviews';
import { EVERYTHING } from '../domains/team/reach';

const ERASE_IN_MAIL = /\/applications\/erase\/([A-Za-z0-9_-]{43})/;

describe(`the applicant's own page (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost' }, { pages: true });
    jobId = await createOpening(t, 'OWN-1');
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;

  /** Applies as a new person; answers their id, address and the status token of their mail. */
  async function apply(email = `person.${++n}@example.com`, first = 'Ana', opening = jobId) {
    const res = await postApplication(
      t,
      opening,
      applicationPayload({ Email: email, FirstName: first }, { name: `cv-${n}.pdf` }),
      `10.9.${n}.1`,
    );
    expect(res.statusCode).toBe(201);
    const applicantId = res.json<{ ApplicantID: number }>().ApplicantID;
    return { applicantId, email, token: await statusLinkToken(t, applicantId) };
  }

  const open = (path: string) => t.app.inject({ method: 'GET', url: path });

  const post = (path: string, fields: Record<string, string>, headers = {}) =>
    injectForm(t, path, fields, headers);

  const auditRows = (action: string) =>
    db().selectFrom('auditLog').selectAll().where('action', '=', action).execute();

  it('shows the opening, the date applied and the stage in the applicant’s words', async () => {
    const { token } = await apply();
    const res = await open(`/applications/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('<meta name="robots" content="noindex');
    const text = textOf(res.body);
    expect(text).toContain('Opening OWN-1 (OWN-1)');
    expect(text).toContain('Bengaluru, Karnataka, India');
    expect(text).toContain(
      `Applied on ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date())}`,
    );
    expect(text).toMatch(/Status Received since/);
    // A real form for each action, reachable without scripts.
    expect(res.body).toContain(`href="/applications/${token}/withdraw"`);
    // The canonical URL never carries the secret.
    expect(res.body).toContain('<link rel="canonical" href="http://localhost/applications"');
  });

  it('names the place applied for as the job page does: its country by name', async () => {
    const placed = await createRepositories(db()).jobs.create(
      questionedOpening({
        code: 'OWN-PLACES',
        questions: [],
        locations: [
          { city: 'Berlin', region: 'DE-BE', country: 'DE' },
          { city: 'Manila', region: '', country: 'PH' },
        ],
      }),
    );
    const res = await postApplication(
      t,
      placed,
      applicationPayload({ Email: 'placed@example.com', LocationIndex: 0 }),
      '10.8.0.1',
    );
    expect(res.statusCode, res.body).toBe(201);
    const token = await statusLinkToken(t, res.json<{ ApplicantID: number }>().ApplicantID);
    const text = textOf((await open(`/applications/${token}`)).body);
    expect(text).toContain('Berlin, BE, Germany');
    expect(text).not.toContain('Berlin, DE-BE, DE');
  });

  it('names a remote country applied from as "Remote from <country>" (the JSON API’s RemoteCountry)', async () => {
    const remote = await createRepositories(db()).jobs.create(
      questionedOpening({
        code: 'OWN-REMOTE',
        questions: [],
        workplaceType: 'REMOTE',
        locations: [{ city: 'Berlin', region: 'DE-BE', country: 'DE' }],
        remoteCountries: ['PL', 'PT'],
      }),
    );
    const res = await postApplication(
      t,
      remote,
      applicationPayload({ Email: 'remote@example.com', RemoteCountry: 'PL' }),
      '10.8.0.2',
    );
    expect(res.statusCode, res.body).toBe(201);
    const token = await statusLinkToken(t, res.json<{ ApplicantID: number }>().ApplicantID);
    const text = textOf((await open(`/applications/${token}`)).body);
    expect(text).toContain('Remote from Poland');
    expect(text).not.toContain('Berlin');
    const data = await open(`/applications/${token}/data.json`);
    expect(data.json<{ application: Record<string, unknown> }>().application).toMatchObject({
      placeAppliedFor: null,
      remoteCountryAppliedFor: 'PL',
    });
  });

  it('stores only the hash of a link', async () => {
    const { token, applicantId } = await apply();
    const rows = await db()
      .selectFrom('applicantLinks')
      .selectAll()
      .where('applicantId', '=', applicantId)
      .execute();
    expect(rows.map((row) => row.tokenHash)).toContain(hashLinkToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers an unknown or expired link with a page that offers the links again', async () => {
    const unknown = await open(`/applications/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(textOf(unknown.body)).toContain(copy.unknownTitle);
    expect(unknown.body).toMatch(/<form[^>]*action="\/applications"[^>]*method="post"/);
    expect(unknown.body).toContain('name="email"');

    const { token, applicantId } = await apply();
    await db()
      .updateTable('applicantLinks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('applicantId', '=', applicantId)
      .execute();
    const expired = await open(`/applications/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).not.toContain('Opening OWN-1 (OWN-1)');
    const garbage = await open('/applications/%00%27--');
    expect(garbage.statusCode).toBe(404);
  });

  it('shows a recruiter’s move in the applicant’s words, and the move extends the links', async () => {
    const { token, applicantId } = await apply();
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    await db()
      .updateTable('applicantLinks')
      .set({ expiresAt: soon })
      .where('applicantId', '=', applicantId)
      .execute();
    const repos = createRepositories(db());
    const user = await repos.users.create(
      { email: `rec.${n}@example.com`, name: 'Rec', role: 'recruiter', passwordHash: 'x' },
      new Date(),
    );
    await repos.pipeline.moveStage(applicantId, 'Interview', user.id, new Date());
    expect(textOf((await open(`/applications/${token}`)).body)).toMatch(
      /Status Interviewing since/,
    );
    const link = await db()
      .selectFrom('applicantLinks')
      .select('expiresAt')
      .where('tokenHash', '=', hashLinkToken(token))
      .executeTakeFirstOrThrow();
    expect(new Date(String(link.expiresAt)).getTime()).toBeGreaterThan(
      Date.now() + 29 * 86_400_000,
    );
  });

  it('withdraws after a confirmation, in the stage history and the audit log', async () => {
    const { token, applicantId, email } = await apply();
    const confirm = await open(`/applications/${token}/withdraw`);
    expect(confirm.statusCode).toBe(200);
    expect(textOf(confirm.body)).toContain(copy.withdrawTitle);
    expect(confirm.body).toContain('type="checkbox"');

    const unticked = await post(`/applications/${token}/withdraw`, {});
    expect(unticked.statusCode).toBe(400);
    expect(textOf(unticked.body)).toContain(copy.mustTick);

    const done = await post(`/applications/${token}/withdraw`, { confirm: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/applications/${token}?notice=withdrawn`);
    const after = textOf((await open(done.headers.location!)).body);
    expect(after).toContain(copy.withdrawn);
    expect(after).toMatch(/Status Closed since/);
    expect(after).toContain('You have withdrawn this application already.');

    const repos = createRepositories(db());
    const history = await repos.pipeline.stageHistory(applicantId);
    expect(history[0]).toMatchObject({ stage: 'Withdrawn', changedBy: null });
    expect((await repos.pipeline.find(applicantId, EVERYTHING))?.stage).toBe('Withdrawn');
    const audit = (await auditRows('applicant-withdraw')).filter(
      (row) => row.target === `applicant ${applicantId}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorLabel: 'applicant',
      actorUserId: null,
      detail: 'New -> Withdrawn',
    });
    expect(JSON.stringify(audit)).not.toContain(email);

    // Once more: refused in their words, nothing recorded again.
    const again = await post(`/applications/${token}/withdraw`, { confirm: 'yes' });
    expect(textOf(again.body)).toContain('You have withdrawn this application already.');
    expect(
      (await auditRows('applicant-withdraw')).filter(
        (row) => row.target === `applicant ${applicantId}`,
      ),
    ).toHaveLength(1);
  });

  it('refuses a form posted from another site or without its token, and changes nothing', async () => {
    const { token, applicantId } = await apply();
    const crossSite = await post(
      `/applications/${token}/withdraw`,
      { confirm: 'yes' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(textOf(crossSite.body)).toContain(copy.forbidden);
    expect(crossSite.body).not.toMatch(/at .*\.ts:\d+/);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/applications/${token}/withdraw`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=yes',
    });
    expect(noToken.statusCode).toBe(403);
    expect((await createRepositories(db()).pipeline.find(applicantId, EVERYTHING))?.stage).toBe(
      'New',
    );
  });

  it('gives the applicant every stored field as JSON, and their resume, audited', async () => {
    const { token, applicantId, email } = await apply();
    const repos = createRepositories(db());
    const sender = await repos.users.create(
      {
        email: `sender-${applicantId}@example.com`,
        name: 'Sam Sender',
        role: 'recruiter',
        passwordHash: 'scrypt$x',
      },
      new Date(),
    );
    await repos.pipeline.sendMessage(
      applicantId,
      { subject: 'A question about your notice period', body: 'Hello Ana, when could you start?' },
      sender.id,
      new Date(),
      'https://careers.example.com',
    );
    // An interview, with one submitted scorecard and one draft about it.
    const planInterviewId = await planInterview(t, jobId, { focusAttributes: ['SQL'] });
    const reviewer = await createUser(t, `reviewer-${applicantId}@example.com`, 'recruiter');
    const drafter = await createUser(t, `drafter-${applicantId}@example.com`, 'recruiter');
    const { id: interviewId } = await scheduleInterview(
      t,
      { jobId, applicantId, planInterviewId },
      {
        startsAt: new Date('2027-03-15T13:00:00Z'),
        timeZone: 'America/New_York',
        interviewerIds: [reviewer.id, drafter.id],
      },
    );
    const score = { ratings: [{ attribute: 'SQL', rating: 4, notes: 'Quick' }], notes: 'Clear' };
    await repos.scorecards.save(
      interviewId,
      reviewer.id,
      { ...score, recommendation: 'yes', submit: true },
      new Date(),
    );
    await repos.scorecards.save(
      interviewId,
      drafter.id,
      { ...score, recommendation: 'no' },
      new Date(),
    );
    const data = await open(`/applications/${token}/data.json`);
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-type']).toContain('application/json');
    expect(data.headers['content-disposition']).toContain('attachment');
    expect(data.headers['cache-control']).toBe('no-store');
    const body = data.json<{ application: Record<string, unknown> }>();
    expect(body.application).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'Cruz',
      // As stored: the seed's ten digits read with the chosen country (India), in E.164.
      mobileNumber: '+915550101234',
      city: 'Bengaluru',
      referredBy: 'Priya Raman',
      status: 'Received',
      opening: { title: 'Opening OWN-1', code: 'OWN-1' },
    });
    // The messages we sent are theirs too; a recruiter's notes are not part of the export.
    expect(body.application.messages).toEqual([
      {
        sentOn: expect.any(String),
        subject: 'A question about your notice period',
        body: 'Hello Ana, when could you start?',
      },
    ]);
    expect(body.application.resume).toMatchObject({
      fileName: expect.stringMatching(/^cv-\d+\.pdf$/),
    });
    // Their interview and the scorecard submitted about it; not the draft, nor who wrote it.
    expect(body.application.interviews).toEqual([
      {
        name: 'Technical interview',
        kind: 'video',
        status: 'scheduled',
        startsAt: '2027-03-15T13:00:00.000Z',
        timeZone: 'America/New_York',
        durationMinutes: 45,
        location: 'https://meet.example.com/abc',
        scorecards: [
          {
            ratings: [{ attribute: 'SQL', rating: 4, notes: 'Quick' }],
            notes: 'Clear',
            recommendation: 'yes',
            submittedAt: expect.any(String),
          },
        ],
      },
    ]);

    const resume = await open(`/applications/${token}/resume`);
    expect(resume.statusCode).toBe(200);
    expect(resume.headers['content-type']).toBe('application/pdf');
    expect(resume.rawPayload.equals(pdfFile())).toBe(true);
    const audit = (await auditRows('applicant-data-download')).filter(
      (row) => row.target === `applicant ${applicantId}`,
    );
    expect(audit.map((row) => row.detail).sort()).toEqual(['data', 'resume']);
    expect(audit.every((row) => row.actorLabel === 'applicant')).toBe(true);
  });

  it('re-sends links with the same answer for a known and an unknown address; mails only the known', async () => {
    const known = await apply();
    const unknownAddress = `nobody.${n}@example.com`;
    const ask = (email: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications/links',
        remoteAddress,
        headers: { ...t.headers('write'), 'content-type': 'application/json' },
        payload: JSON.stringify({ Email: email }),
      });
    const a = await ask(known.email, '10.77.0.1');
    const b = await ask(unknownAddress, '10.77.0.2');
    expect(a.statusCode).toBe(202);
    const comparable = (res: typeof a) => {
      const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
      return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
    };
    expect(comparable(b)).toEqual(comparable(a));
    expect(a.json()).toEqual({ Message: copy.linksSent });

    // The no-script form: the same page for both.
    const fa = await post('/applications', { email: known.email }, {});
    const fb = await post('/applications', { email: unknownAddress }, {});
    expect(fa.statusCode).toBe(200);
    expect(textOf(fa.body)).toContain(copy.linksSent);
    const formComparable = (res: typeof fa) => {
      const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
      return { status: res.statusCode, headers, body: res.body };
    };
    expect(formComparable(fb)).toEqual(formComparable(fa));

    await t.app.linkRequests.runOnce();
    expect(await db().selectFrom('linkRequests').selectAll().execute()).toEqual([]);
    const mails = await db()
      .selectFrom('mailQueue')
      .selectAll()
      .where('kind', '=', 'applicant-links')
      .execute();
    expect(mails.map((mail) => mail.toAddress)).toEqual([known.email, known.email]);
    expect(JSON.stringify(mails)).not.toContain(unknownAddress);
    const audited = (await auditRows('applicant-links-mail')).filter(
      (row) => row.target === `applicant ${known.applicantId}`,
    );
    expect(audited.map((row) => row.detail)).toEqual(['1 link', '1 link']);
    expect(JSON.stringify(audited)).not.toContain(known.email);
    const fresh = STATUS_LINK_IN_MAIL.exec(mails[0]!.textBody)![1]!;
    expect(fresh).not.toBe(known.token);
    expect(textOf((await open(`/applications/${fresh}`)).body)).toContain('Opening OWN-1 (OWN-1)');
  });

  it('says what is wrong with an address, keeps it, stores nothing', async () => {
    const res = await post('/applications', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(textOf(res.body)).toContain(copy.badEmail);
    expect(res.body).toContain('value="not-an-address"');
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/applications/links',
      headers: { ...t.headers('write'), 'content-type': 'application/json' },
      payload: JSON.stringify({ Email: 'nope' }),
    });
    expect(api.statusCode).toBe(400);
    expect(api.headers['content-type']).toContain('application/problem+json');
    expect(api.json()).toMatchObject({ errors: [{ field: 'Email', message: copy.badEmail }] });
    expect(await db().selectFrom('linkRequests').selectAll().execute()).toEqual([]);
  });

  it('throttles re-sends per address, whoever asks, by the API and the form together', async () => {
    const address = `throttled.${n}@example.com`;
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      // The API and the form in turn: one count for the address, not one per route.
      const res =
        i % 2 === 0
          ? await t.app.inject({
              method: 'POST',
              url: '/api/applications/links',
              remoteAddress: `10.88.0.${i + 1}`,
              headers: { ...t.headers('write'), 'content-type': 'application/json' },
              payload: JSON.stringify({ Email: address }),
            })
          : await post('/applications', { email: address });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.headers['retry-after']).toBeDefined();
    }
    expect(statuses).toEqual([202, 200, 202, 429]);
    await t.app.linkRequests.runOnce();
  });

  it('erases by a one-time link from a mail, leaving nothing of the person', async () => {
    const person = await apply(`eraser.${n}@example.com`, 'Erin');
    const second = await apply(person.email.toUpperCase(), 'Erin', await createOpening(t, 'OWN-2'));
    const confirm = await open(`/applications/${person.token}/erase`);
    expect(textOf(confirm.body)).toContain(copy.eraseTitle);
    const asked = await post(`/applications/${person.token}/erase`, {});
    expect(asked.statusCode).toBe(303);
    expect(textOf((await open(asked.headers.location!)).body)).toContain(copy.eraseMailSent);
    const mail = await db()
      .selectFrom('mailQueue')
      .select(['textBody', 'toAddress'])
      .where('kind', '=', 'applicant-erase-link')
      .where('applicantId', '=', person.applicantId)
      .executeTakeFirstOrThrow();
    expect(mail.toAddress).toBe(person.email);
    const eraseToken = ERASE_IN_MAIL.exec(mail.textBody)![1]!;
    expect(
      (await auditRows('applicant-erase-request')).some(
        (row) => row.target === `applicant ${person.applicantId}`,
      ),
    ).toBe(true);

    const page = await open(`/applications/erase/${eraseToken}`);
    expect(page.statusCode).toBe(200);
    expect(textOf(page.body)).toContain(copy.eraseConfirmTitle);
    expect((await post(`/applications/erase/${eraseToken}`, {})).statusCode).toBe(400);

    const erased = await post(`/applications/erase/${eraseToken}`, { confirm: 'yes' });
    expect(erased.statusCode).toBe(200);
    expect(textOf(erased.body)).toContain(copy.erasedTitle);
    for (const id of [person.applicantId, second.applicantId]) {
      expect(
        await db().selectFrom('applicants').select('id').where('id', '=', id).execute(),
      ).toEqual([]);
      expect(
        await db().selectFrom('attachments').select('id').where('applicantId', '=', id).execute(),
      ).toEqual([]);
      expect(
        await db().selectFrom('mailQueue').select('id').where('applicantId', '=', id).execute(),
      ).toEqual([]);
      expect(
        await db()
          .selectFrom('applicantLinks')
          .select('tokenHash')
          .where('applicantId', '=', id)
          .execute(),
      ).toEqual([]);
    }
    const audit = (await auditRows('applicant-erase')).filter(
      (row) => row.actorLabel === 'applicant',
    );
    expect(audit.at(-1)?.detail).toMatch(/2 applicants/);
    expect(JSON.stringify(audit)).not.toMatch(/eraser|Erin/i);

    // Used once: the link and the status page open nothing now.
    expect((await open(`/applications/erase/${eraseToken}`)).statusCode).toBe(404);
    expect((await post(`/applications/erase/${eraseToken}`, { confirm: 'yes' })).statusCode).toBe(
      404,
    );
    expect((await open(`/applications/${person.token}`)).statusCode).toBe(404);
  });

  /** The new-resume form's multipart post, the XSRF field first, as the page sends it. */
  function postResume(token: string, file: { name: string; bytes: Buffer }, confirm = true) {
    const boundary = '----applicant-test';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(field('_xsrf', t.xsrf)),
      Buffer.from(confirm ? field('confirm', 'yes') : ''),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/applications/${token}/new-resume`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
      },
      payload,
    });
  }

  it('replaces the resume while New or Screening, checked as an application’s; the old bytes go', async () => {
    const { token, applicantId } = await apply();
    const form = await open(`/applications/${token}/new-resume`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toMatch(/enctype="multipart\/form-data"/i);

    const wrongType = await postResume(token, {
      name: 'cv.pdf',
      bytes: Buffer.from('MZ not a pdf'),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(textOf(wrongType.body)).toContain('Please upload a PDF or Word document.');
    const tooLarge = await postResume(token, {
      name: 'big.pdf',
      bytes: Buffer.concat([pdfFile(), Buffer.alloc(5 * 1024 * 1024)]),
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(textOf(tooLarge.body)).toContain('File size exceeds 5 MB limit.');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/applications/${token}/new-resume`,
      headers: {
        'sec-fetch-site': 'cross-site',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x--\r\n',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(textOf(crossSite.body)).toContain(copy.forbidden);
    expect(textOf(crossSite.body)).toContain(copy.resumeTitle);
    const unticked = await postResume(token, { name: 'new.pdf', bytes: pdfFile() }, false);
    expect(unticked.statusCode).toBe(400);
    expect(textOf(unticked.body)).toContain(copy.mustTick);

    const newer = Buffer.concat([pdfFile(), Buffer.from('% a newer version\n')]);
    const done = await postResume(token, { name: 'newer-cv.pdf', bytes: newer });
    expect(done.statusCode).toBe(303);
    expect(textOf((await open(done.headers.location!)).body)).toContain(copy.resumeReplaced);
    const stored = await db()
      .selectFrom('attachments')
      .selectAll()
      .where('applicantId', '=', applicantId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.originalName).toBe('newer-cv.pdf');
    expect(Buffer.from(stored[0]!.content).equals(newer)).toBe(true);
    const audit = (await auditRows('applicant-resume-replace')).filter(
      (row) => row.target === `applicant ${applicantId}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorLabel: 'applicant' });
    expect(audit[0]!.detail).not.toContain('newer-cv');

    // Past Screening: no longer.
    const repos = createRepositories(db());
    const user = await repos.users.create(
      { email: `rec2.${n}@example.com`, name: 'Rec', role: 'recruiter', passwordHash: 'x' },
      new Date(),
    );
    await repos.pipeline.moveStage(applicantId, 'Interview', user.id, new Date());
    expect(textOf((await open(`/applications/${token}`)).body)).toContain(copy.resumeClosed);
    const late = await postResume(token, { name: 'late.pdf', bytes: pdfFile() });
    expect(late.statusCode).toBe(409);
    expect(textOf(late.body)).toContain(copy.resumeClosed);
  });

  it('keeps link tokens out of logged URLs, in any spelling', () => {
    const token = 'A'.repeat(20) + '_-b'.repeat(7) + 'x'.repeat(2);
    expect(token).toHaveLength(43);
    for (const url of [
      `/applications/${token}`,
      `/applications/${token}/withdraw?notice=withdrawn`,
      `/applications/erase/${token}`,
      `/%61pplications/${token}`,
      `/Applications/short-token/data.json`,
    ]) {
      const logged = loggableUrl(url);
      expect(logged).not.toContain(token);
      expect(logged).not.toContain('short-token');
      expect(logged).toContain('[token]');
    }
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sign as signCookie } from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  SIGN_IN_FAILED_MESSAGE,
  XSRF_HEADER_NAME,
  type AuditPage,
  type ConsoleApplicant,
  type StageMove,
  type ConsoleApplicantPage,
  type RecruiterOpening,
  type RecruiterOpeningPage,
  type ConsoleSession,
  type ConsoleUser,
} from '@lumenfield/contract';
import { SESSION_COOKIE_NAME, SESSION_HOST_COOKIE_NAME } from '../../plugins/console-sessions';
import { mintXsrfToken } from '../../plugins/xsrf';
import { applicationPayload, createOpening, postApplication } from '../../test/legacy/application';
import { openingInput } from '../../test/openings';
import {
  consoleHeaders,
  createUser,
  newClient,
  openSession,
  PASSWORD,
  signIn,
  signInRequest,
} from '../../test/console';
import { pdfFile } from '../../test/files';
import { startSmtpServer } from '../../test/smtp';
import { createTestApp, engine, type TestApp } from '../../test/test-app';

/** The app's one clock, moved by the tests (sessions, throttling and the audit read it). */
let now = Date.now();
const clock = () => new Date(now);
const minutes = (n: number) => n * 60 * 1000;

const api = (t: TestApp) => ({
  get: (url: string, session: string) =>
    t.app.inject({ method: 'GET', url, headers: consoleHeaders(t, session) }),
  write: (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    session: string,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...consoleHeaders(t, session, 'write'),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    }),
  link: (url: string, session: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: session } }),
});

const description =
  '<h2>What you will do</h2><p>Build <strong>careful</strong> systems with <em>us</em>.</p>' +
  '<ul><li>Design</li><li>Test</li></ul>' +
  // As the editor writes a link (the sanitiser's own attributes): kept exactly.
  '<p><a href="https://example.com/team" rel="noopener noreferrer nofollow" target="_blank">Our team</a></p>';

const opening = openingInput({ code: 'CON-1', description });

describe(`recruiters' console: the whole review, by API (${engine})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { now: clock, pages: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('admin adds a recruiter, who posts an opening, reviews an application and signs out; the audit log names each step', async () => {
    const call = api(t);
    await createUser(t, 'ada@example.com', 'admin', 'Ada Admin');
    const admin = await signIn(t, 'ada@example.com');

    // Accounts: the password rules name the field; a taken e-mail is 409.
    const addRita = (password: string) =>
      call.write('POST', '/api/recruiters/users', admin, {
        email: 'rita@example.com',
        name: 'Rita Recruiter',
        role: 'recruiter',
        password,
      });
    // A common password, the person's name, and one in no list but easy to guess: each says why.
    const refusals: [string, RegExp][] = [
      ['password1234', /^The password is one of the most common passwords/],
      ['rita-is-my-name-and-long', /^The password must not contain your name/],
      ['qwertyuiopasdf', /^The password is too easy to guess \(.+\)/],
    ];
    for (const [password, detail] of refusals) {
      const weak = await addRita(password);
      expect(weak.statusCode, password).toBe(400);
      expect(weak.json(), password).toMatchObject({
        detail: expect.stringMatching(detail),
        errors: [{ field: 'password', message: expect.any(String) }],
      });
    }
    const added = await call.write('POST', '/api/recruiters/users', admin, {
      email: 'Rita@Example.com',
      name: 'Rita Recruiter',
      role: 'recruiter',
      password: PASSWORD,
    });
    expect(added.statusCode).toBe(201);
    const rita = added.json() as ConsoleUser;
    expect(rita).toMatchObject({ email: 'rita@example.com', role: 'recruiter', isActive: true });
    const again = await call.write('POST', '/api/recruiters/users', admin, {
      email: 'rita@example.com',
      name: 'Rita Two',
      role: 'recruiter',
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(409);

    // The recruiter signs in: a new session, HttpOnly and SameSite=Strict.
    const res = await signInRequest(t, 'RITA@example.com');
    expect(res.statusCode).toBe(200);
    expect((res.json() as ConsoleSession).user.name).toBe('Rita Recruiter');
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const recruiter = `${cookie.name}=${cookie.value}`;

    // An opening with a formatted description, kept as written; on the public careers page.
    const created = await call.write('POST', '/api/recruiters/jobs', recruiter, opening);
    expect(created.statusCode).toBe(201);
    const job = created.json() as RecruiterOpening;
    expect(job).toMatchObject({ state: 'open', newApplicants: 0, applicants: 0 });
    expect(job.description).toBe(description);
    const careers = await t.app.inject({ url: '/careers' });
    expect(careers.body).toContain('Platform Engineer');

    // An application through the public API arrives as New.
    const resume = pdfFile();
    const applied = await postApplication(
      t,
      job.id,
      applicationPayload({ Email: 'ana.console@example.com' }, { content: resume }),
    );
    expect(applied.statusCode).toBe(201);
    const { ApplicantID } = applied.json() as { ApplicantID: number };
    const list = (
      await call.get(`/api/recruiters/applicants?jobId=${job.id}`, recruiter)
    ).json() as ConsoleApplicantPage;
    expect(list).toMatchObject({ total: 1, page: 1 });
    expect(list.items[0]).toMatchObject({
      applicantId: ApplicantID,
      stage: 'New',
      jobCode: 'CON-1',
    });
    const jobs = (await call.get('/api/recruiters/jobs', recruiter)).json() as RecruiterOpeningPage;
    expect(jobs.items.find((j) => j.id === job.id)).toMatchObject({
      newApplicants: 1,
      applicants: 1,
    });

    // Their page; the resume shown (inline PDF, sandboxed) and downloaded, the same bytes.
    const page = (
      await call.get(`/api/recruiters/applicants/${ApplicantID}`, recruiter)
    ).json() as ConsoleApplicant;
    expect(page).toMatchObject({
      email: 'ana.console@example.com',
      countryName: 'India',
      stateName: 'Karnataka',
      attachmentKind: 'pdf',
      stage: 'New',
      stageHistory: [{ stage: 'New', changedBy: 'applicant' }],
      notes: [],
    });
    const viewed = await call.link(`${page.resumeUrl}&disposition=inline`, recruiter);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(viewed.headers['content-security-policy']).toContain('sandbox');
    expect(viewed.headers['content-security-policy']).toContain("default-src 'none'");
    expect(viewed.headers['cross-origin-resource-policy']).toBe('same-origin');
    const downloaded = await call.link(page.resumeUrl, recruiter);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const sha = crypto.createHash('sha256').update(downloaded.rawPayload).digest('hex');
    expect(sha).toBe(crypto.createHash('sha256').update(resume).digest('hex'));
    expect(sha).toBe(page.attachmentSha256);

    // Stage and note, with who and when.
    now += minutes(2);
    const staged = await call.write(
      'PUT',
      `/api/recruiters/applicants/${ApplicantID}/stage`,
      recruiter,
      {
        stage: 'Interview',
      },
    );
    expect(staged.statusCode).toBe(200);
    expect((staged.json() as StageMove).stageHistory).toEqual([
      { stage: 'Interview', changedBy: 'Rita Recruiter', changedOn: new Date(now).toISOString() },
      { stage: 'New', changedBy: 'applicant', changedOn: page.appliedOn },
    ]);
    // A move the stage model does not allow is a problem document saying why; nothing changes.
    const refused = await call.write(
      'PUT',
      `/api/recruiters/applicants/${ApplicantID}/stage`,
      recruiter,
      { stage: 'Hired' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      status: 409,
      detail: 'Only an applicant in Offer can be hired; this one is in Interview.',
    });
    const noted = await call.write(
      'POST',
      `/api/recruiters/applicants/${ApplicantID}/notes`,
      recruiter,
      {
        text: 'Strong on testing.',
      },
    );
    expect(noted.statusCode).toBe(201);
    expect((noted.json() as ConsoleApplicant).notes).toEqual([
      expect.objectContaining({ author: 'Rita Recruiter', text: 'Strong on testing.' }),
    ]);
    const interviews = (
      await call.get('/api/recruiters/applicants?stage=Interview&q=ana', recruiter)
    ).json() as ConsoleApplicantPage;
    expect(interviews.items.map((a) => a.applicantId)).toEqual([ApplicantID]);
    const news = (
      await call.get('/api/recruiters/applicants?stage=New', recruiter)
    ).json() as ConsoleApplicantPage;
    expect(news.total).toBe(0);

    // CSV of the opening's applicants under plain headings: the stage included, the country
    // and state by name, formula-safe.
    const csv = await call.link(`/api/recruiters/applicants.csv?jobId=${job.id}`, recruiter);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, row] = csv.body.split('\r\n');
    expect(header).toMatch(
      /^"Applicant ID","Opening ID","Job code","Job title","Stage","Rejection reason","First name"/,
    );
    expect(header).toContain('"City","State","Country"');
    expect(row).toContain(`"${ApplicantID}","${job.id}","CON-1","Platform Engineer","Interview"`);
    expect(row).toContain('"Karnataka","India"');
    // Its file name says its filter (ASCII, with the RFC 8187 form beside it), never the
    // words searched: they may be a name.
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="applicants-con-1-platform-engineer-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''applicants-con-1-platform-engineer-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // The contact person's notice reached the mail server, with a link to the page.
    expect(await t.app.mailer.runOnce()).toBe(2);
    const notice = smtp.received.find((m) => m.to.includes('priya.raman@example.com'));
    expect(notice?.raw.replace(/=\r?\n/g, '')).toContain(`/recruiters/applicants/${ApplicantID}`);

    // The audit log, newest first, names the recruiter at every step; no personal data.
    const audit = (await call.get('/api/recruiters/audit?actor=rita', admin)).json() as AuditPage;
    expect(audit.items.map((e) => [e.action, e.actor, e.target])).toEqual([
      ['applicants-export', 'Rita Recruiter', `opening ${job.id}`],
      ['applicants-list', 'Rita Recruiter', null],
      ['applicant-note', 'Rita Recruiter', `applicant ${ApplicantID}`],
      ['applicant-stage', 'Rita Recruiter', `applicant ${ApplicantID}`],
      ['resume-download', 'Rita Recruiter', `applicant ${ApplicantID}`],
      ['resume-view', 'Rita Recruiter', `applicant ${ApplicantID}`],
      ['applicant-view', 'Rita Recruiter', `applicant ${ApplicantID}`],
      ['applicants-list', 'Rita Recruiter', `opening ${job.id}`],
      ['opening-create', 'Rita Recruiter', `opening ${job.id}`],
      ['sign-in', 'Rita Recruiter', null],
    ]);
    expect(audit.items.find((e) => e.action === 'applicant-stage')?.detail).toBe(
      'New -> Interview',
    );
    expect(JSON.stringify(audit)).not.toContain('ana.console@example.com');
    const adminSide = (
      await call.get('/api/recruiters/audit?action=user-create', admin)
    ).json() as AuditPage;
    expect(adminSide.items).toEqual([
      expect.objectContaining({ actor: 'Ada Admin', target: `user ${rita.userId}` }),
    ]);

    // A filtered list's CSV says each filter in its name; the whole list's, only the date.
    const filtered = await call.link(
      `/api/recruiters/applicants.csv?jobId=${job.id}&stage=Interview&doesNotMeet=false&q=ana&source=Job%20B%C3%B6rse`,
      recruiter,
    );
    expect(filtered.headers['content-disposition']).toMatch(
      /filename="applicants-con-1-platform-engineer-interview-job-borse-meets-search-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const all = await call.link('/api/recruiters/applicants.csv', recruiter);
    expect(all.headers['content-disposition']).toMatch(
      /filename="applicants-\d{4}-\d{2}-\d{2}\.csv"/,
    );

    // Signing out ends the session on the server: the same cookie is refused afterwards.
    const out = await call.write('DELETE', '/api/recruiters/session', recruiter);
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE_NAME)?.value).toBe('');
    expect((await call.get('/api/recruiters/session', recruiter)).statusCode).toBe(401);
    expect((await call.link(page.resumeUrl, recruiter)).statusCode).toBe(401);
  }, 60_000);

  it('openings: scheduled by a future date, closed and reopened, audited with what changed', async () => {
    const call = api(t);
    const user = await createUser(t, 'sched@example.com');
    const session = await openSession(t, user);
    const future = new Date(now + 86_400_000).toISOString();
    const created = await call.write('POST', '/api/recruiters/jobs', session, {
      ...opening,
      code: 'CON-SCHED',
      effectiveFrom: future,
    });
    const job = created.json() as RecruiterOpening;
    expect(job.state).toBe('scheduled');
    const closed = await call.write('PATCH', `/api/recruiters/jobs/${job.id}`, session, {
      isOpen: false,
    });
    expect((closed.json() as RecruiterOpening).state).toBe('closed');
    const reopened = await call.write('PATCH', `/api/recruiters/jobs/${job.id}`, session, {
      isOpen: true,
      effectiveFrom: new Date(now - 1000).toISOString(),
      title: 'Platform Engineer II',
    });
    expect(reopened.json()).toMatchObject({ state: 'open', title: 'Platform Engineer II' });
    const taken = await call.write('POST', '/api/recruiters/jobs', session, {
      ...opening,
      code: 'CON-SCHED',
    });
    expect(taken.statusCode).toBe(409);
    const invalid = await call.write('PATCH', `/api/recruiters/jobs/${job.id}`, session, {
      contactEmails: 'not-a-mail',
    });
    expect(invalid.statusCode).toBe(400);
    const admin = await openSession(t, await createUser(t, 'sched-admin@example.com', 'admin'));
    const audit = (
      await call.get('/api/recruiters/audit?action=opening-update', admin)
    ).json() as AuditPage;
    expect(audit.items.slice(0, 2).map((e) => e.detail)).toEqual([
      'opened; effectiveFrom, title',
      'closed',
    ]);

    // The console's form sends every field on each save: only the changed ones are recorded.
    const current = reopened.json() as RecruiterOpening;
    const everyField = {
      ...opening,
      code: current.code,
      title: current.title,
      effectiveFrom: current.effectiveFrom,
      description: current.description,
      isOpen: true,
    };
    await call.write('PATCH', `/api/recruiters/jobs/${job.id}`, session, everyField);
    await call.write('PATCH', `/api/recruiters/jobs/${job.id}`, session, {
      ...everyField,
      title: 'Platform Engineer III',
    });
    const later = (
      await call.get('/api/recruiters/audit?action=opening-update', admin)
    ).json() as AuditPage;
    expect(later.items.slice(0, 2).map((e) => e.detail)).toEqual(['title', 'no change']);
  });
});

describe(`recruiters' console: what it refuses (${engine})`, () => {
  let t: TestApp;
  let siteDir: string;
  beforeAll(async () => {
    // A console page of the tests' own making, where the web build would put it.
    siteDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'console-site-'));
    fs.writeFileSync(
      path.join(siteDir, 'recruiters.html'),
      '<!doctype html><title>Console</title>',
    );
    t = await createTestApp({ STATIC_DIR: siteDir, TRUST_PROXY: '1' }, { now: clock });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  it('a wrong password and an unknown e-mail get the same answer; the log keeps no address', async () => {
    await createUser(t, 'wrong@example.com');
    const wrong = await signInRequest(t, 'wrong@example.com', 'not the password at all');
    const unknown = await signInRequest(t, 'nobody@example.com', 'not the password at all');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(SIGN_IN_FAILED_MESSAGE);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
    }
    expect(wrong.body.replace(/"requestId":"[^"]*"/, '')).toBe(
      unknown.body.replace(/"requestId":"[^"]*"/, ''),
    );
    const rows = await t.app.repos.audit.list({ action: 'sign-in-failed' }, 1, 10);
    expect(rows.items.map((r) => r.detail).sort()).toEqual(['unknown account', 'wrong password']);
    expect(JSON.stringify(rows)).not.toContain('nobody@example.com');
    expect(JSON.stringify(rows)).not.toContain('not the password');
  });

  it('without a session: the API answers 401, a console page 303 to the sign-in and back', async () => {
    const res = await t.app.inject({
      url: '/api/recruiters/jobs',
      headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const csv = await t.app.inject({ url: '/api/recruiters/applicants.csv' });
    expect(csv.statusCode).toBe(401);

    const pageRes = await t.app.inject({ url: '/recruiters/applicants/7?tab=notes' });
    expect(pageRes.statusCode).toBe(303);
    expect(pageRes.headers.location).toBe(
      `/recruiters/sign-in?next=${encodeURIComponent('/recruiters/applicants/7?tab=notes')}`,
    );
    const home = await t.app.inject({ url: '/recruiters' });
    expect(home.headers.location).toBe('/recruiters/sign-in?next=%2Frecruiters');
    const signInPage = await t.app.inject({
      url: '/recruiters/sign-in?next=%2Frecruiters%2Fusers',
    });
    expect(signInPage.statusCode).toBe(200);
    expect(signInPage.body).toContain('<title>Console</title>');
    expect(signInPage.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(signInPage.headers['cache-control']).toBe('no-store');
    expect(signInPage.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(String(signInPage.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    // The page itself is not a static file.
    expect((await t.app.inject({ url: '/recruiters.html' })).statusCode).not.toBe(200);

    // Signed in, the sign-in page sends the browser on: only to a console path of this site.
    const user = await createUser(t, 'pages@example.com');
    const session = await openSession(t, user);
    const on = (next: string) =>
      t.app.inject({
        url: `/recruiters/sign-in?next=${encodeURIComponent(next)}`,
        headers: { cookie: session },
      });
    expect((await on('/recruiters/users')).headers.location).toBe('/recruiters/users');
    for (const evil of [
      'https://evil.example/recruiters',
      '//evil.example/recruiters',
      '/\\evil.example',
      '/careers',
      '/recruitersx',
    ]) {
      const res = await on(evil);
      expect(res.headers.location, evil).toBe('/recruiters');
    }
    const page = await t.app.inject({ url: '/recruiters/openings', headers: { cookie: session } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /recruiters');
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('/recruiters');
  });

  it('a recruiter on an admin route gets 403; an admin may not deactivate or demote themself', async () => {
    const recruiter = await openSession(t, await createUser(t, 'plain@example.com'));
    const call = api(t);
    expect((await call.get('/api/recruiters/users', recruiter)).statusCode).toBe(403);
    expect((await call.get('/api/recruiters/audit', recruiter)).statusCode).toBe(403);
    expect(
      (
        await call.write('POST', '/api/recruiters/users', recruiter, {
          email: 'x@example.com',
          name: 'X',
          role: 'admin',
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(403);
    const adminUser = await createUser(t, 'self@example.com', 'admin');
    const admin = await openSession(t, adminUser);
    for (const body of [{ isActive: false }, { role: 'recruiter' }]) {
      const res = await call.write('PATCH', `/api/recruiters/users/${adminUser.id}`, admin, body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('a session ends after 30 idle minutes, and after 12 hours however busy', async () => {
    const user = await createUser(t, 'clock@example.com');
    const call = api(t);
    const idle = await signIn(t, 'clock@example.com');
    now += minutes(29);
    expect((await call.get('/api/recruiters/session', idle)).statusCode).toBe(200);
    // Used at 29 minutes: idle counts from there.
    now += minutes(29);
    const alive = await call.get('/api/recruiters/session', idle);
    expect(alive.statusCode).toBe(200);
    expect((alive.json() as ConsoleSession).idleExpiresOn).toBe(
      new Date(now + minutes(30)).toISOString(),
    );
    now += minutes(31);
    expect((await call.get('/api/recruiters/session', idle)).statusCode).toBe(401);

    const busy = await openSession(t, user);
    const started = now;
    // openSession's rows last an hour; a real sign-in's twelve.
    const real = await signIn(t, 'clock@example.com');
    while (now < started + 12 * 60 * minutes(1) - minutes(20)) {
      now += minutes(20);
      expect((await call.get('/api/recruiters/session', real)).statusCode).toBe(200);
    }
    now += minutes(21);
    expect((await call.get('/api/recruiters/session', real)).statusCode).toBe(401);
    expect((await call.get('/api/recruiters/session', busy)).statusCode).toBe(401);
  }, 60_000);

  it('deactivating an account or resetting its password ends its sessions at once; it cannot sign in', async () => {
    const call = api(t);
    const admin = await openSession(t, await createUser(t, 'boss@example.com', 'admin'));
    const user = await createUser(t, 'leaving@example.com');
    const session = await signIn(t, 'leaving@example.com');
    const reset = await call.write('PATCH', `/api/recruiters/users/${user.id}`, admin, {
      password: 'a brand new passphrase 99',
    });
    expect(reset.statusCode).toBe(200);
    expect((await call.get('/api/recruiters/session', session)).statusCode).toBe(401);
    const second = await signIn(t, 'leaving@example.com', 'a brand new passphrase 99');
    const off = await call.write('PATCH', `/api/recruiters/users/${user.id}`, admin, {
      isActive: false,
    });
    expect((off.json() as ConsoleUser).isActive).toBe(false);
    expect((await call.get('/api/recruiters/jobs', second)).statusCode).toBe(401);
    const again = await signInRequest(t, 'leaving@example.com', 'a brand new passphrase 99');
    expect(again.statusCode).toBe(401);
    expect(again.json().detail).toBe(SIGN_IN_FAILED_MESSAGE);
  });

  it('a write without the XSRF echo is refused; a session cookie signed by another secret is not a session', async () => {
    const user = await createUser(t, 'xsrf@example.com');
    const session = await openSession(t, user);
    const headers = consoleHeaders(t, session, 'write');
    delete headers[XSRF_HEADER_NAME];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/jobs',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...opening, code: 'CON-XSRF' }),
    });
    expect(res.statusCode).toBe(403);

    // A real token with a session row, signed by a node with another secret.
    const token = crypto.randomBytes(32).toString('base64url');
    await t.app.repos.sessions.create({
      id: crypto.createHash('sha256').update(token).digest('hex'),
      userId: user.id,
      createdAt: clock().toISOString(),
      lastSeenAt: clock().toISOString(),
      expiresAt: new Date(now + minutes(60)).toISOString(),
    });
    const foreign = `${SESSION_COOKIE_NAME}=${signCookie(token, 'another-nodes-secret-0123456789abcdef')}`;
    expect((await api(t).get('/api/recruiters/session', foreign)).statusCode).toBe(401);
    const unsigned = `${SESSION_COOKIE_NAME}=${token}`;
    expect((await api(t).get('/api/recruiters/session', unsigned)).statusCode).toBe(401);
    const ours = `${SESSION_COOKIE_NAME}=${t.app.signCookie(token)}`;
    expect((await api(t).get('/api/recruiters/session', ours)).statusCode).toBe(200);
  });

  it("an admin erases one person's applications at their request; the audit log keeps the counts, not the address", async () => {
    const call = api(t);
    const admin = await openSession(t, await createUser(t, 'eraser@example.com', 'admin'));
    const recruiter = await openSession(t, await createUser(t, 'not-eraser@example.com'));
    const job = (
      await call.write('POST', '/api/recruiters/jobs', admin, {
        ...opening,
        code: 'CON-ERASE',
        effectiveFrom: new Date(Date.now() - 3_600_000).toISOString(),
      })
    ).json() as RecruiterOpening;
    const applied = await postApplication(
      t,
      job.id,
      applicationPayload({ Email: 'Erase.Me@example.com' }),
    );
    const { ApplicantID } = applied.json() as { ApplicantID: number };
    await call.write('POST', `/api/recruiters/applicants/${ApplicantID}/notes`, admin, {
      text: 'Asked to be forgotten.',
    });

    const body = { email: 'erase.me@EXAMPLE.com' };
    const refused = await call.write('POST', '/api/recruiters/erasures', recruiter, body);
    expect(refused.statusCode).toBe(403);
    const erased = await call.write('POST', '/api/recruiters/erasures', admin, body);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ applicants: 1, resumes: 1 });
    expect((await call.get(`/api/recruiters/applicants/${ApplicantID}`, admin)).statusCode).toBe(
      404,
    );

    const audit = (
      await call.get('/api/recruiters/audit?action=applicant-erase', admin)
    ).json() as AuditPage;
    expect(audit.items[0]).toMatchObject({
      actor: 'Ada Admin',
      detail: expect.stringMatching(/^1 applicant, 1 resume and \d+ queued mails?$/),
    });
    expect(JSON.stringify(audit)).not.toMatch(/erase\.me/i);
  });

  it('a person changes their own password: the current one is needed, the rules hold, every other session ends', async () => {
    const call = api(t);
    const user = await createUser(t, 'changer@example.com');
    const here = await openSession(t, user);
    const elsewhere = await openSession(t, user);
    const url = '/api/recruiters/session/password';

    const wrong = await call.write('PUT', url, here, {
      currentPassword: 'not my password at all',
      newPassword: 'a brand new long passphrase 9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'currentPassword', message: 'is not right' }]);
    const weak = await call.write('PUT', url, here, {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('newPassword');

    const changed = await call.write('PUT', url, here, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new long passphrase 9',
    });
    expect(changed.statusCode).toBe(200);
    const cookie = changed.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cookie).toBeDefined();
    // Both earlier sessions ended; the new cookie is a session.
    expect((await call.get('/api/recruiters/session', here)).statusCode).toBe(401);
    expect((await call.get('/api/recruiters/session', elsewhere)).statusCode).toBe(401);
    const fresh = `${cookie!.name}=${cookie!.value}`;
    expect((await call.get('/api/recruiters/session', fresh)).statusCode).toBe(200);
    expect((await signInRequest(t, 'changer@example.com', PASSWORD)).statusCode).toBe(401);
    expect(
      (await signInRequest(t, 'changer@example.com', 'a brand new long passphrase 9')).statusCode,
    ).toBe(200);
    const audit = (
      await call.get(
        '/api/recruiters/audit?action=user-update',
        await openSession(t, await createUser(t, 'auditor@example.com', 'admin')),
      )
    ).json() as AuditPage;
    expect(audit.items.map((item) => item.detail)).toContain('own password changed');
  });

  it("an applicant's resume URL works only in the session it was made for", async () => {
    const call = api(t);
    const user = await createUser(t, 'resume@example.com');
    const mine = await openSession(t, user);
    // In effect by the real clock too: the public apply route reads that one.
    const job = (
      await call.write('POST', '/api/recruiters/jobs', mine, {
        ...opening,
        code: 'CON-RES',
        effectiveFrom: new Date(Date.now() - 3_600_000).toISOString(),
      })
    ).json() as RecruiterOpening;
    const applied = await postApplication(
      t,
      job.id,
      applicationPayload({ Email: 'res@example.com' }),
    );
    const { ApplicantID } = applied.json() as { ApplicantID: number };
    const page = (
      await call.get(`/api/recruiters/applicants/${ApplicantID}`, mine)
    ).json() as ConsoleApplicant;
    expect((await call.link(page.resumeUrl, mine)).statusCode).toBe(200);
    const other = await openSession(t, await createUser(t, 'other@example.com'));
    expect((await call.link(page.resumeUrl, other)).statusCode).toBe(404);
    // The same person's other session too; and a guessed signature.
    expect((await call.link(page.resumeUrl, await openSession(t, user))).statusCode).toBe(404);
    const guessed = page.resumeUrl.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`);
    expect((await call.link(guessed, mine)).statusCode).toBe(404);
    // DOC/DOCX never inline; a PDF's bytes never inline without asking.
    expect((await call.link(page.resumeUrl, mine)).headers['content-disposition']).toMatch(
      /^attachment/,
    );
  });

  it('over HTTPS the cookie is __Host- and Secure, and a plain one is not accepted', async () => {
    await createUser(t, 'https@example.com');
    const xsrf = mintXsrfToken(t.cookieSecret);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/session',
      remoteAddress: '127.0.0.1',
      headers: {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': newClient(),
        [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
        cookie: `__Host-XSRF-TOKEN=${xsrf}`,
        [XSRF_HEADER_NAME]: xsrf,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ email: 'https@example.com', password: PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_HOST_COOKIE_NAME)!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.domain).toBeUndefined();
    const read = (name: string) =>
      t.app.inject({
        url: '/api/recruiters/session',
        remoteAddress: '127.0.0.1',
        headers: {
          'x-forwarded-proto': 'https',
          [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE,
          cookie: `${name}=${cookie.value}`,
        },
      });
    expect((await read(SESSION_HOST_COOKIE_NAME)).statusCode).toBe(200);
    expect((await read(SESSION_COOKIE_NAME)).statusCode).toBe(401);
  });

  it('calls of the bearer API go into the audit log as token, with the route and the id', async () => {
    const bearer = { authorization: `Bearer ${t.config.adminToken ?? ''}` };
    const jobId = await createOpening(t, 'CON-TOKEN');
    const list = await t.app.inject({ url: '/api/admin/jobs', headers: bearer });
    expect(list.statusCode).toBe(200);
    await t.app.inject({ url: `/api/admin/jobs/${jobId}`, headers: bearer });
    // A wrong token is not a call of the token.
    await t.app.inject({
      url: '/api/admin/jobs',
      headers: { authorization: 'Bearer wrong-token-0123456789' },
    });
    const admin = await openSession(t, await createUser(t, 'token-audit@example.com', 'admin'));
    const audit = (
      await api(t).get('/api/recruiters/audit?action=token-call', admin)
    ).json() as AuditPage;
    expect(audit.items.map((e) => [e.actor, e.target])).toEqual([
      ['token', `GET /api/admin/jobs/:id ${jobId}`],
      ['token', 'GET /api/admin/jobs'],
    ]);
  });

  it('signing in makes a new session: a planted or earlier cookie is never kept, the earlier session ends', async () => {
    await createUser(t, 'fixation@example.com');
    const first = await signIn(t, 'fixation@example.com');
    // The same browser signs in again, sending its current cookie along.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/recruiters/session',
      remoteAddress: newClient(),
      headers: {
        ...t.headers('write'),
        cookie: `${t.headers('write').cookie}; ${first}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ email: 'fixation@example.com', password: PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    const second = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
    expect(`${second.name}=${second.value}`).not.toBe(first);
    expect((await api(t).get('/api/recruiters/session', first)).statusCode).toBe(401);
    expect(
      (await api(t).get('/api/recruiters/session', `${second.name}=${second.value}`)).statusCode,
    ).toBe(200);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertCopy } from '@lumenfield/contract';
import { routes } from '@lumenfield/routes';
import { createRepositories } from '../domains';
import type { JobInput } from '../domains/openings/jobs-repository';
import { readableMail, startSmtpServer } from '../test/smtp';
import { newClient } from '../test/console';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { ALERT_SUBSCRIBES_PER_HOUR } from './alert-pages';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The alerts' mail in the queue, oldest first (the sender is not running in these tests). */
async function queued(t: TestApp, kind?: string) {
  const rows = await t.db.handle.db
    .selectFrom('mailQueue')
    .selectAll()
    .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
    .orderBy('id')
    .execute();
  return rows;
}

const linkIn = (text: string, page: 'alertConfirm' | 'alertUnsubscribe') => {
  const match = new RegExp(`https?://\\S+${routes[page].path}\\?token=[A-Za-z0-9_-]{43}`).exec(
    text,
  );
  if (!match) throw new Error(`no ${page} link in the mail`);
  return match[0];
};
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe(`job alerts: subscribe, confirm, digests, unsubscribe (${engine})`, () => {
  let t: TestApp;
  let clock = new Date();
  let codes = 0;
  beforeAll(async () => {
    t = await createTestApp({}, { pages: true, now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each test starts without alerts, mail or seen openings; openings stay (closed below).
    await t.db.handle.db.deleteFrom('mailQueue').execute();
    await t.db.handle.db.deleteFrom('jobAlertLinks').execute();
    await t.db.handle.db.deleteFrom('jobAlerts').execute();
    await t.db.handle.db.updateTable('jobs').set({ isOpen: 0 }).execute();
    clock = new Date(clock.getTime() + 30 * DAY);
  });

  /** A new opening, published at `effectiveFrom` (default: an hour before the clock). */
  async function publish(overrides: Partial<JobInput> = {}) {
    codes += 1;
    return createRepositories(t.db.handle.db).jobs.create(
      {
        code: `ALERT-${codes}`,
        title: `Opening ${codes}`,
        location: 'Bengaluru, Karnataka, India',
        descriptionHtml: '<p>Join us.</p>',
        effectiveFrom: new Date(clock.getTime() - HOUR).toISOString(),
        recruitmentManagers: 'Rahul Menon',
        contactPersons: 'Priya Raman',
        contactEmails: 'priya.raman@example.com',
        isOpen: true,
        ...overrides,
      },
      clock,
    );
  }

  // Each from a client of its own, unless a test says: the per-client limit is tested apart.
  const subscribeApi = (body: unknown, headers = t.headers('write'), client = newClient()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress: client,
    });

  /** Subscribes through the API and confirms through the page's button; the unsubscribe path. */
  async function confirmedAlert(body: Record<string, unknown>) {
    expect((await subscribeApi(body)).statusCode).toBe(202);
    const [mail] = await queued(t, 'alert-confirmation');
    const confirm = pathOf(linkIn(mail!.textBody, 'alertConfirm'));
    await t.db.handle.db.deleteFrom('mailQueue').execute();
    const res = await t.app.inject({ method: 'POST', url: confirm });
    expect(res.statusCode).toBe(200);
  }

  const run = (at = clock) => t.app.jobAlerts.runOnce(at);

  it('refuses a malformed address or frequency with a sentence, storing and sending nothing', async () => {
    const bad = await subscribeApi({ Email: 'not-an-address', Frequency: 'daily' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json()).toMatchObject({
      detail: alertCopy.email,
      errors: [{ field: 'email', message: alertCopy.email }],
    });
    const often = await subscribeApi({ Email: 'ana@example.com', Frequency: 'hourly' });
    expect(often.statusCode).toBe(400);
    expect(often.json().errors).toEqual([{ field: 'frequency', message: alertCopy.frequency }]);
    // The public API's guards: the fixed header and the XSRF echo.
    const noHeader = await subscribeApi(
      { Email: 'ana@example.com', Frequency: 'daily' },
      { cookie: t.headers('write').cookie! },
    );
    expect(noHeader.statusCode).toBe(403);
    expect(await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute()).toEqual([]);
    expect(await queued(t)).toEqual([]);
  });

  it('double opt-in: a confirmation mail first; until confirmed, a new opening sends nothing', async () => {
    const res = await subscribeApi({ Email: 'Ana.Alert@example.com', Frequency: 'instant' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ Message: alertCopy.sent });
    const [mail, ...rest] = await queued(t);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ kind: 'alert-confirmation', toAddress: 'Ana.Alert@example.com' });
    const link = linkIn(mail!.textBody, 'alertConfirm');
    // Only the token's hash is kept.
    const token = new URL(link).searchParams.get('token')!;
    const stored = await t.db.handle.db.selectFrom('jobAlertLinks').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    await publish();
    expect(await run()).toEqual({ expired: 0, mails: 0 });
    expect(await queued(t, 'job-alert')).toEqual([]);

    // A mail scanner's GET shows a button and confirms nothing.
    const page = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`action="${routes.alertConfirm.path}?token=${token}"`);
    expect(page.body).toContain('Start my job alert');
    const [pending] = await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute();
    expect(pending!.confirmedAt).toBeNull();

    const confirmed = await t.app.inject({ method: 'POST', url: pathOf(link) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(alertCopy.confirmed);
    // The opening published before the confirmation is not news to the alert.
    clock = new Date(clock.getTime() + 60_000);
    expect(await run()).toEqual({ expired: 0, mails: 0 });
    // The link was spent.
    expect((await t.app.inject({ method: 'POST', url: pathOf(link) })).statusCode).toBe(404);
  });

  it('instant: one mail soon after an opening is published, with both unsubscribe headers', async () => {
    await confirmedAlert({ Email: 'instant@example.com', Frequency: 'instant' });
    clock = new Date(clock.getTime() + 60_000);
    const jobId = await publish({ title: 'Site Reliability Engineer' });
    expect(await run()).toEqual({ expired: 0, mails: 1 });
    const [mail, ...rest] = await queued(t, 'job-alert');
    expect(rest).toEqual([]);
    expect(mail!.toAddress).toBe('instant@example.com');
    expect(mail!.textBody).toContain('Site Reliability Engineer');
    expect(mail!.textBody).toContain(`/careers/jobs/${jobId}`);
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    const unsubscribe = linkIn(mail!.textBody, 'alertUnsubscribe');
    expect(headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The next run has nothing new: no second mail.
    clock = new Date(clock.getTime() + 60_000);
    expect(await run()).toEqual({ expired: 0, mails: 0 });
  });

  it('instant: an opening scheduled for later is mailed when its date comes, not before', async () => {
    await confirmedAlert({ Email: 'scheduled@example.com', Frequency: 'instant' });
    await publish({
      title: 'Scheduled Analyst',
      effectiveFrom: new Date(clock.getTime() + 2 * HOUR).toISOString(),
    });
    clock = new Date(clock.getTime() + HOUR);
    expect(await run()).toEqual({ expired: 0, mails: 0 });
    clock = new Date(clock.getTime() + 2 * HOUR);
    expect(await run()).toEqual({ expired: 0, mails: 1 });
    const [mail] = await queued(t, 'job-alert');
    expect(mail!.textBody).toContain('Scheduled Analyst');
  });

  it('daily digest: only openings published since the last one and matching; none, no mail', async () => {
    await confirmedAlert({
      Email: 'digest@example.com',
      Frequency: 'daily',
      Query: 'tester',
      Workplace: 'REMOTE',
    });
    clock = new Date(clock.getTime() + HOUR);
    await publish({ title: 'Remote Tester', workplaceType: 'REMOTE' });
    await publish({ title: 'Onsite Tester', workplaceType: 'ONSITE' });
    await publish({ title: 'Remote Designer', workplaceType: 'REMOTE' });
    // Not due yet: a day after the confirmation.
    expect(await run()).toEqual({ expired: 0, mails: 0 });
    clock = new Date(clock.getTime() + DAY);
    expect(await run()).toEqual({ expired: 0, mails: 1 });
    const [mail] = await queued(t, 'job-alert');
    expect(mail!.textBody).toContain('Remote Tester');
    expect(mail!.textBody).not.toContain('Onsite Tester');
    expect(mail!.textBody).not.toContain('Remote Designer');
    // A day later with nothing new that matches: no mail.
    await publish({ title: 'Onsite Tester Two', workplaceType: 'ONSITE' });
    clock = new Date(clock.getTime() + DAY);
    expect(await run()).toEqual({ expired: 0, mails: 0 });
    // Then a new match: only it, not the first digest's opening again.
    await publish({ title: 'Remote Tester Two', workplaceType: 'REMOTE' });
    clock = new Date(clock.getTime() + DAY);
    expect(await run()).toEqual({ expired: 0, mails: 1 });
    const second = (await queued(t, 'job-alert'))[1]!;
    expect(second.textBody).toContain('Remote Tester Two');
    expect(second.textBody).not.toMatch(/Remote Tester\s*\(/);
  });

  it('two runs at once (two nodes) queue one mail for one digest', async () => {
    await confirmedAlert({ Email: 'race@example.com', Frequency: 'instant' });
    clock = new Date(clock.getTime() + 60_000);
    await publish();
    const repos = createRepositories(t.db.handle.db);
    const counts = await Promise.all([
      repos.alerts.sendDue(clock, 'https://www.example.com'),
      repos.alerts.sendDue(clock, 'https://www.example.com'),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queued(t, 'job-alert')).toHaveLength(1);
  });

  it('one-click: a POST to the link without cookies or XSRF unsubscribes (200); a GET does not', async () => {
    await confirmedAlert({ Email: 'oneclick@example.com', Frequency: 'instant' });
    clock = new Date(clock.getTime() + 60_000);
    await publish();
    await run();
    const [mail] = await queued(t, 'job-alert');
    const link = pathOf(linkIn(mail!.textBody, 'alertUnsubscribe'));

    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe</button>');
    expect(await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute()).toHaveLength(1);

    // As a mail client sends it (RFC 8058): no cookie, no fixed header, no XSRF token.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain(alertCopy.unsubscribed);
    expect(await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute()).toEqual([]);
    expect(await t.db.handle.db.selectFrom('jobAlertLinks').selectAll().execute()).toEqual([]);
    // A second post says the same; a new opening brings no mail.
    expect((await t.app.inject({ method: 'POST', url: link })).statusCode).toBe(200);
    await t.db.handle.db.deleteFrom('mailQueue').execute();
    clock = new Date(clock.getTime() + 60_000);
    await publish();
    expect(await run()).toEqual({ expired: 0, mails: 0 });
    expect(await queued(t)).toEqual([]);
    // The page of a link that opens nothing says so.
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('an unconfirmed alert is deleted after 7 days, with its link and mail', async () => {
    expect(
      (await subscribeApi({ Email: 'late@example.com', Frequency: 'weekly' })).statusCode,
    ).toBe(202);
    const [mail] = await queued(t, 'alert-confirmation');
    const link = pathOf(linkIn(mail!.textBody, 'alertConfirm'));
    expect(await run(new Date(clock.getTime() + 6 * DAY))).toEqual({ expired: 0, mails: 0 });
    expect(await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute()).toHaveLength(1);
    expect(await run(new Date(clock.getTime() + 7 * DAY + 60_000))).toEqual({
      expired: 1,
      mails: 0,
    });
    expect(await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute()).toEqual([]);
    expect(await queued(t)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const audit = await t.db.handle.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('action', '=', 'alert-expire')
      .execute();
    expect(audit).toEqual([{ action: 'alert-expire', detail: '1 unconfirmed alert deleted' }]);
  });

  it('the erasure by e-mail removes the person’s alerts, their links and queued mail', async () => {
    await confirmedAlert({ Email: 'Erase.Me@example.com', Frequency: 'instant' });
    await subscribeApi({ Email: 'erase.me@example.com', Frequency: 'weekly' });
    await subscribeApi({ Email: 'keep.me@example.com', Frequency: 'weekly' });
    const result = await t.app.repos.applicants.eraseByEmail(
      'ERASE.ME@example.com',
      { label: 'cli' },
      clock,
    );
    expect(result).toEqual({ applicants: 0, resumes: 0, mails: 1 });
    const left = await t.db.handle.db.selectFrom('jobAlerts').select('email').execute();
    expect(left).toEqual([{ email: 'keep.me@example.com' }]);
    expect((await queued(t)).map((m) => m.toAddress)).toEqual(['keep.me@example.com']);
  });

  it('throttles one address: past 3 unconfirmed in a day, the same answer and no more mail', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await subscribeApi({ Email: 'many@example.com', Frequency: 'daily' });
      expect(res.statusCode).toBe(202);
    }
    expect(await queued(t, 'alert-confirmation')).toHaveLength(3);
  });

  it('throttles one client: past the hour’s limit, 429 with a sentence and Retry-After', async () => {
    const client = newClient();
    for (let i = 0; i < ALERT_SUBSCRIBES_PER_HOUR; i++) {
      const body = { Email: `client${i}@example.com`, Frequency: 'daily' };
      expect((await subscribeApi(body, t.headers('write'), client)).statusCode).toBe(202);
    }
    const over = await subscribeApi(
      { Email: 'one.more@example.com', Frequency: 'daily' },
      t.headers('write'),
      client,
    );
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().detail).toBe(alertCopy.tooMany);
  });

  describe('the careers page’s form without scripts', () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: routes.alerts.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: body,
      });

    it('a malformed address: 400, the sentence, and the form with what was typed', async () => {
      const res = await post('email=ana%40nowhere&q=qa+lead&workplace=REMOTE&frequency=weekly');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(alertCopy.email);
      expect(res.body).toContain('value="ana@nowhere"');
      expect(res.body).toContain('value="qa lead"');
      expect(res.body).toMatch(/checked="" value="weekly"/);
      expect(await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute()).toEqual([]);
    });

    it('a good one: the page says to check the inbox; the confirmation is queued', async () => {
      const res = await post('email=form%40example.com&country=356&frequency=daily', {
        'sec-fetch-site': 'same-origin',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(alertCopy.sent);
      const [alert] = await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute();
      expect(alert).toMatchObject({ email: 'form@example.com', country: 356, frequency: 'daily' });
      expect(await queued(t, 'alert-confirmation')).toHaveLength(1);
    });

    it('a post from another site is refused (403) and stores nothing', async () => {
      const res = await post('email=x%40example.com&frequency=daily', {
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(alertCopy.forbidden);
      expect(await t.db.handle.db.selectFrom('jobAlerts').selectAll().execute()).toEqual([]);
    });
  });

  it('an alert page is never stored; only the sign-up form is for search engines', async () => {
    const form = await t.app.inject({ method: 'GET', url: routes.alerts.path });
    expect(form.statusCode).toBe(200);
    expect(form.body).not.toContain('noindex');
    expect(form.body).toContain('<meta name="description"');
    expect(form.headers['cache-control']).toBe('no-store');
    const link = await t.app.inject({ method: 'GET', url: `${routes.alertConfirm.path}?token=x` });
    expect(link.body).toContain('noindex');
    expect(link.headers['cache-control']).toBe('no-store');
  });
});

describe(`alert mail carries its headers over SMTP (${engine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://careers.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('List-Unsubscribe (https, with a token) and List-Unsubscribe-Post reach the mail server', async () => {
    const repos = createRepositories(t.db.handle.db);
    const now = new Date();
    await repos.alerts.subscribe(
      {
        email: 'smtp@example.com',
        filters: { q: '', country: null, workplace: null },
        frequency: 'instant',
      },
      { origin: 'https://careers.example.com', capPerAddress: t.config.mailCapPerAddress },
      now,
    );
    const [confirmation] = await queued(t, 'alert-confirmation');
    const token = new URL(linkIn(confirmation!.textBody, 'alertConfirm')).searchParams.get(
      'token',
    )!;
    await repos.alerts.confirm(token, now);
    await t.db.handle.db.deleteFrom('mailQueue').execute();
    await repos.jobs.create({
      code: 'SMTP-1',
      title: 'Mail Engineer',
      location: 'Bengaluru, Karnataka, India',
      descriptionHtml: '<p>Join us.</p>',
      effectiveFrom: new Date(now.getTime() - HOUR).toISOString(),
      recruitmentManagers: 'Rahul Menon',
      contactPersons: 'Priya Raman',
      contactEmails: 'priya.raman@example.com',
      isOpen: true,
    });
    expect(await t.app.jobAlerts.runOnce(new Date(now.getTime() + 60_000))).toEqual({
      expired: 0,
      mails: 1,
    });
    expect(await t.app.mailer.runOnce(new Date(now.getTime() + 120_000))).toBe(1);
    // Long header fields are folded onto a second line (RFC 5322): unfolded to read them.
    const raw = readableMail(smtp.received[0]!.raw).replace(/\r?\n(?=[ \t])/g, '');
    expect(raw).toMatch(
      /^List-Unsubscribe: +<https:\/\/careers\.example\.com\/careers\/alerts\/unsubscribe\?token=[A-Za-z0-9_-]{43}>\r?$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(raw).toContain('Mail Engineer');
  });
});

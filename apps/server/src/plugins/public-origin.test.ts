import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPayload, createOpening } from '../test/legacy/application';
import { readableMail as readable, startSmtpServer } from '../test/smtp';
import { isLoopbackHost } from '../config';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const HOSTILE = 'recruiters-login.evil.example';

/** An application sent with the hostile host in Host, or in X-Forwarded-Host. */
function apply(t: TestApp, jobId: number, email: string, forwarded: boolean) {
  return t.app.inject({
    method: 'POST',
    url: `/api/Jobs/SaveApplicantDetail?jobID=${jobId}`,
    headers: {
      ...t.headers('write'),
      'content-type': 'application/json',
      ...(forwarded ? { 'x-forwarded-host': HOSTILE } : { host: HOSTILE }),
    },
    payload: JSON.stringify(applicationPayload({ Email: email })),
  });
}

/**
 * Both mails of one application, as stored in the queue and as the SMTP server received them:
 * every link in them starts with `origin`, and the request's host appears nowhere.
 */
async function expectMailLinks(t: TestApp, smtp: SmtpServer, forwarded: boolean, origin: string) {
  const jobId = await createOpening(t, `HOST-${forwarded ? 'FWD' : 'HOST'}-${smtp.port}`);
  const res = await apply(t, jobId, `host.${forwarded}@example.com`, forwarded);
  expect(res.statusCode, res.body).toBe(201);
  const { ApplicantID } = res.json() as { ApplicantID: number };

  const stored = await t.db.handle.db
    .selectFrom('mailQueue')
    .select(['kind', 'textBody', 'htmlBody'])
    .where('applicantId', '=', ApplicantID)
    .execute();
  expect(stored.map((m) => m.kind).sort()).toEqual(['applicant-confirmation', 'recruiter-notice']);
  const notice = stored.find((m) => m.kind === 'recruiter-notice')!;
  const consoleLink = `${origin}/recruiters/applicants/${ApplicantID}`;
  expect(notice.textBody).toContain(consoleLink);
  expect(notice.htmlBody).toContain(`href="${consoleLink}"`);
  for (const mail of stored) {
    const bodies = `${mail.textBody}\n${mail.htmlBody}`;
    expect(bodies).not.toContain(HOSTILE);
    // Every absolute link names the configured origin.
    for (const [url] of bodies.matchAll(/https?:\/\/[^\s"<]+/g)) expect(url).toMatch(origin);
  }

  smtp.received.length = 0;
  expect(await t.app.mailer.runOnce()).toBe(2);
  expect(smtp.received).toHaveLength(2);
  for (const mail of smtp.received) expect(readable(mail.raw)).not.toContain(HOSTILE);
  const delivered = smtp.received.map((m) => readable(m.raw)).join('\n');
  expect(delivered).toContain(consoleLink);
  expect(delivered).toContain(`${origin}/privacypolicy`);
}

type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

describe(`mail links never come from the request (${engine})`, () => {
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  describe.each<{ setting: string; env: Record<string, string>; origin: string }>([
    {
      setting: 'PUBLIC_URL',
      env: { PUBLIC_URL: 'https://careers.example.org/' },
      origin: 'https://careers.example.org',
    },
    {
      setting: 'the configured http://HOST:PORT (no PUBLIC_URL)',
      env: { HOST: 'careers.internal', PORT: '8080' },
      origin: 'http://careers.internal:8080',
    },
  ])('links use $setting', ({ env, origin }) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '1', ...env });
    });
    afterAll(() => t.close());

    it('an application with a hostile Host', async () => {
      await expectMailLinks(t, smtp, false, origin);
    });

    it('an application with a hostile X-Forwarded-Host from a trusted proxy', async () => {
      await expectMailLinks(t, smtp, true, origin);
    });
  });
});

describe('isLoopbackHost', () => {
  it('is true only for addresses that keep the site on this machine', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'careers.internal', '127.0.0.1.example']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

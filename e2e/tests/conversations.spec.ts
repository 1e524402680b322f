import type { Browser } from '@playwright/test';
import Database from 'better-sqlite3';
import { applicantPageCopy as copy } from '../../packages/contract/src/index';
import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { expectNoViolations, expectNoViolationsWithoutScripts } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleCall } from '../support/console-calls';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { shoot } from '../support/shots';
import { statusLinkFor } from '../support/smtp-sink';

/**
 * Conversations (docs/recruiters.md, "Conversations"; docs/careers.md, the status page's
 * thread): the candidate answers on their status page with scripts and without, the recruiter
 * reads both answers on the timeline, and an admin puts a reply no conversation claimed on it.
 * On the console's SQLite server (the server suite proves the API on both engines).
 */

async function newPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: consoleUrl(),
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled,
  });
  return context.newPage();
}

/** A mail that matched no conversation, as the mailbox reader keeps it. */
function unmatchedReply(subject: string, body: string) {
  const file = process.env.E2E_CONSOLE_SQLITE_DB;
  if (!file) throw new Error('E2E_CONSOLE_SQLITE_DB is not set (see global setup)');
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `insert into unmatched_replies (reason, from_address, subject, body, raw, source_key, received_at)
       values ('unknown', 'someone.else@example.net', ?, ?, ?, ?, ?)`,
    ).run(subject, body, Buffer.from(body), `e2e-${subject}`, new Date().toISOString());
  } finally {
    db.close();
  }
}

test.describe('conversations', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('the candidate answers on the status page (scripts on and off); the recruiter sees both on the timeline; an admin assigns an unmatched reply', async ({
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const title = 'Thread Analyst';
    const jobId = await adminApi(consoleUrl()).createOpening({
      JobCode: `TH-${suffix}`.toUpperCase(),
      JobTitle: title,
    });
    const email = `thread.${suffix}@example.com`;
    const applicantId = await apply(consoleUrl(), jobId, 'Tomas', email, 'Threadgood');
    const statusPath = await statusLinkFor(email, title);
    // The admin is the opening's recruiter: the replies are theirs to hear of, not every
    // recruiter's on this shared server (the notifications spec counts its own person's).
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/unmatched-replies');
    const me = await consoleCall<{ user: { userId: number } }>(
      admin,
      'GET',
      '/api/recruiters/session',
    );
    await consoleCall(admin, 'PUT', `/api/recruiters/jobs/${jobId}/team`, {
      members: [{ userId: me.user.userId, part: 'recruiter' }],
    });

    // With scripts: the thread is empty, the answer goes, the page says so and shows it.
    const visitor = await newPage(browser);
    await visitor.goto(statusPath);
    await live(visitor);
    const thread = visitor.getByRole('region', { name: copy.threadHeading });
    await expect(thread).toContainText(copy.threadEmpty);
    await thread.getByLabel(copy.replyLabel).fill('Thank you for the update.\nTuesday suits me.');
    await thread.getByRole('button', { name: copy.replyButton }).click();
    await expect(visitor.getByRole('status')).toHaveText(copy.replySent);
    await expect(thread).toContainText('Tuesday suits me.');
    await expect(thread).toContainText('Your answer, on this page');

    // Without scripts: the same form, a plain post; an empty answer is refused first.
    const plain = await newPage(browser, false);
    await plain.goto(statusPath);
    const plainThread = plain.getByRole('region', { name: copy.threadHeading });
    await plainThread.getByLabel(copy.replyLabel).fill('   ');
    await plainThread.getByRole('button', { name: copy.replyButton }).click();
    await expect(plain.getByRole('alert')).toHaveText(copy.replyEmpty);
    await plainThread
      .getByLabel(copy.replyLabel)
      .fill('Sent without scripts: I can bring my laptop.');
    await plainThread.getByRole('button', { name: copy.replyButton }).click();
    await expect(plain.getByRole('status')).toHaveText(copy.replySent);
    await expect(plainThread).toContainText('I can bring my laptop.');
    await expectNoViolationsWithoutScripts(plain, 'the status page thread without scripts');

    await visitor.reload();
    await expect(thread).toContainText('I can bring my laptop.');
    await expectNoViolations(visitor, 'the status page thread');
    await shoot(visitor, 'status-thread');

    // An admin finds a reply no conversation claimed and puts it on this applicant's timeline.
    unmatchedReply(`Re: Interview ${suffix}`, `Sorry, I wrote from my other address (${suffix}).`);
    await admin.reload();
    await live(admin);
    await expect(admin.getByRole('heading', { level: 1, name: 'Unmatched replies' })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: `Re: Interview ${suffix}` });
    await expect(row).toContainText('someone.else@example.net');
    await expect(row).toContainText('Address not known');
    await expectNoViolations(admin, 'the unmatched replies list');
    await row.getByRole('button', { name: /Read/ }).click();
    const opened = admin.getByRole('region', { name: `Re: Interview ${suffix}` });
    await expect(opened).toContainText(`Sorry, I wrote from my other address (${suffix}).`);
    await expectNoViolations(admin, 'an unmatched reply, read');
    await shoot(admin, 'unmatched-replies');
    await opened.getByLabel('Applicant id').fill(String(applicantId));
    await opened.getByRole('button', { name: 'Put on the timeline' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'timeline' })).toBeVisible();
    await expect(row).toHaveCount(0);

    // The recruiter's view: all three answers on the timeline, as text.
    await admin.getByRole('link', { name: 'Open the applicant' }).click();
    await live(admin);
    const timeline = admin.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Replied on their status page');
    await expect(timeline).toContainText('Tuesday suits me.');
    await expect(timeline).toContainText('I can bring my laptop.');
    await expect(timeline).toContainText('Replied by mail');
    await expect(timeline).toContainText(`Sorry, I wrote from my other address (${suffix}).`);
    await expectNoViolations(admin, 'the applicant’s timeline with replies');
    await timeline.scrollIntoViewIfNeeded();
    await shoot(admin, 'console-timeline');

    // And in the recruiter's notifications: each answer, the two from the status page and the
    // one assigned, told to the opening's recruiter.
    await admin.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    await expect(admin).toHaveURL(/\/recruiters\/notifications$/);
    const told = admin
      .getByRole('list', { name: 'Your notifications' })
      .getByRole('link', { name: `Tomas Threadgood replied (${title})` });
    await expect(told).toHaveCount(3);
    await expectNoViolations(admin, 'the recruiter’s notifications of the replies');
  });
});

import {
  APPLIED_SUCCESSFULLY,
  applicantPageCopy,
  jobOpeningListSchema,
} from '../../packages/contract/src/index';
import { pdfWithText } from '../../apps/server/src/test/files';
import { dialogOf, fillForm, type Applicant } from '../support/apply-dialog';
import { expectNoViolations, expectNoViolationsInHtml } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { shoot } from '../support/shots';

/**
 * The local outbox (docs/operations.md): on a server with no SMTP_URL on a loopback host, as
 * after `npm start`, a newcomer applies on the site, signs in as the first admin, opens the
 * outbox, reads the confirmation and follows its status link to the application's own page.
 */

function outboxUrl(): string {
  const url = process.env.E2E_OUTBOX_BASE_URL;
  if (!url) throw new Error('E2E_OUTBOX_BASE_URL is not set: run through playwright.');
  return url;
}

const FIXED = { 'X-Requested-With': 'XMLHttpRequest' };

test('a newcomer applies, reads the confirmation in the outbox and follows its status link', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const base = outboxUrl();
  const list = jobOpeningListSchema.parse(
    await (
      await fetch(`${base}/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0`, {
        headers: FIXED,
      })
    ).json(),
  );
  const opening = list[0]!;

  const site = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const visitor = await site.newPage();
  await visitor.goto(`/careers/jobs/${opening.Job_id}`);
  await live(visitor);
  await visitor.getByRole('button', { name: 'Apply', exact: true }).click();
  const candidate: Applicant = {
    first: 'Olu',
    last: 'Newcomer',
    mobile: '5550107799',
    country: 'United States of America',
    state: 'Texas',
    city: 'Austin',
    email: `olu.newcomer.${Date.now().toString(36)}@example.com`,
  };
  await fillForm(visitor, candidate, {
    name: 'olu-newcomer.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithText('Olu Newcomer, support engineer'),
  });
  await dialogOf(visitor).getByRole('button', { name: 'Apply' }).click();
  // Storing an application (its resume checked) is slow work on a busy machine.
  await expect(visitor.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY })).toBeVisible({
    timeout: 30_000,
  });
  await site.close();

  const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/outbox', {
    baseURL: base,
    width: 1440,
  });
  await expect(admin.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(admin.getByText('No mail server is set')).toBeVisible();
  await expect(admin.getByText('SMTP_URL').first()).toBeVisible();
  const kept = admin.getByRole('table', { name: 'Kept mail' });
  const subject = `Your application for ${opening.JobTitle}`;
  // The sender keeps the mail within a poll or two (MAIL_POLL_MS=200).
  await expect
    .poll(
      async () => {
        await admin.reload();
        await live(admin);
        // Count once the list has loaded: a count while it loads would read none.
        await expect(admin.getByRole('heading', { level: 2, name: 'Kept mail' })).toBeVisible();
        return kept.getByRole('row', { name: new RegExp(candidate.email) }).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await kept
    .getByRole('row', { name: new RegExp(candidate.email) })
    .getByRole('link', { name: subject })
    .click();
  const mail = admin.getByRole('region', { name: subject });
  await expect(mail).toContainText(`Hello ${candidate.first},`);
  await expect(mail.getByRole('definition').first()).toHaveText(candidate.email);
  // The HTML is shown sandboxed: no script may run in it, and its links open a new tab.
  const framed = admin.locator('iframe[title^="The mail"]');
  await expect(framed).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  // axe's script cannot run in that frame: the page is scanned around it, the mail on its own.
  await expectNoViolations(admin, 'the outbox with a mail open', { exclude: 'iframe' });
  await expectNoViolationsInHtml(browser, (await framed.getAttribute('srcdoc'))!, 'the kept mail');
  await shoot(admin, 'outbox-mail');

  const frame = admin.frameLocator('iframe[title^="The mail"]');
  const statusLink = frame.getByRole('link', { name: /\/applications\// });
  await expect(statusLink).toBeVisible();
  const [statusPage] = await Promise.all([
    admin.context().waitForEvent('page'),
    statusLink.click(),
  ]);
  await statusPage.waitForLoadState();
  expect(statusPage.url()).toMatch(new RegExp(`^${base}/applications/[A-Za-z0-9_-]{43}$`));
  await expect(
    statusPage.getByRole('heading', { level: 1, name: applicantPageCopy.title }),
  ).toBeVisible();
  await expect(statusPage.locator('dl')).toContainText(opening.JobTitle);
  await expect(statusPage.locator('dl')).toContainText('Received');
});

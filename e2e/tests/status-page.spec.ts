import type { Browser, Page } from '@playwright/test';
import { APPLIED_SUCCESSFULLY, applicantPageCopy as copy } from '../../packages/contract/src/index';
import { adminApi } from '../support/admin-api';
import { ana, dialogOf, fillForm, type Applicant } from '../support/apply-dialog';
import { expectNoViolations, expectNoViolationsWithoutScripts } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { mailText, statusLinkFor, sunkMail } from '../support/smtp-sink';
import { expect, live, test } from '../support/fixtures';
import { pdfWithText } from '../../apps/server/src/test/files';
import { consoleUrl, signedIn } from '../support/console-sign-in';

/**
 * The applicant's own page (docs/careers.md, "Your application's own page"), on the console's
 * SQLite server, whose mail goes to the SMTP sink: apply, open the link the confirmation mail
 * carries, follow a recruiter's move there, withdraw, and see it in the console.
 */

async function newPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: consoleUrl(),
    viewport: { width: 1280, height: 900 },
    javaScriptEnabled,
  });
  return context.newPage();
}

async function applyTo(page: Page, code: string, title: string, who: Applicant) {
  await page.goto('/careers');
  await live(page);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${code} - ${title}` }) });
  await row.getByRole('button', { name: 'Easy Apply', exact: true }).click();
  await fillForm(page, who, {
    name: 'status-cv.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithText(`${who.first} ${who.last}`),
  });
  await dialogOf(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY })).toBeVisible();
}

test.describe("the applicant's own page", () => {
  test.describe.configure({ timeout: 150_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('apply, open the mailed link, see a recruiter’s move, withdraw; the console shows Withdrawn', async ({
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const code = `ST-${suffix}`.toUpperCase();
    const jobId = await adminApi(consoleUrl()).createOpening({
      JobCode: code,
      JobTitle: 'Status Page Analyst',
    });
    const who = { ...ana, email: `status.${suffix}@example.com` };
    const visitor = await newPage(browser);
    await applyTo(visitor, code, 'Status Page Analyst', who);

    const statusPath = await statusLinkFor(who.email, 'Status Page Analyst');
    await visitor.goto(statusPath);
    await live(visitor);
    await expect(visitor.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
    const summary = visitor.locator('dl');
    await expect(summary).toContainText('Status Page Analyst');
    await expect(summary).toContainText('Received');
    await expectNoViolations(visitor, 'the status page');

    // A recruiter moves the applicant to Interview in the console.
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/applicants');
    await admin.goto(`/recruiters/applicants?jobId=${jobId}`);
    await live(admin);
    await admin.getByRole('link', { name: `${who.first} ${who.last}` }).click();
    const stage = admin.getByRole('region', { name: 'Stage' });
    await stage.getByRole('radio', { name: 'Interview' }).check();
    await admin.getByRole('button', { name: 'Change stage' }).click();
    await expect(stage.getByRole('radio', { name: 'Interview' })).toBeChecked();
    await expect(admin.getByText(/Interview/).first()).toBeVisible();

    await visitor.reload();
    await live(visitor);
    await expect(summary).toContainText('Interviewing');

    // Withdraw, confirmed on a page of its own.
    await visitor.getByRole('link', { name: 'Withdraw…' }).click();
    await expect(
      visitor.getByRole('heading', { level: 1, name: copy.withdrawTitle }),
    ).toBeVisible();
    await expectNoViolations(visitor, 'the withdrawal’s confirmation');
    await visitor.getByLabel(copy.withdrawConfirm).check();
    await visitor.getByRole('button', { name: 'Withdraw my application' }).click();
    await expect(visitor.getByRole('status')).toHaveText(copy.withdrawn);
    await expect(summary).toContainText('Closed');
    await expectNoViolations(visitor, 'the status page after withdrawing');

    // The console shows Withdrawn, by the applicant.
    await admin.reload();
    await live(admin);
    await expect(admin.getByRole('region', { name: 'Stage' })).toContainText('Withdrawn');
    await admin.goto(`/recruiters/applicants?jobId=${jobId}`);
    await live(admin);
    await expect(admin.getByRole('row').filter({ hasText: who.email })).toContainText('Withdrawn');
  });

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });

    test('the status page, a withdrawal and the re-send form work as plain pages', async ({
      browser,
    }) => {
      const suffix = Date.now().toString(36);
      const code = `SN-${suffix}`.toUpperCase();
      await adminApi(consoleUrl()).createOpening({ JobCode: code, JobTitle: 'No Script Analyst' });
      const who = { ...ana, email: `noscript.${suffix}@example.com` };
      await applyTo(await newPage(browser), code, 'No Script Analyst', who);
      const statusPath = await statusLinkFor(who.email, 'No Script Analyst');

      const page = await newPage(browser, false);
      await page.goto(statusPath);
      await expect(page.locator('dl')).toContainText('Received');
      await expectNoViolationsWithoutScripts(page, 'the status page without scripts');
      await page.getByRole('link', { name: 'Withdraw…' }).click();
      await page.getByLabel(copy.withdrawConfirm).check();
      await page.getByRole('button', { name: 'Withdraw my application' }).click();
      await expect(page.getByRole('status')).toHaveText(copy.withdrawn);

      // The re-send form: a wrong address keeps what was typed; a right one, the same answer
      // as for any address, and the mail with a new link arrives.
      await page.goto('/applications');
      await expectNoViolationsWithoutScripts(page, 'the re-send form');
      await page.getByLabel('E-mail address').fill(who.email);
      await page.getByRole('button', { name: 'Send me my links' }).click();
      await expect(page.getByRole('status')).toHaveText(copy.linksSent);
      await expectNoViolationsWithoutScripts(page, 'the re-send answer');
      await expect
        .poll(
          () =>
            sunkMail().some(
              (mail) =>
                mail.to.includes(who.email) &&
                mailText(mail.raw).includes('The links to your applications'),
            ),
          { timeout: 30_000 },
        )
        .toBe(true);

      // An unknown link: says so and offers the form.
      await page.goto(`/applications/${'Z'.repeat(43)}`);
      await expect(page.getByRole('heading', { level: 1, name: copy.unknownTitle })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send me my links' })).toBeVisible();
      await expectNoViolationsWithoutScripts(page, 'an unknown link');
    });
  });
});

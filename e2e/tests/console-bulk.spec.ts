import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, test } from '../support/fixtures';
import { inLetters, seedApplicants, seededFirstName } from '../support/seed-applicants';
import { shoot } from '../support/shots';

/**
 * Bulk actions on the applicants list (docs/recruiters.md, "Bulk actions"): 200 applicants
 * selected as all that match, moved to Screening and put back in New by Undo; two rejected
 * with a reason. The server suite runs the API on both engines; this is the SQLite console server.
 */

test.describe('bulk actions', () => {
  test.describe.configure({ timeout: 240_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('select all 200 matching, move them to Screening, undo; reject two with a reason', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const lastName = `Bulk${inLetters(Date.now() % 1e9)}`;
    const jobId = await adminApi(base).createOpening({
      JobCode: `BULK-${suffix}`.slice(0, 20),
      JobTitle: 'Support Engineer',
    });
    await seedApplicants(base, jobId, 200, lastName);
    const reasonLabel = `Role filled ${suffix}`;

    const page = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/messages');
    const reasons = page.getByRole('region', { name: 'Rejection reasons' });
    await reasons.getByLabel('New reason').fill(reasonLabel);
    await reasons.getByRole('button', { name: 'Add reason' }).click();
    await expect(page.getByText(`“${reasonLabel}” is added.`)).toBeVisible();

    await page.goto(`/recruiters/applicants?q=${lastName}`);
    await expect(page.getByText('200 applicants', { exact: true })).toBeVisible();
    // The pager's links name the row their page starts from: after page 1's last, and back
    // before page 2's first, to the same rows.
    const table = page.getByRole('table', { name: 'Applicants, newest first' });
    const firstName = () => table.getByRole('row').nth(1).getByRole('link').first().textContent();
    const pageOne = await firstName();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2&after=\d+/);
    await expect(page.getByText('Page 2 of 4')).toBeVisible();
    expect(await firstName()).not.toBe(pageOne);
    await shoot(page, 'applicants-page-2');
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/[?&]before=\d+/);
    await expect(page.getByText('Page 1 of 4')).toBeVisible();
    expect(await firstName()).toBe(pageOne);
    await expectNoViolations(page, 'the list paged back from a row');
    await page.goto(`/recruiters/applicants?q=${lastName}`);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('50 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Select all 200 matching applicants' }).click();
    await expect(bar.getByText('200 selected')).toBeVisible();
    await expectNoViolations(page, 'the bulk bar with 200 selected');

    await bar.getByLabel('Move to stage').selectOption('Screening');
    await bar.getByRole('button', { name: 'Move' }).click();
    await expect(bar.getByText('Moved 200 applicants to Screening.')).toBeVisible({
      timeout: 30_000,
    });
    // The list shows the move; Undo (within its 10 s) puts every one of them back in New.
    const rows = page.getByRole('table', { name: 'Applicants, newest first' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Screening');
    await bar.getByRole('button', { name: 'Undo' }).click();
    await expect(bar.getByText('Undone: 200 applicants back where they were.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(bar.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(rows.nth(1)).toContainText('New');
    await expectNoViolations(page, 'the bulk bar after an undo');
    await page.goto(`/recruiters/applicants?q=${lastName}&stage=New`);
    await expect(page.getByText('200 applicants', { exact: true })).toBeVisible();

    // Two rejected with a reason: required first, then given.
    const rejectTwo = async (first: boolean) => {
      for (const index of [199, 198]) {
        await page
          .getByRole('checkbox', {
            name: `Select ${seededFirstName(index)} ${lastName}`,
            exact: true,
          })
          .check();
      }
      await expect(bar.getByText('2 selected')).toBeVisible();
      await bar.getByRole('button', { name: 'Reject…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject 2 applicants?' });
      if (first) {
        await dialog.getByRole('button', { name: 'Reject 2 applicants' }).click();
        await expect(dialog.getByText('Choose a reason.')).toBeVisible();
        await expectNoViolations(page, 'the bulk rejection without a reason');
      }
      await dialog.getByLabel('Reason').selectOption({ label: reasonLabel });
      await dialog.getByRole('button', { name: 'Reject 2 applicants' }).click();
      await expect(bar.getByText('Rejected 2 applicants.')).toBeVisible({ timeout: 30_000 });
      await expect(bar.getByRole('button', { name: 'Undo' })).toBeVisible();
    };
    const reasonItem = reasons.getByRole('listitem').filter({ hasText: reasonLabel });
    await rejectTwo(true);
    await expectNoViolations(page, 'the bulk bar after a rejection, with its Undo');

    // Undone, the rejections no longer count: the reason reads as unused and can be removed.
    await bar.getByRole('button', { name: 'Undo' }).click();
    await expect(bar.getByText('Undone: 2 applicants back where they were.')).toBeVisible({
      timeout: 30_000,
    });
    await page.goto('/recruiters/messages');
    await expect(reasonItem).toContainText('No applicants rejected with it');
    await expect(reasonItem.getByRole('button', { name: `Remove ${reasonLabel}` })).toBeVisible();

    // Rejected again, they stand: counted, and the reason can only be retired.
    await page.goto(`/recruiters/applicants?q=${lastName}&stage=New`);
    await rejectTwo(false);
    await page.goto('/recruiters/messages');
    await expect(reasonItem).toContainText('2 applicants rejected with it');
    await expect(reasonItem.getByRole('button', { name: `Remove ${reasonLabel}` })).toHaveCount(0);
    await page.goto(`/recruiters/applicants?q=${lastName}&stage=Rejected`);
    await expect(page.getByText('2 applicants', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('link', { name: `${seededFirstName(199)} ${lastName}`, exact: true }),
    ).toBeVisible();
  });
});

import {
  startingReasons,
  startingTemplates,
} from '../../apps/server/src/domains/messages/starting-content';
import { adminApi } from '../support/admin-api';
import { applicationBody, pageWrite, pageWriteHeaders } from '../support/applications';
import { expectNoViolations } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, test } from '../support/fixtures';
import { inLetters } from '../support/seed-applicants';

/**
 * A recruiter's first day on a new installation (docs/recruiters.md): the first rejection
 * offers the starting reasons and templates, and a mobile number typed any way finds its
 * applicant. Against the SQLite console server, which starts as a new installation does.
 */
test.describe('the first day', () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('the first rejection offers the starting reasons and templates; a number finds its applicant', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const lastName = `First${inLetters(Date.now() % 1e9)}`;
    const jobId = await adminApi(base).createOpening({
      JobCode: `FIRST-${suffix}`.toUpperCase().slice(0, 20),
      JobTitle: 'Service Desk Analyst',
    });
    // A Denver number, written as people write it; stored in E.164.
    const local = `(303) 555-${String(Date.now() % 10_000).padStart(4, '0')}`;
    const applied = await pageWrite(
      base,
      `/Jobs/SaveApplicantDetail?jobID=${jobId}`,
      applicationBody(
        {
          FirstName: 'Noor',
          LastName: lastName,
          Email: `noor.${suffix}@example.com`,
          MobileNumber: local,
          City: 'Denver',
        },
        'Noor’s resume',
      ),
      await pageWriteHeaders(base),
    );
    expect(applied.status).toBe(201);

    // Searched by the number in its international form, the list finds them.
    const page = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/applicants');
    const international = `+1 ${local.replace(/[()]/g, '').replace('-', ' ')}`;
    await page.getByLabel('Search').fill(international);
    const row = page.getByRole('link', { name: `Noor ${lastName}`, exact: true });
    await expect(row).toBeVisible();
    await expect(page.getByText('1 applicant', { exact: true })).toBeVisible();
    await expectNoViolations(page, 'the applicants list searched by a mobile number');

    // Their page: the first Reject has reasons and templates to give.
    await row.click();
    await page.getByRole('button', { name: 'Reject…' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject Noor ${lastName}?` });
    const offered = async (label: string) =>
      dialog
        .getByLabel(label)
        .locator('option')
        .evaluateAll((options) => options.map((option) => option.textContent?.trim()));
    // The choices load after the dialog opens: wait for them.
    await expect
      .poll(() => offered('Reason'))
      .toEqual(expect.arrayContaining([...startingReasons]));
    await expect
      .poll(() => offered('Rejection mail'))
      .toEqual(expect.arrayContaining(startingTemplates.map((template) => template.name)));
    await expectNoViolations(page, 'the first rejection, with the starting content');
  });
});

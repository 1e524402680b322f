import { pdfWithText } from '../../apps/server/src/test/files';
import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shots';

/**
 * A recruiter adds a candidate by hand (docs/recruiters.md, "Adding a candidate"): from the
 * opening's applicants list, the form refused whole with every field's sentence, then sent with
 * a resume and a named source; it lands on the new applicant's page, the source credited and
 * the note kept. Against the SQLite console server (the server suite covers both engines).
 */
test.describe('adding a candidate by hand', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('refused with every sentence, then added with a resume: the applicant page', async ({
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const code = `E2E-ADD-${suffix}`.toUpperCase();
    const title = `Referral Analyst ${suffix}`;
    const sourceName = `Referral ${suffix}`;
    const jobId = await adminApi(consoleUrl()).createOpening({ JobCode: code, JobTitle: title });

    // The source the candidate came through, named on the Sources screen.
    const page = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/sources');
    const newSource = page.getByRole('region', { name: 'New source' });
    await newSource.getByLabel('Name').fill(sourceName);
    await newSource.getByLabel('Kind').selectOption({ label: 'Referral' });
    await newSource.getByRole('button', { name: 'Add source' }).click();
    await expect(page.getByText(`“${sourceName}” is added.`)).toBeVisible();

    await page.goto(`/recruiters/applicants?jobId=${jobId}`);
    await page.getByRole('link', { name: 'Add candidate' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Add candidate · ${code} · ${title}` }),
    ).toBeVisible();
    const mail = page.getByLabel('Send the candidate the confirmation e-mail');
    await expect(mail).not.toBeChecked();
    await expectNoViolations(page, 'the add-candidate form');
    await shoot(page, 'add-candidate-empty');

    // Sent empty: every refusal at once, in a summary and beside its field.
    await page.getByRole('button', { name: 'Add candidate' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'The candidate was not added' });
    await expect(summary).toBeVisible();
    for (const sentence of [
      'Please select your Resume.',
      'Please enter a valid First Name (only characters).',
      'Please choose where the candidate came from.',
    ]) {
      await expect(summary.getByRole('link', { name: sentence })).toBeVisible();
    }
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'the add-candidate form with its errors');
    await shoot(page, 'add-candidate-errors');

    await page.getByLabel('First name').fill('Asha');
    await page.getByLabel('Last name').fill('Rao');
    await page.getByLabel('E-mail', { exact: true }).fill(`asha.${suffix}@example.com`);
    await page.getByLabel('Mobile number').fill('5550101234');
    await page.getByLabel('Country').selectOption({ label: 'United States of America' });
    await expect(page.getByLabel('State').locator('option', { hasText: 'Texas' })).toHaveCount(1);
    await page.getByLabel('State').selectOption({ label: 'Texas' });
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('Resume').setInputFiles({
      name: 'asha-rao.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWithText('Asha Rao, analyst'),
    });
    await page.getByLabel('Source', { exact: true }).selectOption({ label: sourceName });
    await page.getByLabel('Note').fill('Referred by Priya Raman from the data team');
    await page.getByRole('button', { name: 'Add candidate' }).click();

    await expect(page).toHaveURL(/\/recruiters\/applicants\/\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: /Asha Rao/ })).toBeVisible();
    await expect(page.getByText(`${sourceName} (added by a recruiter)`)).toBeVisible();
    // The note, in the notes and in the timeline.
    await expect(
      page.getByText('Referred by Priya Raman from the data team').first(),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Download PDF/ })).toBeVisible();
    await expectNoViolations(page, 'the applicant added by hand');
    await shoot(page, 'add-candidate-applicant');
  });
});

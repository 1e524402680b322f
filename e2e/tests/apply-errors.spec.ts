import type { Page } from '@playwright/test';
import { applicationMessages as m } from '../../packages/contract/src/index';
import { adminApi } from '../support/admin-api';
import { ana, dialogOf, expectErrorSummary, fillForm } from '../support/apply-dialog';
import { expectNoViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { shootScreen } from '../support/shots';
import { pdfWithText } from '../../apps/server/src/test/files';

/*
 * The apply dialog lists every failure of a submit at once (docs/careers.md): in a summary atop
 * the form that takes focus, in the rules' order, each a link to its field and each also beside
 * its field; the server's field errors come back to the same summary.
 */

const label = (name: string) => new RegExp(`^${name}\\b`, 'i');

/** A fresh opening's page with its apply dialog open; the opening's id. */
async function openDialog(page: Page, baseURL: string, code: string) {
  const admin = adminApi(baseURL);
  const jobId = await admin.createOpening({
    JobCode: `E2E-ERRORS-${code}-${Date.now().toString(36)}-${process.pid}`.toUpperCase(),
    JobTitle: 'Support Engineer',
  });
  await page.goto(`/careers/jobs/${jobId}`);
  await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
  return { admin, jobId };
}

// On a wide screen and a phone's (where the dialog fills the screen and its footer is sticky).
for (const width of [1440, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('six mistakes: six errors at once in the rules’ order, focus on the summary', async ({
      page,
      baseURL,
    }) => {
      const { admin, jobId } = await openDialog(page, baseURL!, String(width));
      const dialog = dialogOf(page);
      const field = (name: string) => dialog.getByLabel(label(name));

      // No resume, digits in the first name, a bad e-mail, five digits, no country (so no state).
      await field('First Name').fill('Ana2');
      await field('Last Name').fill('Okafor');
      await field('Mobile Number').fill('55501');
      await field('City').fill('Austin');
      await field('Email').fill('ana.okafor@example');
      await dialog.getByRole('button', { name: 'Apply', exact: true }).click();

      const failures: [string, string][] = [
        [m.resumeMissing, 'Resume'],
        [m.firstName, 'First Name'],
        [m.email, 'Email'],
        [m.mobile, 'Mobile Number'],
        [m.country, 'Country'],
        [m.state, 'State'],
      ];
      const summary = await expectErrorSummary(
        dialog,
        failures.map(([message]) => message),
      );
      for (const [message, name] of failures) {
        await expect(field(name)).toHaveAttribute('aria-invalid', 'true');
        await expect(field(name)).toHaveAccessibleDescription(new RegExp(`^${escape(message)}`));
      }
      await expect(field('Last Name')).not.toHaveAttribute('aria-invalid');
      await expectNoViolations(page, 'the apply dialog with six errors');
      await shootScreen(page, 'apply-dialog-six-errors');

      // Each link leads to its field.
      await summary.getByRole('link', { name: m.email }).click();
      await expect(field('Email')).toBeFocused();
      await summary.getByRole('link', { name: m.country }).press('Enter');
      await expect(field('Country')).toBeFocused();
      expect(await admin.applicants(jobId)).toHaveLength(0);
    });
  });
}

test('the server’s field errors after sending are listed all at once too', async ({
  page,
  baseURL,
}) => {
  await openDialog(page, baseURL!, 'server');
  const dialog = dialogOf(page);
  const field = (name: string) => dialog.getByLabel(label(name));
  await fillForm(page, ana, {
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithText('Ana'),
  });
  // The server refuses two fields at once (as after a change of its rules the page missed).
  await page.route('**/api/openings/*/applications', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The application has errors.',
        errors: [
          { field: 'lastName', message: m.lastName },
          { field: 'city', message: m.city },
        ],
      }),
    }),
  );
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  await expectErrorSummary(dialog, [m.lastName, m.city]);
  await expect(field('Last Name')).toHaveAccessibleDescription(m.lastName);
  await expect(field('City')).toHaveAccessibleDescription(m.city);
  await expect(field('Last Name')).toHaveValue(ana.last);
  await expectNoViolations(page, 'the apply dialog with the server’s errors');
});

/** `text` matched literally in a RegExp. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

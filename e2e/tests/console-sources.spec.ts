import type { Browser, Page } from '@playwright/test';
import { APPLIED_SUCCESSFULLY } from '../../packages/contract/src/index';
import { pdfWithText } from '../../apps/server/src/test/files';
import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { ana, dialogOf, fillForm } from '../support/apply-dialog';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';

/**
 * Sources (docs/recruiters.md, "Sources"): an admin adds a source and a tracking link for an
 * opening; a visitor follows the link and applies, another arrives with `?utm_source=` on the
 * careers list, spelling the source its own way, and applies; the recruiter reads each
 * applicant's credited source: the same one. Against the
 * SQLite console server (the server suite covers both engines).
 */

/** A visitor of their own (no console session, no earlier visit). */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: consoleUrl() });
  return context.newPage();
}

/** Applies through the opening page's dialog, as a visitor with scripts does. */
async function applyOnJobPage(page: Page, email: string) {
  await live(page);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await fillForm(
    page,
    { ...ana, email, referredBy: 'A friend' },
    { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdfWithText('A resume') },
  );
  await dialogOf(page).getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY })).toBeVisible({
    timeout: 20_000,
  });
}

test.describe('sources and tracking links', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('a source and a link for an opening; applicants credited through the link and through utm_source', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const sourceName = `LinkedIn ${suffix}`;
    const code = `E2E-SRC-${suffix}`.toUpperCase();
    const title = `Sourcing Analyst ${suffix}`;
    const api = adminApi(base);
    const jobId = await api.createOpening({ JobCode: code, JobTitle: title });

    // The admin adds the source (a blank name is refused first, the kind kept) and a link.
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/sources');
    await expect(admin.getByRole('heading', { level: 1, name: 'Sources' })).toBeVisible();
    const form = admin.getByRole('region', { name: 'New source' });
    await form.getByLabel('Kind').selectOption({ label: 'Social' });
    await form.getByRole('button', { name: 'Add source' }).click();
    await expect(form.getByLabel('Name')).toBeFocused();
    await expect(form.getByText('Please give the source a name.')).toBeVisible();
    await expect(form.getByLabel('Kind')).toHaveValue('social');
    await form.getByLabel('Name').fill(sourceName);
    await form.getByRole('button', { name: 'Add source' }).click();
    await expect(admin.getByText(`“${sourceName}” is added.`)).toBeVisible();

    const card = admin.getByRole('region', { name: sourceName });
    await card.getByLabel('Lands on').selectOption({ label: `${code} · ${title}` });
    await card.getByRole('button', { name: `Make link for ${sourceName}` }).click();
    const row = card.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    const link = (await row.locator('code').textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${base}/r/[A-Za-z0-9_-]+$`));
    await expectNoViolations(admin, 'the Sources screen with a link');

    // A visitor follows the link: it lands on the opening, and their application is credited.
    const first = await visitor(browser);
    await first.goto(link);
    await expect(first).toHaveURL(new RegExp(`/careers/jobs/${jobId}\\?src=`));
    const linkedMail = `linked.${suffix}@example.com`;
    await applyOnJobPage(first, linkedMail);

    // Another arrives on the careers list with a utm_source spelling the source its own way
    // ("linkedin_<suffix>"), reads the opening, applies.
    const second = await visitor(browser);
    await second.goto(`/careers?utm_source=linkedin_${suffix}&utm_medium=email`);
    await live(second);
    await second.goto(`/careers/jobs/${jobId}`);
    const utmMail = `utm.${suffix}@example.com`;
    await applyOnJobPage(second, utmMail);

    const applicants = await api.applicants(jobId);
    const idOf = (email: string) => applicants.find((a) => a.Email === email)!.ApplicantID;

    // The recruiter reads where each came from; the raw values are behind a toggle.
    await admin.goto(`/recruiters/applicants/${idOf(linkedMail)}`);
    const source = admin.getByRole('definition').filter({ hasText: 'tracking link' });
    await expect(source).toContainText(`${sourceName} (tracking link)`);
    await admin.getByText('What the visit carried').click();
    await expect(source).toContainText('src');
    await expectNoViolations(admin, 'an applicant credited through a tracking link');

    await admin.goto(`/recruiters/applicants/${idOf(utmMail)}`);
    // The UTM value is joined to the source it names, under the source's own name.
    await expect(admin.getByRole('definition').filter({ hasText: '(UTM)' })).toContainText(
      `${sourceName} (UTM)`,
    );

    // The list filters by source; the Sources screen counts both applicants credited.
    await admin.goto(`/recruiters/applicants?source=${encodeURIComponent(sourceName)}`);
    await expect(admin.getByText(linkedMail)).toBeVisible();
    await expect(admin.getByText(utmMail)).toBeVisible();
    await admin.goto('/recruiters/sources');
    await expect(admin.getByRole('region', { name: sourceName })).toContainText(
      '2 applicants credited',
    );
  });
});

import type { Locator } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, test } from '../support/fixtures';

/**
 * Walking applicants in the console (docs/recruiters.md, "Next and previous", "Keyboard
 * shortcuts"): filters apply as they change, the applicant's page walks the list it came from
 * and says which, its keys and their help dialog, the resume beside the stage on a wide screen,
 * and the audit log's links. The console's own behaviour: the SQLite console server.
 */

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not shown');
  return found;
};

test.describe('walking applicants in the console', () => {
  test.describe.configure({ timeout: 150_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('filters apply on change; back, next and j/k walk one list; ? lists the keys; the resume sits beside the stage; the audit log links', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const title = `Walk Analyst ${suffix}`;
    const code = `E2E-WLK-${suffix}`.toUpperCase();
    const jobId = await adminApi(base).createOpening({ JobCode: code, JobTitle: title });
    const otherId = await adminApi(base).createOpening({
      JobCode: `E2E-WLO-${suffix}`.toUpperCase(),
      JobTitle: `Walk Other ${suffix}`,
    });
    for (const first of ['Ann', 'Bea', 'Cyd']) {
      await apply(base, jobId, first, `${first}.${suffix}@example.com`.toLowerCase(), 'Walker');
    }
    await apply(base, otherId, 'Dov', `dov.${suffix}@example.com`, 'Walker');

    const page = await signedIn(browser, CONSOLE_ADMIN, `/recruiters/applicants?jobId=${jobId}`, {
      width: 1440,
    });
    const names = page.getByRole('table').locator('tbody').getByRole('link');
    await expect(names).toHaveText(['Cyd Walker', 'Bea Walker', 'Ann Walker']);

    // Filters: no button; a choice applies at once, words once the typing pauses.
    await expect(page.getByRole('button', { name: 'Apply filters' })).toHaveCount(0);
    await page.getByLabel('Sort').selectOption({ label: 'Name, A to Z' });
    await expect(page).toHaveURL(new RegExp(`jobId=${jobId}&sort=name$`));
    await expect(names).toHaveText(['Ann Walker', 'Bea Walker', 'Cyd Walker']);
    await page.getByLabel('Search').pressSequentially('bea');
    await expect(page).toHaveURL(/q=bea/);
    await expect(names).toHaveText(['Bea Walker']);
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Search').press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?jobId=${jobId}&sort=name$`));
    await expect(names).toHaveText(['Ann Walker', 'Bea Walker', 'Cyd Walker']);
    await expectNoViolations(page, 'the applicants list, filters applying on change');

    // The skip link: past the filters and the headings to the first applicant.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the first applicant' });
    await skip.focus();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(names.first()).toBeFocused();

    // The applicant's page walks that opening's list, and its back link names it.
    await names.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ann Walker' })).toBeVisible();
    const walk = page.getByRole('navigation', { name: 'Applicants in this list' });
    await expect(walk).toContainText('1 of 3');
    const back = page.getByRole('link', { name: `← Applicants for ${code} · ${title}` });
    await expect(back).toHaveAttribute('href', `/recruiters/applicants?jobId=${jobId}&sort=name`);

    // The resume's top is in the first screen, right of the stage panel.
    const resume = page.getByRole('region', { name: 'Resume', exact: true });
    const stage = page.getByRole('region', { name: 'Stage', exact: true });
    await expect(resume.locator('canvas, img').first()).toBeVisible({ timeout: 20_000 });
    const wideResume = await box(resume);
    const wideStage = await box(stage);
    expect(wideResume.y).toBeLessThan(900);
    expect(wideResume.x).toBeGreaterThanOrEqual(wideStage.x + wideStage.width);
    await expectNoViolations(page, "an applicant's page, the resume beside the stage");

    // Keys: j next, k previous, s the stage, n the note.
    await page.keyboard.press('j');
    await expect(page.getByRole('heading', { level: 1, name: 'Bea Walker' })).toBeVisible();
    await expect(walk).toContainText('2 of 3');
    await page.keyboard.press('j');
    await expect(page.getByRole('heading', { level: 1, name: 'Cyd Walker' })).toBeVisible();
    await expect(walk).toContainText('Last in the list');
    await page.keyboard.press('k');
    await expect(page.getByRole('heading', { level: 1, name: 'Bea Walker' })).toBeVisible();
    await page.keyboard.press('s');
    await expect(stage.getByRole('radio', { name: 'New' })).toBeFocused();
    // Inside a field a key is the field's.
    await page.keyboard.press('j');
    await expect(page.getByRole('heading', { level: 1, name: 'Bea Walker' })).toBeVisible();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('n');
    const note = page.getByRole('textbox', { name: 'Note' });
    await expect(note).toBeFocused();
    await expect(note).toHaveValue('');
    await page.keyboard.type('jk');
    await expect(note).toHaveValue('jk');
    await expect(page).toHaveURL(/\/recruiters\/applicants\/\d+\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bea Walker' })).toBeVisible();

    // ? opens the help; Escape closes it and the focus goes back.
    const opener = page.getByRole('button', { name: /Keyboard shortcuts/ });
    await opener.focus();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Next applicant in the list');
    await expectNoViolations(page, 'the keyboard shortcuts dialog');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(opener).toBeFocused();

    // On a phone the resume follows the stage and the actions, one column.
    await page.setViewportSize({ width: 390, height: 844 });
    const narrowResume = await box(resume);
    const narrowStage = await box(stage);
    expect(narrowResume.y).toBeGreaterThan(narrowStage.y + narrowStage.height);
    expect(Math.abs(narrowResume.x - narrowStage.x)).toBeLessThan(2);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back to the list it came from.
    const viewedId = new URL(page.url()).pathname.split('/').pop();
    await back.click();
    await expect(page).toHaveURL(new RegExp(`jobId=${jobId}&sort=name$`));

    // The audit log links the applicant viewed, the opening and the user. (Other tests view
    // applicants on this server meanwhile: the row is this one's, not the latest.)
    await page.goto('/recruiters/audit?action=applicant-view');
    const log = page.getByRole('table');
    const viewed = log.getByRole('link', { name: `Applicant ${viewedId}`, exact: true }).first();
    await expect(viewed).toBeVisible();
    await expectNoViolations(page, 'the audit log with links');
    await viewed.click();
    await expect(page.getByRole('heading', { level: 1, name: /Walker$/ })).toBeVisible();
    // Opened from the log, the page walks every applicant, and says so.
    await expect(page.getByRole('link', { name: '← All applicants' })).toBeVisible();
  });
});

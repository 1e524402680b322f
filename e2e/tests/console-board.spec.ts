import type { Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';

/**
 * The pipeline at a glance (docs/recruiters.md, "The board", "Sorting", "Next and previous"):
 * a recruiter moves one card by pointer and another by keyboard, a refused move says why, the
 * applicants list sorts by name and an applicant's page walks the list it was opened from. The
 * console's own behaviour, the same on either engine (the server suite runs the board and sort
 * queries on both), so it runs against the SQLite console server.
 */

const column = (page: Page, stage: string) =>
  page.getByRole('region', { name: new RegExp(`^${stage} \\d+ applicants?$`) });
const heading = (page: Page, stage: string, count: number) =>
  page.getByRole('heading', {
    name: `${stage} ${count} ${count === 1 ? 'applicant' : 'applicants'}`,
  });
const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('the pipeline at a glance', () => {
  test.describe.configure({ timeout: 150_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('a card moved by pointer and one by keyboard, counts in place, a refused move says why; the list sorts by name and next/previous walk it', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const title = `Board Analyst ${suffix}`;
    const jobId = await adminApi(base).createOpening({
      JobCode: `E2E-BRD-${suffix}`.toUpperCase(),
      JobTitle: title,
    });
    // Applied in this order, so newest first and by name differ.
    for (const [first, last] of [
      ['Ada', 'Zimmer'],
      ['Ben', 'Young'],
      ['Cleo', 'Adams'],
      ['Dev', 'Brown'],
    ] as const) {
      await apply(base, jobId, first, `${first}.${suffix}@example.com`.toLowerCase(), last);
    }

    // From the openings list to the opening's board.
    const page = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/openings', { width: 1440 });
    await page.getByRole('link', { name: `Board of ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(title));
    await expect(heading(page, 'New', 4)).toBeVisible();
    await expect(heading(page, 'Screening', 0)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Withdrawn/ })).toHaveCount(0);
    await expect(column(page, 'New').getByRole('link')).toHaveText([
      'Dev Brown',
      'Cleo Adams',
      'Ben Young',
      'Ada Zimmer',
    ]);
    await expectNoViolations(page, 'the board');

    // By pointer: Ada to Screening. While dragging, where she may not go says so.
    const ada = card(page, 'Ada Zimmer');
    await ada.hover();
    await page.mouse.down();
    await column(page, 'Hired').hover();
    await column(page, 'Hired').hover({ position: { x: 40, y: 60 } });
    await expect(column(page, 'Hired')).toContainText(
      'Not allowed: Only an applicant in Offer can be hired; this one is in New.',
    );
    await column(page, 'Screening').hover();
    await column(page, 'Screening').hover({ position: { x: 40, y: 60 } });
    await page.mouse.up();
    await expect(heading(page, 'Screening', 1)).toBeVisible();
    await expect(heading(page, 'New', 3)).toBeVisible();
    await expect(column(page, 'Screening').getByRole('link', { name: 'Ada Zimmer' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText(
      'Ada Zimmer moved to Screening. Screening now has 1 applicant.',
    );

    // By keyboard: Ben to Interview through his "Move to…" list.
    const move = page.getByRole('button', { name: 'Move Ben Young to…' });
    await move.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Screening', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'Interview', exact: true })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Hired · not allowed' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expectNoViolations(page, "the board with a card's Move to… list open");
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Interview', 1)).toBeVisible();
    await expect(heading(page, 'New', 2)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move Ben Young to…' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'moved' })).toHaveText(
      'Ben Young moved to Interview. Interview now has 1 applicant.',
    );

    // A refused move: Cleo dropped on Hired stays in New, and her card says why.
    await card(page, 'Cleo Adams').dragTo(column(page, 'Hired'));
    await expect(card(page, 'Cleo Adams')).toContainText(
      'Only an applicant in Offer can be hired; this one is in New.',
    );
    await expect(heading(page, 'New', 2)).toBeVisible();
    await expect(heading(page, 'Hired', 0)).toBeVisible();
    await expectNoViolations(page, 'the board with a refused move on a card');

    // The moves were the server's: a reload shows the same columns.
    await page.reload();
    await live(page);
    await expect(heading(page, 'Screening', 1)).toBeVisible();
    await expect(heading(page, 'Interview', 1)).toBeVisible();
    await expect(heading(page, 'New', 2)).toBeVisible();

    // The applicants list of the opening, sorted by name with its heading.
    await page.getByRole('link', { name: 'Applicants list' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(title));
    const names = page.getByRole('table').locator('tbody').getByRole('link');
    await expect(names).toHaveText(['Dev Brown', 'Cleo Adams', 'Ben Young', 'Ada Zimmer']);
    await page.getByRole('columnheader', { name: /Name/ }).getByRole('link').click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(names).toHaveText(['Cleo Adams', 'Dev Brown', 'Ben Young', 'Ada Zimmer']);
    await expectNoViolations(page, 'the applicants list sorted by name');
    await page.getByRole('columnheader', { name: /Name/ }).getByRole('link').click();
    await expect(page).toHaveURL(/sort=-name/);
    await expect(names).toHaveText(['Ada Zimmer', 'Ben Young', 'Dev Brown', 'Cleo Adams']);
    await page.getByRole('columnheader', { name: /Name/ }).getByRole('link').click();
    await expect(names).toHaveText(['Cleo Adams', 'Dev Brown', 'Ben Young', 'Ada Zimmer']);

    // Next and previous walk the list in that order.
    await names.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cleo Adams' })).toBeVisible();
    const walk = page.getByRole('navigation', { name: 'Applicants in this list' });
    await expect(walk).toContainText('1 of 4');
    await expect(walk).toContainText('First in the list');
    await expectNoViolations(page, "an applicant's page with next and previous");
    await walk.getByRole('link', { name: 'Next applicant →' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Brown' })).toBeVisible();
    await walk.getByRole('link', { name: 'Next applicant →' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ben Young' })).toBeVisible();
    await expect(walk).toContainText('3 of 4');
    await walk.getByRole('link', { name: '← Previous applicant' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Brown' })).toBeVisible();

    // Filtered to New: only the two still there, and the walk stays inside the filter.
    await page.goto(`/recruiters/applicants?jobId=${jobId}&stage=New&sort=name`);
    await live(page);
    await expect(names).toHaveText(['Cleo Adams', 'Dev Brown']);
    await names.first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cleo Adams' })).toBeVisible();
    await walk.getByRole('link', { name: 'Next applicant →' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dev Brown' })).toBeVisible();
    await expect(walk).toContainText('2 of 2');
    await expect(walk).toContainText('Last in the list');
    // The back link names that list: the opening's, filtered.
    await page
      .getByRole('link', {
        name: `← Applicants for ${`E2E-BRD-${suffix}`.toUpperCase()} · ${title} (filtered)`,
      })
      .click();
    await expect(page).toHaveURL(new RegExp(`jobId=${jobId}&stage=New&sort=name$`));
  });
});

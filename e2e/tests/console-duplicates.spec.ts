import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { expectNoViolations } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { inLetters } from '../support/seed-applicants';
import { shoot } from '../support/shots';

/**
 * Duplicates (docs/recruiters.md, "Duplicates"): the same person applies to two openings; the
 * recruiter sees both rows flagged, merges them on the applicant's page, sees one person, and
 * undoes the merge; then says a third is not the same person. The server suite runs the API on
 * both engines; this is the SQLite console server. Screenshots at 1440 and 390 px go to
 * SHOTS_DIR when it is set.
 */

test.describe('duplicates', () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('two applications by one person are flagged, merged as one person, and the merge undone', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const lastName = `Dupe${inLetters(Date.now() % 1e9)}`;
    const api = adminApi(base);
    const first = await api.createOpening({
      JobCode: `DUPA-${suffix}`.slice(0, 20),
      JobTitle: 'Data Engineer',
    });
    const second = await api.createOpening({
      JobCode: `DUPB-${suffix}`.slice(0, 20),
      JobTitle: 'Platform Engineer',
    });
    const address = `ana.${suffix}@example.com`;
    // A first name of this run's own: the resume's bytes carry it (support/applications.ts).
    const ana = `Ana${inLetters(Date.now() % 1e6).toLowerCase()}`;
    const name = `${ana} ${lastName}`;
    // The same person, the address written differently, the same resume: a match by both.
    const earlier = await apply(base, first, ana, address, lastName);
    const later = await apply(base, second, ana, address.toUpperCase(), lastName);
    // Someone else entirely, on the same list.
    const stranger = await apply(base, second, 'Bea', `bea.${suffix}@example.com`, lastName);

    const page = await signedIn(browser, CONSOLE_ADMIN, `/recruiters/applicants?q=${lastName}`);
    const table = page.getByRole('table', { name: 'Applicants, newest first' });
    const rowOf = (first: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `${first} ${lastName}` }) });
    await expect(rowOf(ana)).toHaveCount(2);
    for (const row of await rowOf(ana).all()) {
      await expect(row.getByText('Possible duplicate')).toBeVisible();
    }
    await expect(rowOf('Bea').getByText('Possible duplicate')).toHaveCount(0);
    await expectNoViolations(page, 'the applicants list with possible duplicates flagged');
    await shoot(page, 'duplicates-list');

    await page.goto(`/recruiters/applicants/${later}`);
    await live(page);
    const section = page.getByRole('region', { name: 'Possible duplicates' });
    const suggestion = section.getByRole('listitem');
    await expect(suggestion).toHaveCount(1);
    await expect(suggestion).toContainText('Same e-mail address and resume file');
    await expect(suggestion).toContainText('Data Engineer');
    await expect(suggestion).toContainText('New');
    await expect(suggestion.getByRole('link', { name })).toHaveAttribute(
      'href',
      `/recruiters/applicants/${earlier}`,
    );
    await expectNoViolations(page, 'the possible duplicates on the applicant page');
    await shoot(page, 'duplicates-suggested');

    await suggestion.getByRole('button', { name: 'Same person — merge' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Same person?' });
    await expect(dialog).toContainText('Both applications stay');
    // The dialog fades in: judged once it has.
    await dialog.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    await expectNoViolations(page, 'the merge confirmation');
    await shoot(page, 'duplicates-confirm');
    await dialog.getByRole('button', { name: 'Merge' }).click();

    const person = page.getByRole('region', { name: 'Also applied' });
    await expect(person.getByRole('status')).toHaveText(
      `Merged: ${name}'s application is the same person.`,
    );
    await expect(person.getByRole('link', { name })).toBeVisible();
    await expect(person).toContainText('Merged by');
    await expect(person).toContainText('Can be undone until');
    await expect(page.getByRole('region', { name: 'Possible duplicates' })).toHaveCount(0);
    await expectNoViolations(page, 'one person after the merge');
    await shoot(page, 'duplicates-merged');

    // The other application shows this one as the same person's too; the list flags neither.
    await page.goto(`/recruiters/applicants/${earlier}`);
    await live(page);
    await expect(
      page.getByRole('region', { name: 'Also applied' }).getByRole('link', { name }),
    ).toHaveAttribute('href', `/recruiters/applicants/${later}`);
    await page.goto(`/recruiters/applicants?q=${lastName}`);
    await live(page);
    await expect(rowOf(ana)).toHaveCount(2);
    await expect(table.getByText('Possible duplicate')).toHaveCount(0);

    // Undone: two suggestions again.
    await page.goto(`/recruiters/applicants/${later}`);
    await live(page);
    await page
      .getByRole('region', { name: 'Also applied' })
      .getByRole('button', { name: 'Undo merge' })
      .click();
    const again = page.getByRole('region', { name: 'Possible duplicates' });
    await expect(again.getByRole('status')).toHaveText(`Merge undone: ${name} is apart again.`);
    await expect(again.getByRole('listitem')).toHaveCount(1);
    await expectNoViolations(page, 'the possible duplicate after the undo');

    // Not the same person: the suggestion goes, and stays gone.
    await again.getByRole('button', { name: 'Not the same person' }).click();
    await expect(again.getByRole('status')).toHaveText(
      `Noted: ${name}'s application is not the same person.`,
    );
    await expect(again.getByRole('listitem')).toHaveCount(0);
    await expectNoViolations(page, 'the suggestion dismissed');
    await page.reload();
    await live(page);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Possible duplicates' })).toHaveCount(0);
    expect(stranger).toBeGreaterThan(0);
  });
});

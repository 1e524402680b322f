import { expectNoViolationsAtBothWidths as cleanAtBothWidths } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { addPersonByAdmin, consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { shoot } from '../support/shots';

/**
 * The hiring team (docs/recruiters.md, "Hiring team"): an admin names a hiring manager on one
 * of two openings; the hiring manager sees that opening and its applicants only, moves one, and
 * is told the other opening's applicant is not found. The console's own behaviour (the server
 * suite runs the reach on both engines), so it runs against the SQLite console server.
 */

test.describe('the hiring team', () => {
  test.describe.configure({ timeout: 150_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('an admin names a hiring manager on one opening; the manager sees only it, moves its applicant, and the other is not found', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const mine = `Team Analyst ${suffix}`;
    const other = `Team Designer ${suffix}`;
    const api = adminApi(base);
    const mineId = await api.createOpening({
      JobCode: `E2E-TM-${suffix}`.toUpperCase(),
      JobTitle: mine,
    });
    const otherId = await api.createOpening({
      JobCode: `E2E-TO-${suffix}`.toUpperCase(),
      JobTitle: other,
    });
    await apply(base, mineId, 'Mira', `mira.${suffix}@example.com`, 'Team');
    const otherApplicant = await apply(base, otherId, 'Otto', `otto.${suffix}@example.com`, 'Team');
    const manager = {
      email: `hana.${suffix}@example.com`,
      name: `Hana Manager ${suffix}`,
      password: 'a long and uncommon passphrase 42',
    };

    // The admin adds the hiring manager's account…
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users', { width: 1440 });
    await addPersonByAdmin(admin, manager, 'hiring_manager');

    // …and names them hiring manager on the first opening's team.
    await admin.goto(`/recruiters/openings/${mineId}`);
    await live(admin);
    const team = admin.getByRole('region', { name: 'Hiring team' });
    await expect(team.getByText('No one is on this opening’s team yet.')).toBeVisible();
    await team.getByLabel('Person').selectOption({ label: `${manager.name} (Hiring manager)` });
    await expect(team.getByLabel('Part', { exact: true })).toHaveValue('hiring_manager');
    await team.getByRole('button', { name: 'Add to team' }).click();
    await team.getByRole('button', { name: 'Save team' }).click();
    await expect(team.getByText('Team saved.')).toBeVisible();
    await expect(team.getByRole('cell', { name: new RegExp(`^${manager.name}`) })).toBeVisible();
    await expect(team.getByLabel(`Part of ${manager.name}`)).toHaveValue('hiring_manager');
    await cleanAtBothWidths(admin, 'the hiring team, saved');
    await team.scrollIntoViewIfNeeded();
    await shoot(admin, 'hiring-team-admin');

    // The hiring manager signs in: their opening only, and the console's pages of their role.
    const hana = await signedIn(browser, manager, '/recruiters/openings', { width: 1440 });
    await expect(hana.getByRole('link', { name: mine, exact: true })).toBeVisible();
    await expect(hana.getByRole('link', { name: other, exact: true })).toHaveCount(0);
    await expect(hana.getByRole('link', { name: 'New opening' })).toHaveCount(0);
    const nav = hana.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link')).toHaveText([
      'Openings',
      'Applicants',
      'Feedback',
      'Reports',
    ]);
    await cleanAtBothWidths(hana, 'a hiring manager’s openings');
    await shoot(hana, 'hiring-team-manager-openings');

    // Its applicants: Mira, not Otto; Mira moved to Screening.
    await hana.goto('/recruiters/applicants');
    await live(hana);
    await expect(hana.getByRole('link', { name: 'Mira Team' })).toBeVisible();
    await expect(hana.getByRole('link', { name: 'Otto Team' })).toHaveCount(0);
    await hana.getByRole('link', { name: 'Mira Team' }).click();
    await expect(hana.getByRole('heading', { level: 1, name: 'Mira Team' })).toBeVisible();
    await hana.getByRole('radio', { name: 'Screening' }).check();
    await hana.getByRole('button', { name: 'Change stage' }).click();
    await expect(hana.getByText('Stage changed to Screening.')).toBeVisible();
    await cleanAtBothWidths(hana, 'an applicant of the hiring manager’s opening');
    await shoot(hana, 'hiring-team-manager-applicant');

    // The other opening's applicant is not found, as one that does not exist.
    await hana.goto(`/recruiters/applicants/${otherApplicant}`);
    await live(hana);
    await expect(hana.getByRole('alert')).toContainText(
      `There is no applicant with id ${otherApplicant}.`,
    );
    await cleanAtBothWidths(hana, 'an applicant out of reach');
    await shoot(hana, 'hiring-team-manager-not-found');
  });
});

import type { Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import fs from 'node:fs';
import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { addPersonByAdmin, consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { shoot } from '../support/shots';

/**
 * A recruiter's and an admin's daily work in the console (docs/recruiters.md): nothing typed
 * is lost when a session ends, and changes that are hard to take back ask first. These are the
 * console's own behaviours, the same on either engine (the server suite runs their API on both),
 * so they run against the SQLite console server.
 */

const addPerson = (admin: Page, person: { email: string; name: string; password: string }) =>
  addPersonByAdmin(admin, person, 'recruiter');

test.describe("the console's daily work", () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('a session that ends while an opening is typed: signing in again in place creates it, nothing retyped; a changed form asks before leaving; a save shows the new title', async ({
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const recruiter = {
      email: `nora.${suffix}@example.com`,
      name: `Nora Night ${suffix}`,
      password: 'keeps careful lists of good candidates',
    };
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users');
    await addPerson(admin, recruiter);

    const nora = await signedIn(browser, recruiter, '/recruiters/openings/new');
    const code = `E2E-AGAIN-${suffix}`.toUpperCase();
    await nora.getByLabel('Code').fill(code);
    await nora.getByLabel('Title').fill('Night Shift Support Engineer');
    await nora.getByLabel('Location').fill('Austin, Texas');
    await nora.getByLabel('Recruitment managers').fill('Mira Manager');
    await nora.getByLabel('Contact persons').fill('Hana Hiring');
    await nora.getByLabel('Contact e-mails').fill('hana.hiring@example.com');
    await nora.getByRole('textbox', { name: 'Description' }).click();
    await nora.keyboard.type('Keep the lights on for our clients overnight.');

    // Meanwhile the session ends: signed out in another tab (as the idle limit would end it).
    const other = await nora.context().newPage();
    await other.goto('/recruiters/openings');
    await live(other);
    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(other).toHaveURL(/\/recruiters\/sign-in/);

    await nora.getByRole('button', { name: 'Create opening' }).click();
    const again = nora.getByRole('dialog', { name: 'Your session has ended' });
    await expect(again).toBeVisible();
    await expect(again.getByLabel('Email')).toHaveValue(recruiter.email);
    await expect(again.getByLabel('Password')).toBeFocused();
    await expectNoViolations(nora, 'the sign-in-again dialog');
    await nora.keyboard.type(recruiter.password);
    await nora.keyboard.press('Enter');

    // The save went through with everything typed before the session ended.
    await expect(nora).toHaveURL(/\/recruiters\/openings\/\d+$/, { timeout: 20_000 });
    await expect(nora.getByRole('heading', { level: 1 })).toHaveText(
      `${code} · Night Shift Support Engineer`,
    );
    await expect(nora.getByLabel('Contact e-mails')).toHaveValue('hana.hiring@example.com');
    await expect(nora.getByRole('textbox', { name: 'Description' })).toContainText(
      'Keep the lights on',
    );

    // A changed form asks before a link leaves it: "Cancel" stays with what was typed.
    await nora.getByLabel('Title').fill('Night Shift Support Lead');
    const questions: string[] = [];
    nora.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await nora
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Openings' })
      .click();
    await expect.poll(() => questions).toEqual(['Leave this page? Your changes are not saved.']);
    await expect(nora).toHaveURL(/\/recruiters\/openings\/\d+$/);
    await expect(nora.getByLabel('Title')).toHaveValue('Night Shift Support Lead');
    // Saved, the heading names the new title at once; then a link leaves without a question.
    await nora.getByRole('button', { name: 'Save changes' }).click();
    await expect(nora.getByText('Saved.')).toBeVisible();
    await expect(nora.getByRole('heading', { level: 1 })).toHaveText(
      `${code} · Night Shift Support Lead`,
    );
    nora.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await nora
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Openings' })
      .click();
    await expect(nora).toHaveURL(/\/recruiters\/openings$/);
    expect(questions).toHaveLength(1);
    await nora.context().close();
    await admin.context().close();
  });

  test("a role and an account's access change only after a yes; a recruiter is told an admin page is not theirs", async ({
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const person = {
      email: `omar.${suffix}@example.com`,
      name: `Omar Onboard ${suffix}`,
      password: 'reviews every resume twice',
    };
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users');
    await addPerson(admin, person);
    const role = admin.getByLabel(`Role of ${person.name}`);

    // One arrow key in the role list promotes no one: a dialog asks, with the focus on Cancel.
    await role.focus();
    await admin.keyboard.press('ArrowDown');
    const ask = admin.getByRole('alertdialog', { name: `Change ${person.name}’s role to Admin?` });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoViolations(admin, 'the role change question');
    await admin.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await admin.reload();
    await live(admin);
    await expect(admin.getByLabel(`Role of ${person.name}`)).toHaveValue('recruiter');

    await admin.getByLabel(`Role of ${person.name}`).selectOption('admin');
    await ask.getByRole('button', { name: 'Change role' }).click();
    await expect(admin.getByText(`${person.name} is now Admin.`)).toBeVisible();
    await admin.getByLabel(`Role of ${person.name}`).selectOption('recruiter');
    await admin
      .getByRole('alertdialog', { name: `Change ${person.name}’s role to Recruiter?` })
      .getByRole('button', { name: 'Change role' })
      .click();
    await expect(admin.getByText(`${person.name} is now Recruiter.`)).toBeVisible();

    // Deactivate asks too; Cancel keeps the account active.
    await admin.getByRole('button', { name: `Deactivate ${person.name}` }).click();
    const deactivate = admin.getByRole('alertdialog', { name: `Deactivate ${person.name}?` });
    await deactivate.getByRole('button', { name: 'Cancel' }).click();
    await expect(admin.getByRole('button', { name: `Deactivate ${person.name}` })).toBeVisible();

    // While still active, the recruiter opens an admin page: told in words, no status code.
    const omar = await signedIn(browser, person, '/recruiters/openings');
    await omar.goto('/recruiters/users');
    await live(omar);
    await expect(omar.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(omar.getByRole('main')).toContainText('This page is not part of your role.');
    await expect(omar.getByRole('main')).not.toContainText('403');

    await admin.getByRole('button', { name: `Deactivate ${person.name}` }).click();
    await deactivate.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(admin.getByText(`${person.name} is deactivated.`)).toBeVisible();
    await expect(admin.getByRole('button', { name: `Reactivate ${person.name}` })).toBeVisible();
    await omar.context().close();
    await admin.context().close();
  });

  test("the opening form's and the Users page's errors are sentences naming the field by its label; a pay figure that is not a number says so", async ({
    browser,
  }) => {
    const page = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/openings/new', {
      width: 1440,
    });
    await page.getByLabel('Code').fill(`E2E-WORDS-${Date.now().toString(36)}`.toUpperCase());
    await page.getByLabel('Lowest pay').fill('150,000');
    await page.getByLabel('Highest pay').fill('$140k');
    await page.getByLabel('Currency').fill('USD');
    await page.getByLabel('Pay period').selectOption('YEAR');
    await page.getByRole('button', { name: 'Create opening' }).click();
    await expect(page.getByLabel('Lowest pay')).toHaveAccessibleDescription(
      'Lowest pay must be a number, like 150000.',
    );
    await expect(page.getByLabel('Highest pay')).toHaveAccessibleDescription(
      'Highest pay must be a number, like 150000.',
    );
    await expect(page.getByLabel('Lowest pay')).toBeFocused();
    await expect(page.getByRole('main')).not.toContainText('is required with a pay range');
    await expectNoViolations(page, 'pay figures that are not numbers');

    // Numbers now, but the wrong way round, and no title: each said in a sentence.
    await page.getByLabel('Lowest pay').fill('150000');
    await page.getByLabel('Highest pay').fill('140000');
    await page.getByRole('button', { name: 'Create opening' }).click();
    await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Title is required.');
    await expect(page.getByLabel('Location')).toHaveAccessibleDescription(
      'The place as one line. Empty: the places below, in one line. Location is required.',
    );
    await page.getByLabel('Title').fill('Ledger Analyst');
    await page.getByLabel('Location').fill('Austin, Texas');
    await page.getByRole('button', { name: 'Create opening' }).click();
    await expect(page.getByLabel('Lowest pay')).toHaveAccessibleDescription(
      'Lowest pay must not be more than the highest pay.',
    );
    const main = page.getByRole('main');
    await expect(main).not.toContainText('payMax');
    await expect(main.locator('.rc-field__error')).not.toHaveText([/^[a-z]/]);
    await expectNoViolations(page, "the opening form's errors");

    // The Users page says its errors the same way.
    await page.goto('/recruiters/users');
    const form = page.getByRole('region', { name: 'Add a person' });
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByLabel('Name').fill('Wrong Address');
    await form.getByLabel('Password').fill('a long enough password for anyone');
    await form.getByRole('button', { name: 'Add person' }).click();
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription(
      'Email must be an e-mail address.',
    );
    await expectNoViolations(page, "the Users page's errors");
    await page.context().close();
  });

  test('the CSV of a filtered list is named after its filter; the openings list sorts by its headings', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const api = adminApi(base);
    const code = `E2E-CSV-${suffix}`.toUpperCase();
    const first = await api.createOpening({ JobCode: code, JobTitle: `Alpha Ledger ${suffix}` });
    await api.createOpening({
      JobCode: `E2E-CSV2-${suffix}`.toUpperCase(),
      JobTitle: `Beta Ledger ${suffix}`,
    });
    await apply(base, first, 'Lina', `lina.${suffix}@example.com`);

    const page = await signedIn(
      browser,
      CONSOLE_ADMIN,
      `/recruiters/applicants?jobId=${first}&stage=New`,
      { width: 1440 },
    );
    const date = new Date().toISOString().slice(0, 10);
    const exporting = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await exporting;
    expect(download.suggestedFilename()).toBe(
      `applicants-e2e-csv-${suffix}-alpha-ledger-${suffix}-new-${date}.csv`,
    );
    expect(fs.readFileSync(await download.path(), 'utf8')).toContain(`lina.${suffix}@example.com`);

    // The openings list: searched by the server (the URL keeps the words), newest first, then
    // by title at a heading's click, A to Z and back.
    await page.goto('/recruiters/openings');
    await page.getByRole('search', { name: 'Openings' }).getByLabel('Search').fill(suffix);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${suffix}$`));
    await expect(page.getByRole('status').filter({ hasText: /openings?$/ })).toHaveText(
      '2 openings',
    );
    await page.getByLabel('State').selectOption('closed');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${suffix}&state=closed$`));
    await expect(page.getByText('No openings match.')).toBeVisible();
    // The back button brings the list before the filter, its fields as its URL says.
    await page.goBack();
    await expect(page.getByLabel('State')).toHaveValue('');
    const table = page.getByRole('table', { name: /^Openings/ });
    const titles = async () =>
      (await table.getByRole('link', { name: /Ledger/ }).allTextContents()).filter((text) =>
        text.endsWith(suffix),
      );
    await expect.poll(titles).toEqual([`Beta Ledger ${suffix}`, `Alpha Ledger ${suffix}`]);
    await table.getByRole('link', { name: 'Title' }).click();
    await expect(page).toHaveURL(/[?&]sort=title$/);
    await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect.poll(titles).toEqual([`Alpha Ledger ${suffix}`, `Beta Ledger ${suffix}`]);
    await expectNoViolations(page, 'the openings list sorted by title');
    await table.getByRole('link', { name: 'Title' }).click();
    await expect(page).toHaveURL(/[?&]sort=-title$/);
    await expect.poll(titles).toEqual([`Beta Ledger ${suffix}`, `Alpha Ledger ${suffix}`]);
    await shoot(page, 'openings-searched');
    await page.goto('/recruiters/openings');
    await expect(table).toBeVisible();
    await shoot(page, 'openings');
    await page.context().close();
  });

  test('at 390 px every console page is in reach; fields line up with or without a hint; the audit log says what happened in words', async ({
    browser,
  }) => {
    await adminApi(consoleUrl()).createOpening({
      JobCode: `E2E-PHONE-${Date.now().toString(36)}`.toUpperCase(),
      JobTitle: 'Pocket Analyst',
    });
    const phone = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/openings', { width: 390 });
    const nav = phone.getByRole('navigation', { name: 'Console' });
    for (const name of [
      'Openings',
      'Applicants',
      'Feedback',
      'Messages',
      'Sources',
      'Users',
      'Audit log',
    ])
      await expect(nav.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoViolations(phone, 'the console at 390 px');
    // The table's headings are hidden on a phone: the Sort field sorts the openings there.
    await phone.getByLabel('Sort', { exact: true }).selectOption('title');
    await expect(phone).toHaveURL(/\/recruiters\/openings\?sort=title$/);
    await expect(phone.getByRole('table', { name: 'Openings, by title, A to Z' })).toBeAttached();
    await expectNoViolations(phone, 'the openings sorted on a phone');
    await nav.getByRole('link', { name: 'Sources' }).click();
    await expect(phone).toHaveURL(/\/recruiters\/sources$/);
    await phone.context().close();

    const page = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users', { width: 1440 });
    // The password's hint does not push its field below the others of its row.
    const form = page.getByRole('region', { name: 'Add a person' });
    // Measured together, once the page has stopped moving (the list above loads late).
    const offset = () =>
      form.evaluate((region) => {
        const top = (label: string) =>
          Array.from(region.querySelectorAll('label'))
            .find((element) => element.textContent?.trim().startsWith(label))
            ?.control?.getBoundingClientRect().top;
        return (top('Password') ?? NaN) - (top('Email') ?? NaN);
      });
    await expect.poll(offset).toBe(0);

    await page.goto('/recruiters/audit?action=user-create');
    const log = page.getByRole('table', { name: /^Audit log/ });
    await expect(log.getByRole('columnheader')).toHaveText([
      'When',
      'Who',
      'Action',
      'What',
      'Detail',
    ]);
    const created = log.getByRole('row').filter({ hasText: 'Added a person' }).last();
    await expect(created).toContainText('User 1');
    await expect(created).toContainText('Role: Admin');
    await expectNoViolations(page, 'the audit log in words');
    await page.context().close();
  });
});

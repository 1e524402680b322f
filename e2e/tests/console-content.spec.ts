import { expectNoViolationsAtBothWidths as cleanAtBothWidths } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { addPersonByAdmin, consoleUrl, signIn, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { shoot } from '../support/shots';

/**
 * The site's content in the console (docs/content.md): an admin adds an editor; the editor
 * signs in to the content section and nothing else, opens the home page's content, empties a
 * field and is told beside it, fixes it, changes a claim and saves the draft, which is there
 * after a reload. Against the SQLite console server (the server suite covers both engines).
 */
test.describe('the site content section', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('an editor sees only the content, is told of an empty field beside it, and saves a draft of the home page', async ({
    browser,
  }) => {
    const suffix = Date.now().toString(36);
    const editor = {
      email: `eda.${suffix}@example.com`,
      name: `Eda Editor ${suffix}`,
      password: 'a long and uncommon passphrase 42',
    };

    // The admin adds the editor's account: the role select offers Editor.
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users', { width: 1440 });
    await expect(
      admin.getByRole('region', { name: 'Add a person' }).getByRole('option', { name: 'Editor' }),
    ).toHaveAttribute('value', 'editor');
    await addPersonByAdmin(admin, editor, 'editor');
    await admin.context().close();

    // The editor signs in and lands on the content: the only section the navigation shows.
    const context = await browser.newContext({
      baseURL: consoleUrl(),
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/recruiters');
    await live(page);
    await signIn(page, editor);
    await expect(page).toHaveURL(/\/recruiters\/content$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Site content' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link')).toHaveText(['Site content']);
    const table = page.getByRole('table', { name: 'Pages and shared blocks' });
    await expect(table.getByRole('link', { name: 'About Us' })).toBeVisible();
    await expect(table.getByRole('row', { name: /Offices/ })).toContainText('Shared block');
    await cleanAtBothWidths(page, 'the content list');
    await shoot(page, 'content-list');

    // The home page's content (the row whose address is /).
    await table
      .getByRole('row')
      .filter({ has: page.getByText('/', { exact: true }) })
      .getByRole('link')
      .click();
    const hero = page.getByRole('group', { name: 'Hero', exact: true });
    await expect(hero).toBeVisible();
    const eyebrow = hero.getByLabel('Eyebrow', { exact: true });
    const before = await eyebrow.inputValue();
    expect(before).not.toBe('');

    // Emptied and saved: the summary takes focus, the field says what is wrong.
    await eyebrow.fill('');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const summary = page.getByRole('alert').filter({ hasText: /needs? a change/ });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: /^Hero › Eyebrow / })).toBeVisible();
    await expect(eyebrow).toHaveAttribute('aria-invalid', 'true');
    const error = page.locator('#cf-hero-eyebrow-error');
    await expect(error).toBeVisible();
    await expect(eyebrow).toHaveAttribute('aria-describedby', /cf-hero-eyebrow-error/);
    await cleanAtBothWidths(page, 'the home page’s content with a refused field');
    await shoot(page, 'content-home-refused');

    // Fixed, and a claim changed: the draft is saved.
    await summary.getByRole('link', { name: /^Hero › Eyebrow / }).click();
    await expect(eyebrow).toBeFocused();
    await eyebrow.fill(before);
    const claims = page.getByRole('group', { name: 'Claims', exact: true });
    const claim = claims
      .getByRole('group', { name: 'Claim 1', exact: true })
      .getByLabel('Claim', { exact: true });
    const newClaim = `97% client retention, ${suffix}`;
    await claim.fill(newClaim);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved. Visitors see no change yet.')).toBeVisible();
    await expect(eyebrow).not.toHaveAttribute('aria-invalid', 'true');
    // Begun by this editor on a fresh server (by whoever began it, on a server used again).
    await expect(page.getByRole('definition').filter({ hasText: 'Draft saved' })).toContainText(
      /begun by Eda Editor/,
    );
    await cleanAtBothWidths(page, 'the home page’s content, its draft saved');
    await shoot(page, 'content-home-saved');

    // After a reload the form opens with the draft.
    await page.reload();
    await live(page);
    await expect(
      page
        .getByRole('group', { name: 'Claims', exact: true })
        .getByRole('group', { name: 'Claim 1', exact: true })
        .getByLabel('Claim', { exact: true }),
    ).toHaveValue(newClaim);
    await expect(
      page.getByRole('group', { name: 'Hero', exact: true }).getByLabel('Eyebrow', { exact: true }),
    ).toHaveValue(before);

    // And nothing of hiring: the applicants page is not theirs.
    await page.goto('/recruiters/applicants');
    await live(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  });
});

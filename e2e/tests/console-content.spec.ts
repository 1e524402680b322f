import { expectNoViolationsAtBothWidths as cleanAtBothWidths } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { addPersonByAdmin, consoleUrl, signIn, signedIn } from '../support/console-sign-in';
import { publishNow, restoreFirstRevision } from '../support/content-editor';
import { expect, live, test } from '../support/fixtures';
import { shoot } from '../support/shots';

/**
 * The site's content in the console (docs/content.md): an admin adds an editor; the editor
 * signs in to the content section and nothing else, opens the home page's content, empties a
 * field and is told beside it, fixes it, changes a claim and saves the draft, which is there
 * after a reload. Then an editor changes the home page's first claim and an office's phone,
 * previews, publishes (a visitor sees both, an old hash link's page too), restores both to their
 * first revision and publishes, and the home page is the build's bytes again. Against the SQLite
 * console server (the server suite covers both engines).
 */
test.describe('the site content section', () => {
  // One after the other: both change the home page's content on the same server.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
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

  test('an editor previews, publishes and restores the home page’s claims and an office’s phone', async ({
    browser,
    request,
  }) => {
    const site = consoleUrl();
    const suffix = Date.now().toString(36);
    const claimText = `98% client retention, ${suffix}`;
    const phone = '+91 555 010 3999';
    const seedPhone = '+91 555 010 3000';
    /** A public page as a visitor gets it (the identity bytes, decoded). */
    const visit = async (path: string) => (await request.get(`${site}${path}`)).body();

    const homeBefore = await visit('/');
    expect(homeBefore.toString()).toContain('97% client retention');
    expect(homeBefore.toString()).not.toContain(claimText);

    // The marketing team's own account, added by an admin: the whole change is an editor's.
    const editor = {
      email: `pia.${suffix}@example.com`,
      name: `Pia Publisher ${suffix}`,
      password: 'a long and uncommon passphrase 43',
    };
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users', { width: 1440 });
    await addPersonByAdmin(admin, editor, 'editor');
    await admin.context().close();
    const page = await signedIn(browser, editor, '/recruiters/content', { width: 1440 });
    const table = page.getByRole('table', { name: 'Pages and shared blocks' });
    const open = async (row: RegExp | string) => {
      await page.goto('/recruiters/content');
      await live(page);
      const link =
        typeof row === 'string'
          ? table
              .getByRole('row')
              .filter({ has: page.getByText(row, { exact: true }) })
              .getByRole('link')
          : table.getByRole('row', { name: row }).getByRole('link');
      await link.click();
      await expect(page.getByRole('heading', { name: 'Revisions' })).toBeVisible();
    };

    // The home page's first claim, changed and previewed in a new tab at the page's own URL.
    await open('/');
    await page
      .getByRole('group', { name: 'Claims', exact: true })
      .getByRole('group', { name: 'Claim 1', exact: true })
      .getByLabel('Claim', { exact: true })
      .fill(claimText);
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: /^Preview/ }).click(),
    ]);
    await expect(preview).toHaveURL(/\/\?preview=[\w-]{43}$/);
    await expect(preview.getByText(claimText)).toBeVisible();
    await shoot(preview, 'content-home-preview');
    await preview.close();
    // Visitors see no change until it is published.
    expect((await visit('/')).toString()).not.toContain(claimText);
    await cleanAtBothWidths(page, 'the home page’s content with its preview link');

    await publishNow(page);
    expect((await visit('/')).toString()).toContain(claimText);
    await cleanAtBothWidths(page, 'the home page’s content, published');
    await shoot(page, 'content-home-published');

    // An office's phone: every page's footer and the contact page show it once published.
    await open(/Offices/);
    const number = page.locator(`input[value="${seedPhone}"]`);
    await expect(number).toHaveCount(1);
    await number.fill(phone);
    await publishNow(page);
    for (const path of ['/contact', '/about', '/']) {
      expect((await visit(path)).toString(), path).toContain(phone);
    }
    const visitor = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await visitor.goto(`${site}/contact`);
    // Every page's footer names each office's first number.
    await expect(visitor.getByRole('contentinfo').getByText(phone)).toBeVisible();
    await shoot(visitor, 'content-contact-published');
    // An old hash link's page is drawn in place of the home page the server sent: it reads its
    // own content first, so it shows the phone too, never the one the scripts were built with.
    await visitor.goto(`${site}/#/contact`);
    await expect(visitor).toHaveURL(`${site}/contact`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(visitor.getByRole('contentinfo').getByText(phone)).toBeVisible();
    await expect(visitor.getByText(seedPhone)).toHaveCount(0);
    await visitor.close();

    // Both restored to their first revision and published: the pages are the build's again.
    for (const row of [/Offices/, '/'] as const) {
      await open(row);
      // A draft there is now is replaced only when the person says so.
      await restoreFirstRevision(page);
      await cleanAtBothWidths(page, 'a restored revision as the draft');
      await publishNow(page);
    }
    await shoot(page, 'content-home-restored');
    const homeAfter = await visit('/');
    expect(homeAfter.toString()).not.toContain(claimText);
    expect(homeAfter.equals(homeBefore), 'the home page byte for byte').toBe(true);
    expect((await visit('/contact')).toString()).toContain(seedPhone);
    await page.context().close();
  });
});

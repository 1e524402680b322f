import type { Browser } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { signIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { shoot, shootScreen } from '../support/shots';

/**
 * The private calendar feed (docs/recruiters.md, "Calendar feed") on the built site: a person
 * makes a link in Your account, a calendar program reads it as text/calendar, and once revoked
 * (after a yes/no) the link answers 404.
 */

const ENGINES = [
  { engine: 'SQLite', env: 'E2E_CONSOLE_SQLITE_URL' },
  { engine: 'PostgreSQL', env: 'E2E_CONSOLE_POSTGRES_URL' },
] as const;

async function accountPage(browser: Browser, baseURL: string, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/recruiters/account');
  await live(page);
  await signIn(page, CONSOLE_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  return page;
}

for (const { engine, env } of ENGINES) {
  test.describe(`the calendar feed on ${engine}`, () => {
    test.skip(() => !process.env[env], `no ${engine} console server (see global setup)`);

    test('a link made in Your account answers text/calendar, and 404 once revoked', async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const baseURL = process.env[env]!;
      const page = await accountPage(browser, baseURL, 1440);
      const section = page.getByRole('region', { name: 'Calendar feed' });
      // Another test on this server may have left a link: start from none.
      if (await section.getByRole('button', { name: 'Revoke link' }).isVisible()) {
        await section.getByRole('button', { name: 'Revoke link' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke link' }).click();
      }
      await expect(section.getByText('You have no calendar feed.')).toBeVisible();
      await expectNoViolations(page, 'the account page without a calendar feed');

      await section.getByRole('button', { name: 'Make a link' }).click();
      const webcal = section.getByLabel('Subscription link');
      await expect(webcal).toBeFocused();
      const url = await section.getByLabel(/Web address/).inputValue();
      expect(await webcal.inputValue()).toBe(url.replace(/^https?:/, 'webcal:'));
      await expect(section.getByText(/You have a link, made/)).toBeVisible();
      await expectNoViolations(page, 'the account page with a new feed link');
      await shoot(page, 'calendar-feed-made');

      // The feed, as a calendar program fetches it: no session, no page headers.
      const feedPath = new URL(url).pathname;
      const feed = await page.request.get(feedPath, { headers: { cookie: '' } });
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(feed.headers()['cache-control']).toBe('no-store');
      expect(await feed.text()).toContain('BEGIN:VCALENDAR');

      await section.getByRole('button', { name: 'Revoke link' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Revoke your calendar feed?' });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      // Judged once it has faded in: half-way, its colours are a blend of the page's.
      await dialog.evaluate((el) =>
        Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
      );
      await expectNoViolations(page, 'the revoke confirmation');
      await shootScreen(page, 'calendar-feed-revoke');
      await page.setViewportSize({ width: 390, height: 900 });
      await shootScreen(page, 'calendar-feed-revoke');
      await dialog.getByRole('button', { name: 'Revoke link' }).click();
      await expect(section.getByRole('status')).toHaveText(
        'Calendar feed revoked: the link no longer works.',
      );
      await expect(section.getByText('You have no calendar feed.')).toBeVisible();
      await expectNoViolations(page, 'the account page after revoking the feed');

      expect((await page.request.get(feedPath)).status()).toBe(404);
      await page.context().close();
    });
  });
}

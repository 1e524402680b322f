import crypto from 'node:crypto';
import { request as playwrightRequest, type Browser } from '@playwright/test';
import {
  API_TOKEN_PREFIX,
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '../../packages/contract/src/index';
import { expectNoViolations } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { signIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';

/**
 * Personal API tokens (docs/recruiters.md) on the built site, on SQLite and PostgreSQL: a person
 * makes one in Your account, sees its secret once, calls the console's API with it as
 * themself, revokes it, and the same call is refused.
 */

const ENGINES = [
  { engine: 'SQLite', env: 'E2E_CONSOLE_SQLITE_URL' },
  { engine: 'PostgreSQL', env: 'E2E_CONSOLE_POSTGRES_URL' },
] as const;

async function signedInPage(browser: Browser, baseURL: string, path: string, who: typeof TOM) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(path);
  await live(page);
  await signIn(page, who);
  return page;
}

const TOM = {
  email: `tom.tokens.${crypto.randomBytes(4).toString('hex')}@example.com`,
  name: 'Tom Tokens',
  password: 'scripts the nightly export by hand 5',
};

for (const { engine, env } of ENGINES) {
  test.describe(`personal API tokens on ${engine}`, () => {
    test.skip(() => !process.env[env], `no ${engine} console server (see global setup)`);

    test('a person makes a token, sees it once, calls the API with it as themself, revokes it, and the call is refused', async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const baseURL = process.env[env]!;

      // The admin adds a recruiter, Tom.
      const admin = await signedInPage(browser, baseURL, '/recruiters/users', CONSOLE_ADMIN);
      await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      const xsrf = (await admin.context().cookies()).find((c) => c.name === XSRF_COOKIE_NAME);
      const added = await admin.request.post('/api/recruiters/users', {
        headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE, [XSRF_HEADER_NAME]: xsrf!.value },
        data: { email: TOM.email, name: TOM.name, role: 'recruiter', password: TOM.password },
      });
      expect(added.status()).toBe(201);

      const tom = await signedInPage(browser, baseURL, '/recruiters/account', TOM);
      await expect(tom.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      const section = tom.getByRole('region', { name: 'API tokens' });
      await expect(section.getByText('You have no tokens.')).toBeVisible();
      await expectNoViolations(tom, 'the account page without tokens');

      await section.getByLabel('Name').fill('Nightly export');
      await section.getByRole('button', { name: 'Create token' }).click();
      const secretField = section.getByLabel('Your new token “Nightly export”');
      await expect(secretField).toBeFocused();
      const secret = await secretField.inputValue();
      expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
      await expect(section.getByRole('status')).toContainText('Token created');
      await expect(section.getByText(/will not be shown again/)).toBeVisible();
      await expectNoViolations(tom, 'the account page with a new token');

      // The token alone, from outside the browser: Tom, with Tom's role.
      const script = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
      });
      const jobs = await script.get('/api/recruiters/jobs');
      expect(jobs.status()).toBe(200);
      expect(jobs.headers()['cache-control']).toBe('no-store');
      expect((await script.get('/api/recruiters/users')).status()).toBe(403);

      // Shown once: after a reload the secret is gone, and the list shows the token's last use.
      await tom.reload();
      await live(tom);
      const row = section.getByRole('row', { name: /Nightly export/ });
      await expect(row).toBeVisible();
      await expect(row.getByRole('cell').nth(2)).not.toHaveText('Never');
      await expect(tom.locator(`input[value="${secret}"]`)).toHaveCount(0);
      expect(await tom.content()).not.toContain(secret);

      // The audit log shows the call as Tom, through the token.
      const audit = await admin.request.get('/api/recruiters/audit?action=token-call', {
        headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE },
      });
      const { items } = (await audit.json()) as {
        items: { actor: string; target: string; detail: string }[];
      };
      expect(items).toContainEqual(
        expect.objectContaining({
          actor: TOM.name,
          target: 'GET /api/recruiters/jobs',
          detail: 'personal token "Nightly export"',
        }),
      );

      await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
      const dialog = tom.getByRole('alertdialog', { name: 'Revoke this token?' });
      await expect(dialog.getByRole('button', { name: 'Keep' })).toBeFocused();
      // Judged once it has faded in: half-way, its colours are a blend of the page's.
      await dialog.evaluate((el) =>
        Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
      );
      await expectNoViolations(tom, 'the revoke confirmation');
      await dialog.getByRole('button', { name: 'Revoke token' }).click();
      await expect(section.getByRole('status')).toHaveText('Token “Nightly export” revoked.');
      await expect(section.getByText('You have no tokens.')).toBeVisible();
      await expectNoViolations(tom, 'the account page after revoking');

      const refused = await script.get('/api/recruiters/jobs');
      expect(refused.status()).toBe(401);

      await script.dispose();
      await Promise.all([admin, tom].map((p) => p.context().close()));
    });
  });
}

import { expectNoViolations } from '../support/axe';
import { SSO_BUTTON } from '../support/sso-server';
import { shoot } from '../support/shots';
import { expect, live, test } from '../support/fixtures';

/**
 * Single sign-on (docs/recruiters.md, "Single sign-on"): the sign-in page's button, the real
 * provider's own sign-in and consent pages, the console; then an admin keeps passwords for the
 * break-glass admin only, and signing out goes on to the provider's sign-out.
 */

function ssoServer() {
  const baseURL = process.env.E2E_SSO_BASE_URL;
  const issuer = process.env.E2E_SSO_ISSUER;
  if (!baseURL || !issuer) throw new Error('E2E_SSO_BASE_URL is not set: run through playwright.');
  return { baseURL, issuer };
}

test('signs in through the provider, sets the password rule, signs out at the provider too', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { baseURL, issuer } = ssoServer();
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/recruiters/sign-in');
  await live(page);
  const button = page.getByRole('link', { name: SSO_BUTTON });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expectNoViolations(page, 'the sign-in page with single sign-on');
  await shoot(page, 'console-sso-sign-in');

  // At the provider: its own sign-in form, then its consent.
  await button.click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill('ada');
  await page.getByPlaceholder('and password').fill('the provider checks this, not us');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Openings' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('banner').getByText('Ada Admin')).toBeVisible();

  // Passwords for the break-glass admin only: Ada, the one admin, who is on single sign-on.
  await page.goto('/recruiters/users');
  await live(page);
  const rules = page.getByRole('region', { name: 'Sign-in rules' });
  await rules.getByLabel('Only the break-glass admin; everyone else uses single sign-on').check();
  await expect(rules.getByLabel('Break-glass admin', { exact: true })).toContainText('Ada Admin');
  await rules.getByRole('button', { name: 'Save sign-in rules' }).click();
  await expect(page.getByText('The sign-in rules are saved.')).toBeVisible();
  await expectNoViolations(page, 'Users with the sign-in rules');
  await shoot(page, 'console-sso-sign-in-rules');

  // Another browser finds the password form folded away behind "break-glass".
  const otherContext = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
  });
  const other = await otherContext.newPage();
  await other.goto('/recruiters/sign-in');
  await live(other);
  await expect(other.getByRole('link', { name: SSO_BUTTON })).toBeVisible();
  await expect(other.getByLabel('Password')).toBeHidden();
  await other.getByText('Sign in with a password (break-glass)').click();
  await expect(other.getByLabel('Password')).toBeVisible();
  await expectNoViolations(other, 'the sign-in page with passwords off');
  await shoot(other, 'console-sso-break-glass');
  await otherContext.close();

  // Passwords back on for everyone, as the other specs of this server would expect.
  await rules.getByLabel('Everyone may sign in with a password').check();
  await rules.getByRole('button', { name: 'Save sign-in rules' }).click();
  await expect(rules.getByLabel('Everyone may sign in with a password')).toBeChecked();

  // Sign out: the console's session ends, then the provider asks to end its own.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${baseURL}/recruiters/sign-in`);
  await live(page);
  await expect(page.getByRole('link', { name: SSO_BUTTON })).toBeVisible();
  const session = await page.request.get('/api/recruiters/session', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(session.status()).toBe(401);
  await context.close();
});

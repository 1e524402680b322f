import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from '@playwright/test';
import { SIGN_IN_AGAIN_TO_CHANGE_MESSAGE } from '../../packages/contract/src/index';
import { expectNoViolations } from '../support/axe';
import { consoleCall } from '../support/console-calls';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { signIn, type ConsolePerson } from '../support/console-sign-in';
import { shoot } from '../support/shots';
import { addVirtualAuthenticator, onLocalhost } from '../support/virtual-authenticator';
import { expect, live, test } from '../support/fixtures';

/**
 * Two-step sign-in (docs/recruiters.md): the admin sets up an authenticator app in Your account
 * (the code computed here, as an app would), signs in with password and code, then with a
 * recovery code (refused the second time); then requires a second factor, and another person's
 * next sign-in walks them through setting one up, and a person whose factor is a passkey uses it
 * after their password. On a server of its own
 * (support/two-step-server.ts): the rule would reach every other spec's sign-in.
 */

/** Quinn's factor is a passkey (no app): the rule asks for it after the password. */
const QUINN = {
  email: `quinn.passkey.${crypto.randomBytes(4).toString('hex')}@example.com`,
  name: 'Quinn Passkey',
  password: 'a fingerprint on the trackpad 2032',
};

const PAT = {
  email: `pat.two-step.${crypto.randomBytes(4).toString('hex')}@example.com`,
  name: 'Pat Twostep',
  password: 'a phone in every pocket 2031',
};

const baseURL = () => {
  const url = process.env.E2E_TWO_STEP_BASE_URL;
  if (!url) throw new Error('E2E_TWO_STEP_BASE_URL is not set: run through playwright.');
  return url;
};

/** The code the app shows for `key` (as the page prints it), `steps` periods from now. */
const codeFor = (key: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s/g, '')) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** The key the set-up panel shows beside its QR code. */
const shownKey = (page: Page) => page.getByLabel('Key', { exact: true }).inputValue();

async function openConsole(browser: Browser, path: string, base = baseURL()): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(path);
  await live(page);
  return page;
}

/** The password step, up to the second step. */
async function passwordStep(page: Page, who: ConsolePerson) {
  await signIn(page, who);
  await expect(page.getByRole('heading', { level: 2, name: /two-step sign-in/i })).toBeVisible({
    timeout: 20_000,
  });
}

/** Signed in: after a sign-out the sign-in page has no `next`, so the console opens on Openings. */
async function expectConsole(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Openings' })).toBeVisible({
    timeout: 20_000,
  });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({
    timeout: 20_000,
  });
}

test('an authenticator app and recovery codes, then the rule that requires them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await openConsole(browser, '/recruiters/account');
  await signIn(page, CONSOLE_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible({
    timeout: 20_000,
  });

  // Signed in a while ago, the server asks to confirm it is you first (its 403 is played here:
  // the route-guard suite proves the server's own): the dialog signs in again over the page, and
  // the set-up goes on.
  let asked = false;
  await page.route('**/api/recruiters/session/totp', async (route) => {
    if (route.request().method() !== 'POST' || asked) return route.fallback();
    asked = true;
    await route.fulfill({
      status: 403,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
        detail: SIGN_IN_AGAIN_TO_CHANGE_MESSAGE,
      }),
    });
  });
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm.getByLabel('Password')).toBeFocused();
  await expectNoViolations(page, 'Your account: confirm it is you');
  await shoot(page, 'two-step-confirm');
  await confirm.getByLabel('Password').fill(CONSOLE_ADMIN.password);
  await confirm.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(confirm).toHaveCount(0, { timeout: 20_000 });
  await page.unroute('**/api/recruiters/session/totp');

  // Set up the app: the QR code and the key, a code to confirm, the recovery codes once.
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = await shownKey(page);
  expect(key).toMatch(/^[A-Z2-7 ]{20,}$/);
  await expectNoViolations(page, 'Your account: setting up an authenticator app');
  await shoot(page, 'two-step-setup');
  const enrolCode = codeFor(key);
  await section.getByLabel('Code from your app').fill(enrolCode);
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codesList = section.getByRole('list', { name: 'Your recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const codes = await codesList.getByRole('listitem').allInnerTexts();
  await expect(section).toContainText('Recovery codes left: 10');
  await expectNoViolations(page, 'Your account: recovery codes shown once');
  await shoot(page, 'two-step-codes');

  // Password and a code: the next step's code (this one is spent; the app may be a step ahead).
  await signOut(page);
  await passwordStep(page, CONSOLE_ADMIN);
  const codeField = page.getByLabel('Code from your app');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  // A reused code is refused with the one message; what was typed stays.
  await codeField.fill(enrolCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try again.');
  await expect(codeField).toHaveValue(enrolCode);
  await expectNoViolations(page, 'sign-in: a wrong code');
  await shoot(page, 'two-step-sign-in');
  await codeField.fill(codeFor(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectConsole(page);

  // A recovery code works once.
  await signOut(page);
  await passwordStep(page, CONSOLE_ADMIN);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await expectNoViolations(page, 'sign-in: a recovery code');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectConsole(page);
  await page.goto('/recruiters/account');
  await live(page);
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText(
    'Recovery codes left: 9',
  );
  await signOut(page);
  await passwordStep(page, CONSOLE_ADMIN);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try again.');
  await page.getByLabel('Recovery code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectConsole(page);

  // The admin adds Pat and requires a second factor of everyone.
  await consoleCall(page, 'POST', '/api/recruiters/users', {
    email: PAT.email,
    name: PAT.name,
    role: 'recruiter',
    password: PAT.password,
  });
  await page.goto('/recruiters/users');
  await live(page);
  const table = page.getByRole('table', { name: 'Accounts' });
  const twoStepOf = (name: string | RegExp) =>
    table.getByRole('row', { name }).getByRole('cell', { name: /^(On|Off)$/ });
  await expect(twoStepOf(new RegExp(PAT.name))).toHaveText('Off');
  await expect(twoStepOf(/Ada Admin/)).toHaveText('On');
  // Quinn adds a passkey before the rule (on localhost: a passkey's site cannot be an address).
  await consoleCall(page, 'POST', '/api/recruiters/users', { ...QUINN, role: 'recruiter' });
  const quinn = await openConsole(browser, '/recruiters/account', onLocalhost(baseURL()));
  await addVirtualAuthenticator(quinn);
  await signIn(quinn, QUINN);
  const passkeys = quinn.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Name').fill('Quinn’s laptop', { timeout: 20_000 });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('row', { name: /Quinn’s laptop/ })).toBeVisible();

  const rule = page.getByRole('checkbox', { name: 'Require a second factor' });
  // A click, not check(): the box stays unticked until the admin says yes.
  await rule.click();
  const ask = page.getByRole('alertdialog', { name: 'Require a second factor?' });
  await expect(ask).toBeVisible();
  await expectNoViolations(page, 'Users: requiring a second factor, asked');
  await ask.getByRole('button', { name: 'Require it' }).click();
  await expect(page.getByText('A second factor is now required.')).toBeVisible();
  await expect(rule).toBeChecked();
  await expectNoViolations(page, 'Users: the sign-in rules');
  await shoot(page, 'users-sign-in-rules');

  // Pat's next sign-in: set up an app first, see the codes, then the console.
  const pat = await openConsole(browser, '/recruiters/account');
  await signIn(pat, PAT);
  await expect(pat.getByRole('heading', { level: 2, name: 'Set up two-step sign-in' })).toBeVisible(
    { timeout: 20_000 },
  );
  await expect(pat.getByRole('img', { name: /QR code/ })).toBeVisible();
  const patKey = await shownKey(pat);
  await expectNoViolations(pat, 'sign-in: setting up the app the site requires');
  await shoot(pat, 'two-step-enrol');
  await pat.getByLabel('Code from your app').fill(codeFor(patKey));
  await pat.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(
    pat.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10, { timeout: 20_000 });
  await expectNoViolations(pat, 'sign-in: recovery codes after enrolment');
  await shoot(pat, 'two-step-enrol-codes');
  await pat.getByRole('button', { name: 'I have saved my codes: continue' }).click();
  await expect(pat.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(pat.getByRole('region', { name: 'Two-step sign-in' })).toContainText(
    'Recovery codes left: 10',
  );

  // Quinn's password session ended with the rule; the next sign-in asks for the passkey, and
  // only for it: no app to set up, no other way in beside it.
  await quinn.reload();
  await live(quinn);
  await signIn(quinn, QUINN);
  const usePasskey = quinn.getByRole('button', { name: 'Use your passkey' });
  await expect(usePasskey).toBeFocused({ timeout: 20_000 });
  await expect(quinn.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  await expect(quinn.getByLabel('Code from your app')).toHaveCount(0);
  await expectNoViolations(quinn, 'sign-in: a passkey as the second step');
  await shoot(quinn, 'two-step-passkey');
  await usePasskey.click();
  await expect(quinn.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible({
    timeout: 20_000,
  });

  await page.reload();
  await live(page);
  await expect(twoStepOf(new RegExp(PAT.name))).toHaveText('On');
  // Quinn's session says how it was signed in.
  const audit = await consoleCall<{ items: { action: string; detail: string | null }[] }>(
    page,
    'GET',
    `/api/recruiters/audit?actor=${encodeURIComponent(QUINN.name)}`,
  );
  expect(audit.items.map((item) => [item.action, item.detail])).toContainEqual([
    'sign-in',
    'password+passkey',
  ]);
  await Promise.all([page, pat, quinn].map((p) => p.context().close()));
});

import crypto from 'node:crypto';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '../../packages/contract/src/index';
import { expectNoViolations } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { signedIn } from '../support/console-sign-in';
import { shoot } from '../support/shots';
import { expect, live, test } from '../support/fixtures';

/**
 * Each person's sessions (docs/security.md, "Sessions"): a recruiter signed in on a laptop and
 * a phone sees both in Your account, ends the phone's, and the phone is asked to sign in
 * again; an admin ends every session of a person from Users.
 */

const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';

const SAM = {
  email: `sam.sessions.${crypto.randomBytes(4).toString('hex')}@example.com`,
  name: 'Sam Sessions',
  password: 'two devices and one lost phone 8',
};

test('a person sees their sessions and ends a lost phone’s; an admin ends all of them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users');
  const xsrf = (await admin.context().cookies()).find((c) => c.name === XSRF_COOKIE_NAME);
  const added = await admin.request.post('/api/recruiters/users', {
    headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE, [XSRF_HEADER_NAME]: xsrf!.value },
    data: { email: SAM.email, name: SAM.name, role: 'recruiter', password: SAM.password },
  });
  expect(added.status()).toBe(201);

  const laptop = await signedIn(browser, SAM, '/recruiters/account');
  const phoneContext = await browser.newContext({
    baseURL: new URL(laptop.url()).origin,
    viewport: { width: 390, height: 844 },
    userAgent: PHONE_AGENT,
  });
  const phone = await phoneContext.newPage();
  await phone.goto('/recruiters/account');
  await live(phone);
  await phone.getByLabel('Email').fill(SAM.email);
  await phone.getByLabel('Password').fill(SAM.password);
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible({
    timeout: 20_000,
  });

  await laptop.reload();
  await live(laptop);
  const section = laptop.getByRole('region', { name: 'Your sessions' });
  const table = section.getByRole('table', { name: 'Your sessions' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const own = table.getByRole('row', { name: /This browser/ });
  await expect(own).toContainText('Local network');
  await expect(own.getByRole('button')).toHaveCount(0);
  const phoneRow = table.getByRole('row', { name: /Safari 18 on iOS/ });
  await expect(phoneRow).toBeVisible();
  await expectNoViolations(laptop, 'the account page with two sessions');
  await shoot(laptop, 'account-sessions');

  await phoneRow.getByRole('button', { name: 'End session on Safari 18 on iOS' }).click();
  await expect(section.getByRole('status')).toHaveText('The session on Safari 18 on iOS ended.');
  await expect(table.getByRole('row')).toHaveCount(2);

  // The phone's next step finds its session gone.
  await phone.reload();
  await live(phone);
  await expect(phone.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  // The admin ends every session Sam has left (the laptop's).
  await admin.reload();
  await live(admin);
  await admin.getByRole('button', { name: `Sessions of ${SAM.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `${SAM.name}’s sessions` });
  await expect(dialog.getByRole('row', { name: /Chrome|Chromium/ })).toBeVisible();
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
  await expectNoViolations(admin, 'a person’s sessions, for an admin');
  await dialog.getByRole('button', { name: `End every session of ${SAM.name}` }).click();
  await expect(dialog.getByText('No sessions are running.')).toBeVisible();
  await laptop.reload();
  await live(laptop);
  await expect(laptop.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  await Promise.all([admin, laptop, phone].map((p) => p.context().close()));
});

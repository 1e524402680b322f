import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  PASSKEY_SIGN_IN_FAILED_MESSAGE,
} from '../../packages/contract/src/index';
import { expectNoViolations } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleCall } from '../support/console-calls';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { shoot, shootScreen } from '../support/shots';
import { addVirtualAuthenticator, onLocalhost } from '../support/virtual-authenticator';
import { expect, live, test } from '../support/fixtures';

/**
 * Passkeys (docs/recruiters.md, "Passkeys") in Chromium with a virtual authenticator (the
 * DevTools protocol's WebAuthn domain): a person adds one in Your account, signs out, signs in
 * with it without an e-mail, removes it, and signing in with it then fails.
 *
 * Browsers refuse an IP address as a passkey's site (its RP ID), so the console is opened as
 * http://localhost:PORT, the name the server's own origin then says.
 */

const PIA = {
  email: `pia.passkey.${crypto.randomBytes(4).toString('hex')}@example.com`,
  name: 'Pia Passkey',
  password: 'a laptop that unlocks with a finger 3',
};

/** Waits for an open dialog's fade-in: half-way, its colours are a blend of the page's. */
const settled = (page: Page) =>
  page
    .getByRole('alertdialog')
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

test('a person adds a passkey, signs in with it, removes it, and it signs nobody in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users');
  await consoleCall(admin, 'POST', '/api/recruiters/users', { ...PIA, role: 'recruiter' });

  const baseURL = onLocalhost(consoleUrl());
  const page = await signedIn(browser, PIA, '/recruiters/account', { baseURL });
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await expectNoViolations(page, 'the account page without passkeys');
  await shoot(page, 'passkeys-none');

  // A name is asked for first.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByLabel('Name')).toBeFocused();
  await expect(section.getByText('Name is required.')).toBeVisible();

  await section.getByLabel('Name').fill('Work laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status').first()).toHaveText(
    'Passkey “Work laptop” added. You can sign in with it now.',
  );
  const row = section.getByRole('row', { name: /Work laptop/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('Never');
  // A discoverable credential: it signs in without an e-mail.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe('localhost');
  await expectNoViolations(page, 'the account page with a passkey');
  await shoot(page, 'passkeys-added');

  // Signed out, the sign-in page offers the passkey; it signs Pia in without her e-mail.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/recruiters\/sign-in$/);
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  await expectNoViolations(page, 'the sign-in page with its passkey button');
  await shoot(page, 'passkeys-sign-in');
  await passkeyButton.click();
  await expect(page).toHaveURL(/\/recruiters\/openings$/, { timeout: 20_000 });
  await page.goto('/recruiters/account');
  await live(page);
  await expect(row.getByRole('cell').nth(2)).not.toHaveText('Never');
  const session = await page.request.get('/api/recruiters/session', {
    headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE },
  });
  expect(((await session.json()) as { user: { email: string } }).user.email).toBe(PIA.email);

  // Removing it asks first; Keep is where the focus starts.
  await row.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await expect(dialog.getByRole('button', { name: 'Keep' })).toBeFocused();
  await settled(page);
  await expectNoViolations(page, 'the remove confirmation');
  // The screen as a person sees it with the question open, wide and narrow.
  await page.setViewportSize({ width: 1440, height: 900 });
  await shootScreen(page, 'passkeys-remove');
  await page.setViewportSize({ width: 390, height: 844 });
  await shootScreen(page, 'passkeys-remove');
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByRole('status').first()).toHaveText('Passkey “Work laptop” removed.');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds it, but the site no longer knows it: signing in with it fails.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/recruiters\/sign-in$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: PASSKEY_SIGN_IN_FAILED_MESSAGE }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/recruiters\/sign-in$/);
  await expectNoViolations(page, 'the sign-in page after a refused passkey');
  await shoot(page, 'passkeys-refused');

  // The audit log names each step; the refusal names no one (the passkey is nobody's now).
  const auditOf = async (query: string) => {
    const res = await admin.request.get(`/api/recruiters/audit?${query}`, {
      headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE },
    });
    return ((await res.json()) as { items: { action: string; detail: string | null }[] }).items;
  };
  const own = await auditOf(`actor=${encodeURIComponent(PIA.name)}`);
  expect(own.map((item) => [item.action, item.detail])).toEqual(
    expect.arrayContaining([
      ['passkey-add', '"Work laptop"'],
      ['passkey-remove', '"Work laptop"'],
      ['sign-in', 'passkey'],
    ]),
  );
  const refused = await auditOf('action=sign-in-failed');
  expect(refused.map((item) => item.detail)).toContain('passkey: unknown passkey');
  await Promise.all([admin, page].map((p) => p.context().close()));
});

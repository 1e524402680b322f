import { test as base, type APIRequestContext, type Page } from '@playwright/test';
import { alertCopy } from '../../packages/contract/src/index';
import { readableMail } from '../../apps/server/src/test/smtp';
import { adminApi } from '../support/admin-api';
import { expectNoViolations, expectNoViolationsWithoutScripts } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { sunkMail } from '../support/smtp-sink';

/**
 * Job alerts (docs/careers.md, "Job alerts"), against the shared site: its mail goes to the
 * SMTP sink, and its alerts' run looks for new openings every second (global setup). Each test
 * searches for a word of its own, so openings other tests publish never match its alert.
 */

/** The mails the sink took for one address, decoded, with folded header lines unfolded. */
const mailsTo = (email: string) =>
  sunkMail()
    .filter((mail) => mail.to === email)
    .map((mail) => readableMail(mail.raw).replace(/\r?\n(?=[ \t])/g, ''));

async function onlyMail(email: string, containing: string): Promise<string> {
  await expect
    .poll(() => mailsTo(email).filter((m) => m.includes(containing)).length, { timeout: 20_000 })
    .toBe(1);
  return mailsTo(email).find((m) => m.includes(containing))!;
}

const linkIn = (mail: string, page: 'confirm' | 'unsubscribe') => {
  const match = new RegExp(`https?://\\S+/careers/alerts/${page}\\?token=[A-Za-z0-9_-]{43}`).exec(
    mail,
  );
  expect(match, `a ${page} link in the mail`).not.toBeNull();
  return match![0];
};

const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}`;

async function publish(baseURL: string, word: string, title: string) {
  return adminApi(baseURL).createOpening({ JobCode: `${word}-${unique()}`, JobTitle: title });
}

/** Fills and sends the careers page's alert form (the page is at /careers?q=<word>). */
async function subscribe(page: Page, email: string, often: string) {
  const form = page.locator('form.alert-form');
  await form.getByLabel('Your e-mail address').fill(email);
  await form.getByLabel(often).check();
  await form.getByRole('button', { name: 'Create alert' }).click();
}

test.describe('job alerts with scripts', () => {
  test('subscribe on /careers, confirm, one mail for a new opening, one-click unsubscribe', async ({
    page,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const word = `alrt${unique()}`;
    const email = `alert.${word}@example.com`;
    await page.goto(`/careers?q=${word}`);
    await expect(page.getByRole('heading', { name: 'Hear about new openings' })).toBeVisible();
    // The feed of the list as filtered is named in the page's head.
    await expect(
      page.locator('link[rel="alternate"][type="application/atom+xml"]'),
    ).toHaveAttribute('href', new RegExp(`/careers/feed\\.atom\\?q=${word}$`));
    await expect(page.locator('form.alert-form')).toContainText(`“${word}”`);

    // A malformed address: the sentence, and what was typed kept.
    await subscribe(page, 'ana@nowhere', 'As soon as one is posted');
    await expect(page.getByText(alertCopy.email)).toBeVisible();
    await expect(page.getByLabel('Your e-mail address')).toHaveValue('ana@nowhere');
    await expect(page.getByLabel('As soon as one is posted')).toBeChecked();
    await expectNoViolations(page, 'the alert form with a wrong address');

    await subscribe(page, email, 'As soon as one is posted');
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expectNoViolations(page, 'the alert form sent');

    const confirmation = await onlyMail(email, 'confirm your job alert');
    await page.goto(linkIn(confirmation, 'confirm'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your job alert' }),
    ).toBeVisible();
    await expectNoViolations(page, 'the confirmation page');
    await page.getByRole('button', { name: 'Start my job alert' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your job alert is on' }),
    ).toBeVisible();
    await expectNoViolations(page, 'the alert confirmed');

    await publish(baseURL!, word, `Alert Engineer ${word}`);
    const alert = await onlyMail(email, `Alert Engineer ${word}`);
    const unsubscribe = linkIn(alert, 'unsubscribe');
    expect(alert).toMatch(
      new RegExp(`^List-Unsubscribe: <${unsubscribe.replace(/[.?]/g, '\\$&')}>\\r?$`, 'm'),
    );
    expect(alert).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // As a mail client does it: no cookie, no fixed header, no XSRF token.
    const client: APIRequestContext = await playwright.request.newContext();
    try {
      const oneClick = await client.post(unsubscribe, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status()).toBe(200);
    } finally {
      await client.dispose();
    }

    // A further opening brings no mail: several runs of the alerts and the sender later.
    await publish(baseURL!, word, `Second Alert Engineer ${word}`);
    await page.waitForTimeout(5_000);
    expect(mailsTo(email).filter((m) => m.includes('Second Alert Engineer'))).toEqual([]);
    expect(mailsTo(email).filter((m) => m.includes('List-Unsubscribe-Post'))).toHaveLength(1);
  });
});

/** No script runs: a page is ready once loaded (as in apply-without-scripts.spec.ts). */
const plain = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright (global setup).');
    await use(url);
  },
});

plain.describe('job alerts without scripts', () => {
  plain.use({ javaScriptEnabled: false });

  plain('subscribe, confirm and unsubscribe by the pages’ buttons', async ({ page, baseURL }) => {
    plain.setTimeout(120_000);
    const word = `nsal${unique()}`;
    const email = `noscript.${word}@example.com`;
    await page.goto(`/careers?q=${word}`);
    await expectNoViolationsWithoutScripts(page, 'the careers page and its alert form');
    await subscribe(page, 'nobody-at-example.com', 'Once a week');
    await expect(page.getByText(alertCopy.email)).toBeVisible();
    await expect(page.getByLabel('Your e-mail address')).toHaveValue('nobody-at-example.com');
    await expectNoViolationsWithoutScripts(page, 'the alert form with a wrong address');
    await subscribe(page, email, 'As soon as one is posted');
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();

    await page.goto(linkIn(await onlyMail(email, 'confirm your job alert'), 'confirm'));
    await page.getByRole('button', { name: 'Start my job alert' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your job alert is on' }),
    ).toBeVisible();

    await publish(baseURL!, word, `Quiet Analyst ${word}`);
    const unsubscribe = linkIn(await onlyMail(email, `Quiet Analyst ${word}`), 'unsubscribe');
    // Opening the link only shows a button.
    await page.goto(unsubscribe);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Stop this job alert' }),
    ).toBeVisible();
    await expectNoViolationsWithoutScripts(page, 'the unsubscribe page');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }),
    ).toBeVisible();
    await expectNoViolationsWithoutScripts(page, 'unsubscribed');
    // The link has done its work: opening it again says so.
    await page.goto(unsubscribe);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link does not work any more' }),
    ).toBeVisible();
  });
});

import type { Page } from '@playwright/test';
import { openingsCountText } from '../../packages/contract/src/index';
import { dialogOf, fillForm, type Applicant } from '../support/apply-dialog';
import { expectNoViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { pdfWithText } from '../../apps/server/src/test/files';
import { sunkMail } from '../support/smtp-sink';

/** Screenshots are looked at by people, never compared: outside the repository. */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width === 1440 });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** An applicant from Bengaluru, Karnataka, India. */
const inBengaluru = (first: string, last: string, email: string): Applicant => ({
  first,
  last,
  mobile: '5550101234',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  email,
});

const rows = (page: Page) => page.locator('.opening');
const rowTitles = (page: Page) => page.locator('.opening__title').allTextContents();
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

/** The count line counts exactly the rows shown. */
async function expectCountMatchesRows(page: Page) {
  const n = await rows(page).count();
  await expect(page.locator('#openings-count')).toHaveText(openingsCountText(n));
  return n;
}

test.describe('careers search and filters', () => {
  test('words narrow the list at once, the URL follows, a reload keeps it', async ({ page }) => {
    await page.goto('/careers');
    const all = await rows(page).count();
    expect(all).toBeGreaterThanOrEqual(7);
    await search(page).fill('legal technology');
    await expect(rows(page)).not.toHaveCount(all);
    expect((await rowTitles(page)).join('\n')).toContain('LTP-LT-2207');
    for (const title of await rowTitles(page)) expect(title).toMatch(/legal|technology/i);
    await expectCountMatchesRows(page);
    await expect(page).toHaveURL(/\/careers\?q=legal\+technology$/);

    await page.reload();
    await expect(search(page)).toHaveValue('legal technology');
    expect((await rowTitles(page)).join('\n')).toContain('LTP-LT-2207');
    await expectCountMatchesRows(page);
    // Words in the description count too: "PolicyCenter" is only in the Guidewire role's text.
    await search(page).fill('policycenter');
    // The list follows the words as they are typed: wait for it, not for the first look.
    await expect.poll(async () => (await rowTitles(page)).join('\n')).toContain('LTP-GW-1042');

    // The job page carries the terms too, in the summary and the JobPosting.
    await page.getByRole('link', { name: /^LTP-GW-1042 - / }).click();
    const summary = page.getByRole('complementary', { name: 'Job summary' });
    await expect(summary).toContainText('$115,000 – $145,000 a year');
    await expect(summary).toContainText('Full time, hybrid');
    await page.reload();
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(ld).toMatchObject({
      employmentType: 'FULL_TIME',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD' },
    });
    await shoot(page, 'job-page');
  });

  test('country and workplace narrow the list, survive a reload; axe finds nothing', async ({
    page,
  }) => {
    await page.goto('/careers');
    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Philippines' });
    await expect(page).toHaveURL(/\/careers\?country=608$/);
    const locations = page.locator('.opening__location');
    expect(await rows(page).count()).toBeGreaterThanOrEqual(2);
    for (const text of await locations.allTextContents()) expect(text).toContain('Philippines');
    await expectCountMatchesRows(page);

    await page.getByRole('combobox', { name: 'Workplace' }).selectOption({ label: 'Hybrid' });
    await expect(page).toHaveURL(/\/careers\?country=608&workplace=HYBRID$/);
    expect(await rowTitles(page)).toEqual([
      'LTP-DS-5016 - Desktop Services Engineer (Application Packaging)',
    ]);
    await expect(page.locator('.opening__terms')).toContainText('₱35,000 – ₱50,000 a month');

    // The filtered page the server rendered hydrates as it is: React reports no mismatch.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Workplace' })).toHaveValue('HYBRID');
    expect(
      problems.filter((text) => /hydrat|did not match|error #4(18|23|25)/i.test(text)),
    ).toEqual([]);
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('608');
    await expect(rows(page)).toHaveCount(1);

    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'All countries' });
    await page.getByRole('combobox', { name: 'Workplace' }).selectOption({ label: 'Remote' });
    // The list follows the choice: wait until every row left is a remote one.
    await expect
      .poll(async () =>
        (await page.locator('.opening__terms').allTextContents()).every((terms) =>
          terms.includes('Remote'),
        ),
      )
      .toBe(true);
    expect((await rowTitles(page)).join('\n')).toContain('LTP-CCM-6032');
    for (const terms of await page.locator('.opening__terms').allTextContents()) {
      expect(terms).toContain('Remote');
    }
    await expectCountMatchesRows(page);
    await expectNoViolations(page, 'the filtered list');
    await shoot(page, 'careers-filtered');
  });

  test('an empty result says so, offers to clear the filters; axe finds nothing', async ({
    page,
  }) => {
    await page.goto('/careers?q=zzyzx+cobol');
    await expect(page.getByText('No openings match your search')).toBeVisible();
    await expect(page.locator('#openings-count')).toHaveText('0 Current Opening');
    await expectNoViolations(page, 'the empty result');
    await shoot(page, 'careers-empty');
    await page.locator('.openings-empty').getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    expect(await rows(page).count()).toBeGreaterThanOrEqual(7);
    await expect(search(page)).toHaveValue('');
  });

  test('the same URLs work with scripts off: the server filters, the form is a GET', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/careers?country=608&workplace=HYBRID');
    expect(await rowTitles(page)).toEqual([
      'LTP-DS-5016 - Desktop Services Engineer (Application Packaging)',
    ]);
    await expect(page.locator('#openings-count')).toHaveText('1 Current Opening');
    await page.goto('/careers');
    await page.getByRole('searchbox', { name: 'Search' }).fill('legal technology');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/careers\?q=legal\+technology&country=&workplace=$/);
    expect((await rowTitles(page)).join('\n')).toContain('LTP-LT-2207');
    await expectCountMatchesRows(page);
    await context.close();
  });
});

test.describe('the apply dialog: privacy notice and upload progress', () => {
  test('the notice is there and linked; a slowed upload shows progress and can be cancelled', async ({
    page,
  }) => {
    await page.goto('/careers?q=ltp-qa-3310');
    await page.getByRole('button', { name: 'Easy Apply' }).first().click();
    const dialog = dialogOf(page);
    const notice = dialog.getByRole('region', { name: 'How we use your application' });
    await expect(notice).toContainText("our recruiters and this opening's contact persons");
    await expect(notice).toContainText('365 days after the opening closes');
    await expect(notice.getByRole('link', { name: /privacy policy/ })).toHaveAttribute(
      'href',
      '/privacypolicy',
    );

    // A resume of 4 MB: a real PDF followed by padding, as scanners write them.
    const pdf = pdfWithText('Lea Park');
    const resume = Buffer.concat([pdf, Buffer.alloc(4 * 1024 * 1024 - pdf.length, 0x20)]);
    await fillForm(page, inBengaluru('Lea', 'Park', 'lea.park@example.com'), {
      name: 'lea-park.pdf',
      mimeType: 'application/pdf',
      buffer: resume,
    });

    // A slow phone connection: 256 KB/s up.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Sending your application…' });
    await expect(bar).toBeVisible();
    const figures = dialog.locator('.apply-progress__figures');
    await expect(figures).toHaveText(/^([1-9]|[1-9]\d)% · \d+(\.\d)? (KB|MB) of 4\.0 MB$/, {
      timeout: 15_000,
    });
    await expectNoViolations(page, 'the dialog with progress showing');
    await shoot(page, 'apply-progress');

    await dialog.getByRole('button', { name: 'Cancel sending' }).click();
    await expect(dialog.getByRole('alert')).toContainText('You cancelled sending');
    await expect(bar).toBeHidden();
    await expect(dialog.getByLabel('First Name', { exact: false })).toHaveValue('Lea');
    await expect(dialog.getByLabel('Email', { exact: false })).toHaveValue('lea.park@example.com');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  });
});

test.describe('the confirmation mail', () => {
  test('reaches the SMTP server with the opening title, no resume attached', async ({ page }) => {
    const email = `mail.${Date.now().toString(36)}.${process.pid}@example.com`;
    await page.goto('/careers?q=ltp-qa-3310');
    await page.getByRole('button', { name: 'Easy Apply' }).first().click();
    await fillForm(page, inBengaluru('Rosa', 'Diaz', email), {
      name: 'rosa-diaz.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWithText('Rosa Diaz'),
    });
    await dialogOf(page).getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: 'Applied Successfully!' })).toBeVisible();

    // The site's mail sender runs every 500 ms in the tests' servers.
    await expect
      .poll(() => sunkMail().filter((m) => m.to === email).length, { timeout: 15_000 })
      .toBe(1);
    const raw = sunkMail()
      .find((m) => m.to === email)!
      .raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toContain(
      'Subject: Your application for QA Automation Engineer (Insurance Platforms)',
    );
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).not.toMatch(/Content-Disposition: attachment/);
    expect(raw).not.toContain('application/pdf');
  });
});

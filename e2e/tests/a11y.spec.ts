import type { Locator, Page } from '@playwright/test';
import { dedicatedRouteIds, routeIds, routes, type RouteId } from '@lumenfield/routes';
import { APPLIED_SUCCESSFULLY } from '../../packages/contract/src/index';
import { expectNoViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { pdfWithText } from '../../apps/server/src/test/files';

/** The first open opening, as the sitemap lists it. */
async function firstJobId(page: Page): Promise<string> {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const id = /\/careers\/jobs\/(\d+)</.exec(sitemap)?.[1];
  if (!id) throw new Error('The sitemap lists no opening.');
  return id;
}

async function openRoute(page: Page, id: RouteId) {
  // GET /hr is the redirect to the HR site: its screen is an old '#/hr' link's landing.
  const url =
    id === 'job'
      ? `/careers/jobs/${await firstJobId(page)}`
      : id === 'hr'
        ? '/#/hr'
        : routes[id].path;
  await page.goto(url);
  const h1 = page.getByRole('heading', { level: 1 });
  if (id === 'job') await expect(h1).not.toHaveText(routes.job.title);
  else if (id === 'jobs') await expect(h1).toHaveText('No opening was chosen');
  else await expect(h1).toHaveText(routes[id].title);
  // Answers from the API are on the page before the scan ('Loading...' gone). Not
  // 'networkidle': the contact maps' frames never settle on a machine without internet.
  await page.waitForLoadState('load');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
  if (id === 'careers') await expect(page.locator('#openings-count')).toBeVisible();
  if (id === 'job') {
    await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();
  }
}

test.describe('axe: every route has no WCAG 2.2 A/AA violations', () => {
  // An opening's form and thank-you page: apply-without-scripts.spec.ts scans them; the job
  // alerts' pages: job-alerts.spec.ts; the applicant's own page: status-page.spec.ts.
  for (const id of routeIds.filter((r) => r === 'job' || !dedicatedRouteIds.includes(r))) {
    test(`${id} (${routes[id].path})`, async ({ page }) => {
      await openRoute(page, id);
      await expectNoViolations(page, routes[id].path);
    });
  }

  test('the job page, with scripts off and hydrated', async ({ page }) => {
    const id = await firstJobId(page);
    await page.route('**/assets/*.js', (route) => route.abort());
    // The frame's own goto: the page never goes live here, which the fixture's goto waits for.
    await page.mainFrame().goto(`/careers/jobs/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, `/careers/jobs/${id} without script`);
    await page.unroute('**/assets/*.js');
    await page.goto(`/careers/jobs/${id}`);
    await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeVisible();
    await expectNoViolations(page, `/careers/jobs/${id} booted`);
  });
});

test.describe('axe: interactive states', () => {
  test('the desktop mega menu open', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Services' });
    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.locator('#mega-panel-services').getByRole('link', { name: /Guidewire Solutions/ }),
    ).toBeVisible();
    await expectNoViolations(page, 'the Services mega menu');
  });

  test('the mobile panel open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Services' }).click();
    await expect(panel.getByRole('link', { name: 'Desktop Services' })).toBeVisible();
    await expectNoViolations(page, 'the mobile menu panel');
  });

  test('the contact office tab switched', async ({ page }) => {
    await page.goto('/contact');
    const tabs = page.getByRole('tablist', { name: 'Offices' });
    await tabs.getByRole('tab', { name: 'India' }).click();
    await expect(tabs.getByRole('tab', { name: 'India' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Hyderabad');
    await expectNoViolations(page, 'the India office tab');
  });

  test('the apply modal open, showing an error', async ({ page }) => {
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Easy Apply', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Apply for Job' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    // Every failure at once, in a summary that has focus; the resume's comes first.
    const summary = dialog.getByRole('alert', { name: /^Please check/ });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link').first()).toHaveText('Please select your Resume.');
    await expectNoViolations(page, 'the Apply for Job dialog with its errors');
  });
});

/** Presses Tab until `target` has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('the whole apply flow works with the keyboard alone', async ({ page }) => {
  // About 60 key presses: 8 s alone, far longer with the whole suite running beside it.
  test.setTimeout(90_000);
  // Listening from the start turns on file-chooser interception before Space is pressed: a
  // listener added just before a key press may not be in place in time, and the native
  // chooser (which headless Chromium never shows) opens instead.
  page.on('filechooser', () => undefined);
  await page.goto('/careers');
  const easyApply = page.getByRole('button', { name: 'Easy Apply', exact: true }).first();
  await expect(easyApply).toBeVisible();
  await tabTo(page, easyApply);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Apply for Job' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const field = (label: string) => dialog.getByLabel(label, { exact: false });

  const type = async (label: string, text: string) => {
    await tabTo(page, field(label));
    await page.keyboard.type(text);
  };
  /** A native select answers type-ahead; the option's label is typed as a visitor would. */
  const choose = async (label: string, option: string) => {
    await expect(dialog.getByRole('option', { name: option, exact: true })).toBeAttached();
    await tabTo(page, field(label));
    await page.keyboard.type(option);
    await expect(field(label).locator('option:checked')).toHaveText(option);
  };

  await type('First Name', 'Lena');
  await type('Last Name', 'Keyboard');
  await type('Mobile Number', '5550104477');
  await choose('Country', 'United States of America');
  await choose('State', 'Texas');
  await type('City', 'Austin');
  await type('Email', 'lena.keyboard@example.com');

  const resume = field('Resume');
  await tabTo(page, resume);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (
    await chooser
  ).setFiles({
    name: 'lena-keyboard.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithText('Lena Keyboard, resume'),
  });

  await tabTo(page, dialog.getByRole('button', { name: 'Apply' }));
  await page.keyboard.press('Enter');
  const alert = page.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY });
  await expect(alert).toBeVisible();
  const ok = alert.getByRole('button', { name: 'OK' });
  await tabTo(page, ok, 5);
  await page.keyboard.press('Enter');
  await expect(alert).toBeHidden();
  await expect(dialog).toBeHidden();
});

test('reduced motion: no animation or transition runs longer than a frame', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Services' }).hover();
  const slow = await page.evaluate(() => {
    const seconds = (value: string) =>
      Math.max(
        ...value
          .split(',')
          .map((v) => (v.trim().endsWith('ms') ? parseFloat(v) / 1000 : parseFloat(v))),
      );
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .map((el) => {
        const style = getComputedStyle(el);
        return {
          el: el.tagName + (el.className ? `.${String(el.className).split(' ')[0]}` : ''),
          longest: Math.max(seconds(style.transitionDuration), seconds(style.animationDuration)),
        };
      })
      .filter((entry) => entry.longest > 0.02);
  });
  expect(slow).toEqual([]);
});

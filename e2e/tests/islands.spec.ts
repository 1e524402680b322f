import type { Browser, Page } from '@playwright/test';
import { TELL_ME_PATH, routes } from '@lumenfield/routes';
import { expect, test } from '../support/fixtures';

/**
 * Marketing pages hydrate each island when it is needed (apps/web/src/app/islands.tsx): on
 * first use, or when it scrolls into view. Until then the page is its HTML, and what the
 * visitor does meanwhile still happens.
 */

/** Holds back the islands' runtime until `release()`: the page stays unhydrated until then. */
async function holdIslands(page: Page) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/start-islands-*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`);

test.describe('islands hydrate when needed', () => {
  test('a page only read loads no React; the header hydrates once the pointer reaches it', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(routes.about.path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-hydrated]')).toHaveCount(0);
    expect(scripts.filter((path) => /\/(client|start-islands)-/.test(path))).toEqual([]);

    // The mega menu's links are not laid out until it is used (only its <noscript> copy).
    await expect(page.locator('.mega__link')).toHaveCount(0);
    await page.getByRole('button', { name: 'Services' }).hover();
    await expect(island(page, 'header')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('button', { name: 'Services' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.locator('#mega-panel-services').getByRole('link')).toHaveCount(14);
  });

  test('a click on a mega menu button before the header hydrated opens its panel', async ({
    page,
  }) => {
    const release = await holdIslands(page);
    await page.goto('/');
    const industries = page.getByRole('button', { name: 'Industries' });
    await industries.focus();
    await page.keyboard.press('Enter');
    await expect(island(page, 'header')).not.toHaveAttribute('data-hydrated', 'true');
    await expect(industries).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(industries).toHaveAttribute('aria-expanded', 'true');
  });

  test('an arrow key on a tab before the tabs hydrated moves to the next tab', async ({ page }) => {
    const release = await holdIslands(page);
    await page.goto(routes.contact.path);
    const tabs = page.getByRole('tablist', { name: 'Offices' });
    await tabs.getByRole('tab', { name: 'USA' }).focus();
    await page.keyboard.press('ArrowRight');
    await tabs.getByRole('tab', { name: 'Philippines' }).click();
    await expect(island(page, 'office-tabs')).not.toHaveAttribute('data-hydrated', 'true');
    release();
    // Both, in order: the arrow to India, then the click on the Philippines.
    await expect(tabs.getByRole('tab', { name: 'Philippines' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tabpanel')).toContainText('Philippines');
  });

  test("a question chosen in 'Tell me' before it hydrated is answered", async ({ page }) => {
    const release = await holdIslands(page);
    await page.goto('/');
    await page.getByLabel('Tell me:').selectOption({ index: 1 });
    await expect(page).toHaveURL(/\/$/);
    release();
    await expect(page).not.toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(routes.home.title);
  });

  test("the page's scripts are requested only once it has loaded", async ({ page }) => {
    await page.goto(routes.about.path);
    const { loaded, scripts } = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .loadEventEnd,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    expect(loaded).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(loaded);
  });

  test('a pointer resting on the header before the page was armed opens its menu', async ({
    browser,
  }) => {
    // The entry (which arms the islands) is held back until the pointer is on 'Services'.
    const page = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(routes.about.path);
    await page.getByRole('button', { name: 'Services' }).hover();
    release();
    await expect(island(page, 'header')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('button', { name: 'Services' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.context().close();
  });

  test('the timeline hydrates when it scrolls into view', async ({ page }) => {
    await page.goto('/');
    await expect(island(page, 'timeline')).not.toHaveAttribute('data-hydrated', 'true');
    await page.locator('.timeline').scrollIntoViewIfNeeded();
    await expect(island(page, 'timeline')).toHaveAttribute('data-hydrated', 'true');
  });
});

test.describe('without scripts', () => {
  /** A page with scripts off (the fixture's page waits for scripts that never run). */
  async function pageWithoutScripts(browser: Browser, width = 1280) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width, height: 844 },
    });
    return context.newPage();
  }

  test("'Tell me' is a form: the chosen question's page opens", async ({ browser }) => {
    const page = await pageWithoutScripts(browser);
    await page.goto('/');
    const select = page.getByLabel('Tell me:');
    const labels = await select.locator('option').allTextContents();
    await select.selectOption({ label: labels[1] ?? '' });
    await page.getByRole('button', { name: 'Show me' }).click();
    await expect(page).not.toHaveURL(new RegExp(`${TELL_ME_PATH}|/$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(routes.home.title);
    await page.context().close();
  });

  test('on a phone the Menu opens by itself and every page is a link away', async ({ browser }) => {
    const page = await pageWithoutScripts(browser, 390);
    await page.goto('/');
    // The button that needs code is not offered; the disclosure stands in its place.
    await expect(page.locator('.mobile-nav__toggle')).toBeHidden();
    const menu = page.locator('summary', { hasText: 'Menu' });
    await expect(menu).toBeVisible();
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main).toBeHidden();
    await menu.click();
    await expect(main).toBeVisible();
    await main.locator('summary', { hasText: 'Services' }).click();
    await main.getByRole('link', { name: 'Quality Assurance' }).click();
    await expect(page).toHaveURL(/\/qualityassurance$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.context().close();
  });

  test('with scripts on, the no-script menu is not in the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('.mobile-nav__static')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  });

  test("a service page's tab strip opens at its current tab on a phone", async ({ browser }) => {
    const page = await pageWithoutScripts(browser, 390);
    await page.goto('/services/ccm');
    const list = page.locator('.service-tabs__list');
    // The strip is wider than the phone, and opened scrolled to the current tab.
    expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth && el.scrollLeft > 0)).toBe(
      true,
    );
    await expect(page.locator('.service-tabs [aria-current="page"]')).toBeInViewport({ ratio: 1 });
    await page.context().close();
  });
});

test.describe('careers pages hydrate only their islands (docs/architecture.md, "Careers islands")', () => {
  const scriptsOf = (page: Page) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    return scripts;
  };

  test('the careers list loads no React until used; text typed before it hydrated narrows the list', async ({
    page,
  }) => {
    const scripts = scriptsOf(page);
    const release = await holdIslands(page);
    await page.goto(routes.careers.path);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/(client|start-app|careers-openings)-/.test(path))).toEqual(
      [],
    );
    const rows = page.locator('.opening');
    const all = await rows.count();
    expect(all).toBeGreaterThanOrEqual(2);
    // Typed while the island's code is held back: React has not seen it.
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('legal');
    await expect(island(page, 'careers')).not.toHaveAttribute('data-hydrated', 'true');
    await expect(rows).toHaveCount(all);
    release();
    await expect(island(page, 'careers')).toHaveAttribute('data-hydrated', 'true');
    await expect(rows).not.toHaveCount(all);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('legal');
    await expect(page).toHaveURL(/\/careers\?q=legal$/);
    // The whole site never started.
    expect(scripts.filter((path) => /\/start-app-/.test(path))).toEqual([]);
  });

  test("a job page's Apply loads the dialog's code when pressed, not before", async ({ page }) => {
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    const id = /\/careers\/jobs\/(\d+)</.exec(sitemap)?.[1];
    expect(id).toBeTruthy();
    const scripts = scriptsOf(page);
    await page.goto(`/careers/jobs/${id}`);
    await page.waitForLoadState('networkidle');
    const dialogCode = (path: string) =>
      /\/(client|apply-dialog-host|apply-dialog-form|apply-form|error-summary|start-app)-/.test(
        path,
      );
    expect(scripts.filter(dialogCode)).toEqual([]);
    // The page's script remembered the opening for this tab (the old /jobs link opens it): its
    // chunk loads after the page's, so on a busy machine it may run after the network is idle.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('JobID'))).toBe(id);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Apply for Job' })).toBeVisible();
    expect(scripts.some((path) => /\/apply-dialog-host-/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/apply-dialog-form-/.test(path))).toBe(true);
    // The form shared with the page without scripts: one chunk, named after one of its modules.
    expect(scripts.some((path) => /\/(apply-form|error-summary)-/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/start-app-/.test(path))).toEqual([]);
    // Only the pressed Apply's island hydrated (the phone bar's is its own).
    await expect(page.locator('[data-island="job-apply"][data-hydrated]')).toHaveCount(1);
  });
});

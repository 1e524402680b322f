import type { Page } from '@playwright/test';
import {
  dedicatedRouteIds,
  hydratesIslands,
  routeDef,
  routeIds,
  routes,
  type RouteId,
} from '@lumenfield/routes';
import { expect, live, test } from '../support/fixtures';

/**
 * Every page at its own path, whole in the server's answer; the marketing pages hydrate only
 * their islands, as do the careers list and a job page; the other pages made of live data hydrate
 * whole (docs/architecture.md, "Pages at their paths", "Careers islands").
 */

/** Routes with a page of their own at their path (GET /hr is the server's redirect). */
const pageRoutes = routeIds.filter(
  // The pages with their own specs (an opening's, the job alerts', the applicant's).
  (id) => !['hr', 'jobs'].includes(id) && !dedicatedRouteIds.includes(id),
);

/** A sentence of a page's copy, as the server must send it. */
const copy: Partial<Record<RouteId, string>> = {
  careers: 'Build and run the systems insurers, law firms and utilities depend on every day.',
};

/** Whether React owns the node (it marks the nodes it hydrated). */
function ownedByReact(page: Page, selector: string) {
  return page.evaluate(
    (css) =>
      Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

test.describe('every route loads at its path, and hydrates cleanly', () => {
  for (const id of pageRoutes) {
    test(`${id} (${routes[id].path})`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const response = await page.goto(routes[id].path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: routes[id].title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(routes[id].path)}$`));
      // The header's menu is live everywhere; a marketing page and the careers list stay the
      // server's HTML, and their header hydrates on first use (apps/web/src/app/islands.tsx).
      const islands = hydratesIslands(id);
      if (islands) {
        expect(await ownedByReact(page, '#mega-button-services'), 'header waits').toBe(false);
        await page.locator('#mega-button-services').hover();
        await expect(page.locator('[data-island="header"]')).toHaveAttribute(
          'data-hydrated',
          'true',
        );
      }
      expect(await ownedByReact(page, '#mega-button-services'), 'header hydrated').toBe(true);
      expect(await ownedByReact(page, 'main h1'), 'page hydrated whole').toBe(!islands);
      const section = routeDef(id).section;
      if (section) await expect(page.locator(`#${section}`)).toBeInViewport();
      expect(problems, 'console errors or warnings (a hydration mismatch is one)').toEqual([]);
    });
  }
});

test.describe('the page is in the HTTP answer, readable with scripts off', () => {
  for (const id of pageRoutes) {
    test(`${id}: h1 and copy in the HTML`, async ({ request }) => {
      const res = await request.get(routes[id].path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const title = escapeRegExp(routes[id].title.replace(/&/g, '&amp;'));
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      // A sentence of the page's copy: its lead paragraph, or the sentence given above.
      const lead =
        /<p class="(?:page-intro__lead|home-hero__lead|industry-hero__lead)[^"]*">([^<]{40,})/.exec(
          html,
        );
      expect(copy[id] ?? lead?.[1], `${id}: a sentence of copy`).toBeTruthy();
      if (copy[id]) expect(html).toContain(copy[id]);
      expect(html).toContain('<footer');
      expect(html).not.toContain('href="#/');
    });
  }

  test('with JavaScript off, pages read whole and their links are paths', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: process.env.E2E_BASE_URL,
    });
    const page = await context.newPage();
    await page.goto('/services/ccm');
    await expect(
      page.getByRole('heading', { level: 1, name: routes.servicesCcm.title }),
    ).toBeVisible();
    // The mega menu's panels are plain links there, shown while their group is hovered.
    await page.getByRole('button', { name: 'Services' }).hover();
    await page.getByRole('link', { name: /Cloud Services/ }).click();
    await expect(page).toHaveURL(/\/services\/cloudservices$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    const view = page.getByRole('link', { name: /View details of LTP-/ }).first();
    await expect(view).toBeVisible();
    await view.click();
    await expect(page).toHaveURL(/\/careers\/jobs\/\d+$/);
    await expect(page.getByRole('complementary', { name: 'Job summary' })).toBeVisible();
    await expect(page.locator('.job-description')).not.toBeEmpty();
    // The office map is the page's own there (the browser draws it only with scripts).
    await page.goto('/contact');
    await expect(page.locator('iframe[title="Map of our United States office"]')).toHaveCount(1);
    await context.close();
  });
});

test.describe('old hash links land on their path', () => {
  const forms: [string, string, string?][] = [
    ['/#/about', '/about'],
    ['/#about', '/about'],
    ['/#/careers/', '/careers'],
    ['/#services/cloudbi', '/services/cloudbi'],
    ['/#/about/founders', '/about/founders', 'founders'],
    ['/#/contact/whatwillhappen', '/contact/whatwillhappen', 'what-will-happen'],
  ];
  for (const [from, to, section] of forms) {
    test(`${from} -> ${to}`, async ({ page }) => {
      await page.goto('/privacypolicy');
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(to)}$`));
      if (section) await expect(page.locator(`#${section}`)).toBeInViewport();
      // Replaced, not stacked: back goes to the page before.
      await page.goBack();
      await expect(page).toHaveURL(/\/privacypolicy$/);
    });
  }

  test('/#/jobs?JobID=N&PageFrom=careers -> /careers/jobs/N', async ({ page, request }) => {
    const html = await (await request.get('/careers')).text();
    const id = /href="\/careers\/jobs\/(\d+)"/.exec(html)?.[1];
    expect(id).toBeDefined();
    await page.goto(`/#/jobs?JobID=${id}&PageFrom=careers`);
    await expect(page).toHaveURL(new RegExp(`/careers/jobs/${id}$`));
    await expect(page.getByRole('complementary', { name: 'Job summary' })).toBeVisible();
  });
});

test('back and forward restore the scroll position between marketing pages', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  // Followed from where the reader is (clicking a link would scroll to it first).
  await page.evaluate(() => window.location.assign('/privacypolicy'));
  await expect(page).toHaveURL(/\/privacypolicy$/);
  await live(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  await page.goForward();
  await expect(page).toHaveURL(/\/privacypolicy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
});

test('from the careers list to a job and back: the list is where it was', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  // The careers list and a job page hydrate only their islands: their links load pages (moving
  // in place is tested from the not-found page, which starts the whole site: shell.spec.ts and
  // careers.spec.ts), and the browser brings the list back where it was.
  await page.goto('/careers');
  const view = page.getByRole('link', { name: /View details of LTP-/ }).last();
  await view.scrollIntoViewIfNeeded();
  const listAt = await page.evaluate(() => window.scrollY);
  expect(listAt).toBeGreaterThan(0);
  await view.click();
  await expect(page).toHaveURL(/\/careers\/jobs\/\d+$/);
  await expect(page.getByRole('complementary', { name: 'Job summary' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/careers$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listAt);
  await page.goForward();
  await expect(page).toHaveURL(/\/careers\/jobs\/\d+$/);
  await expect(page.getByRole('complementary', { name: 'Job summary' })).toBeVisible();
});

import { prerenderedUrl, routeIds, routes } from '../../apps/web/src/config/routes';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/**
 * The first visit paints the route's page from HTML the build rendered, before React has
 * loaded, and React then hydrates that markup (docs/performance.md, "First paint"). These
 * check the page is really there without React, and that React takes it over cleanly: no
 * hydration error, the same nodes kept, links and menus working.
 */

declare global {
  interface Window {
    __firstHeading?: Element | null;
    __sameDocument?: boolean;
  }
}

const prerendered = routeIds.filter((id) => prerenderedUrl(id));

/** React and the site's shell: the chunk the entry imports once the page has painted. */
const BOOT_CHUNK = /\/assets\/boot-[\w-]+\.js$/;

/** Holds the site's code back until the returned function is called. */
async function holdBackReact(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(BOOT_CHUNK, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Waits until React has hydrated the page (it marks the nodes it owns). */
async function hydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('main h1') ?? {}).some((key) =>
          key.startsWith('__reactFiber'),
        ),
      ),
    )
    .toBe(true);
}

test.describe('every prerendered route is hydrated, not drawn again', () => {
  for (const id of prerendered) {
    test(`${id} (${routes[id].path})`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // The first h1 the page ever holds: the one painted from the prerendered HTML.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const heading = document.querySelector('main h1');
          if (heading) {
            window.__firstHeading = heading;
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });

      await page.goto(`/#${routes[id].path}`);
      await expect(page.getByRole('heading', { level: 1, name: routes[id].title })).toBeVisible();
      // React has taken over once the footer's links navigate in place.
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => window.__firstHeading === document.querySelector('main h1')),
        'the painted heading is the one React kept',
      ).toBe(true);
      expect(problems, 'console errors or warnings').toEqual([]);
    });
  }
});

test('without React (it never loads) the pages still show and their links still lead on', async ({
  page,
}) => {
  await page.route(BOOT_CHUNK, (route) => route.abort());
  await page.goto('/#/services/ccm');
  await expect(
    page.getByRole('heading', { level: 1, name: routes.servicesCcm.title }),
  ).toBeVisible();
  await expect(page.locator('#site-header')).toBeVisible();
  await expect(page.locator('#site-footer')).toBeVisible();
  // Links are real hash links: without React each loads its route's page afresh.
  await page.locator('#site-footer a[href="#/privacypolicy"]').first().click();
  await expect(
    page.getByRole('heading', { level: 1, name: routes.privacyPolicy.title }),
  ).toBeVisible();
  expect(page.url()).toMatch(/#\/privacypolicy$/);
});

test('the header shows before any route is there (the page shell)', async ({ page }) => {
  // Hold the route's HTML and React back: what is on screen comes from index.html alone.
  await page.route(/\/prerendered\/|\/assets\/boot-/, () => undefined);
  await page.goto('/#/about');
  await expect(page.locator('#site-header')).toBeVisible();
  await expect(page.getByRole('link', { name: /home/ }).first()).toBeVisible();
  await expect(page.locator('main')).toHaveCount(0);
});

test('after hydration the site navigates in place and its menus open', async ({ page }) => {
  await page.goto('/#/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await hydrated(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.getByRole('button', { name: 'Services' }).click();
  await page
    .getByRole('link', { name: /Print \(CCM\) Solutions/ })
    .first()
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: routes.servicesCcm.title }),
  ).toBeVisible();
  expect(await page.evaluate(() => window.__sameDocument), 'no full page load').toBe(true);
});

test('the job screen, drawn in the browser, takes over from the shell: one header', async ({
  page,
}) => {
  await page.goto('/#/jobs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#site-header')).toHaveCount(1);
});

test('scrolling the page before React has loaded is kept when React takes over', async ({
  page,
}) => {
  const release = await holdBackReact(page);
  await page.goto('/#/about', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  release();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
});

test('a mouse resting on a menu before React has loaded opens it when React takes over', async ({
  page,
}) => {
  const release = await holdBackReact(page);
  await page.goto('/#/about', { waitUntil: 'domcontentloaded' });
  const services = page.getByRole('button', { name: 'Services' });
  await services.hover();
  await expect(services).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(services).toHaveAttribute('aria-expanded', 'true');
});

import { dedicatedRouteIds, routeIds, routes, type RouteId } from '@lumenfield/routes';
import { expect, live, test } from '../support/fixtures';

/** The heading each route shows; the job screens show their job (covered by careers tests). */
const screenRoutes = routeIds.filter(
  (
    id,
  ): id is Exclude<
    RouteId,
    | 'jobs'
    | 'job'
    | 'jobApply'
    | 'jobApplied'
    | 'applicant'
    | 'alerts'
    | 'alertConfirm'
    | 'alertUnsubscribe'
  > => id !== 'jobs' && !dedicatedRouteIds.includes(id),
);

test.describe('every route resolves to its screen, at its path and from old links', () => {
  for (const id of screenRoutes) {
    const path = routes[id].path;
    const forms =
      path === '/'
        ? ['/#/', '/', '/#']
        : [path, `/#${path}`, `/#${path.slice(1)}`, `/#${path}/`].filter((url) => url !== '/hr');
    test(`${id}: ${forms.join('  ')}`, async ({ page }) => {
      for (const url of forms) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(routes[id].title);
      }
    });
  }

  test('an unknown route shows a helpful not-found screen with links onward', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
    await page
      .getByRole('main')
      .getByRole('link', { name: /Careers/ })
      .click();
    await expect(page).toHaveURL(/\/careers$/);
  });
});

test.describe('desktop mega menu', () => {
  test('opens on hover and closes when the pointer leaves', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Services' });
    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('#mega-panel-services');
    await expect(panel.getByRole('link', { name: /Guidewire Solutions/ })).toBeVisible();
    await page.mouse.move(10, 700);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.getByRole('link', { name: /Guidewire Solutions/ })).toBeHidden();
  });

  test('is fully usable with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    const industries = page.getByRole('button', { name: 'Industries' });
    await industries.focus();
    await page.keyboard.press('Enter');
    await expect(industries).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(industries).toHaveAttribute('aria-expanded', 'false');
    await expect(industries).toBeFocused();

    await page.keyboard.press('ArrowRight');
    const services = page.getByRole('button', { name: 'Services' });
    await expect(services).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('#mega-panel-services');
    await expect(panel.getByRole('link', { name: /Guidewire Solutions/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('link', { name: /Print \(CCM\) Solutions/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/ccm$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print (CCM) Solutions');
    await live(page);
    await expect(services).toHaveAttribute('aria-expanded', 'false');

    await services.focus();
    await page.keyboard.press(' ');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: /Guidewire Solutions/ })).toBeFocused();
  });
});

test.describe('mobile menu', () => {
  test('at 799 px the Menu button opens a panel that traps focus and closes with Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 799, height: 900 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Industries' })).toBeHidden();

    await menu.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Close menu' })).toBeFocused();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await panel.getByRole('button', { name: 'Services' }).click();
    await panel.getByRole('link', { name: 'Desktop Services' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/services\/desktopservices$/);
  });

  test('at 800 px the desktop menu shows instead', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Industries' })).toBeVisible();
  });
});

test.describe('footer', () => {
  test('shows the current year, offices with tel: links, mailto and quick links', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
    for (const office of ['United States', 'India', 'Philippines']) {
      await expect(footer.getByText(office, { exact: true })).toBeVisible();
    }
    expect(await footer.locator('a[href^="tel:"]').count()).toBeGreaterThanOrEqual(4);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    const quick = footer.getByRole('navigation', { name: 'Quick links' });
    for (const name of ['Industries', 'Services', 'About', 'Careers', 'Contact Us']) {
      await expect(quick.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });
});

test.describe('scrolling', () => {
  test('a new route starts at the top; back restores the position', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy Policy' })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });
});

test('GET /hr redirects to the HR site', async ({ request }) => {
  const res = await request.get('/hr', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(/^https?:\/\//);
});

test.describe('navigation overlay and failures', () => {
  test('shows while a navigation runs and hides about 700 ms after it ends', async ({ page }) => {
    // Moving in place happens where the whole site runs: here the not-found page (the careers
    // pages, like the marketing pages, hydrate only their islands and load the next page).
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overlay = page.getByRole('status').filter({ hasText: 'Loading page' });
    await expect(overlay).toHaveCount(0);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy Policy' })
      .first()
      .click();
    await expect(overlay).toHaveCount(1);
    const shownAt = Date.now();
    await expect(overlay).toHaveCount(0, { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(500);
  });

  test('a screen that cannot load shows a clear error inside the shell, and the site recovers', async ({
    page,
  }) => {
    await page.route(/\/assets\/job-page-[^/]+\.js$/, (route) => route.abort());
    // The whole site runs from the not-found page; it moves to the list in place.
    await page.goto('/no-such-page');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Careers/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Career Opportunities');
    await page
      .getByRole('link', { name: /View details of LTP-/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This page could not be loaded',
    );
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
      'This page could not be loaded',
    );
  });
});

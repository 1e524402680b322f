import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mainNavigation } from '@lumenfield/routes';
import { routeIds, routes, type RouteId } from '@lumenfield/routes';
import {
  industryContent,
  industryPageFor,
  serviceContent,
  type IndustryPageId,
  type ServiceRouteId,
} from '@lumenfield/site-content';
import { expect, test } from '../support/fixtures';

const serviceRoutes = routeIds.filter((id) => routes[id].screen === 'service') as ServiceRouteId[];
const industryPages: IndustryPageId[] = ['industries', 'industriesLegal', 'industriesManlog'];

/** The Services groups of the mega menu: the families the tab strip shows. */
const families = mainNavigation.flatMap((item) =>
  item.kind === 'menu' && item.id === 'services' ? item.groups : [],
);

function familyOf(id: RouteId) {
  const family = families.find((group) => group.links.some((link) => link.route === id));
  if (!family) throw new Error(`${id} is in no Services group`);
  return family;
}

function tabStrip(page: Page, id: RouteId) {
  return page.getByRole('navigation', { name: `${familyOf(id).heading} services` });
}

const TEAL = 'rgb(15, 118, 110)';

test.describe('service pages', () => {
  for (const id of serviceRoutes) {
    test(`${routes[id].path} shows ${routes[id].title} and marks its tab`, async ({ page }) => {
      const entry = serviceContent[id];
      await page.goto(routes[id].path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes[id].title);
      await expect(page).toHaveTitle(`${routes[id].title} | Lumenfield Technology Partners`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        entry.description,
      );
      await expect(page.getByText(entry.lead)).toBeVisible();
      const offerings = page.getByRole('region', { name: entry.offerings.title });
      for (const item of entry.offerings.items) {
        await expect(
          offerings.getByRole('heading', { name: item.title, exact: true }),
        ).toBeVisible();
      }

      const strip = tabStrip(page, id);
      const family = familyOf(id);
      await expect(strip.getByRole('link')).toHaveText(family.links.map((link) => link.label));
      const current = strip.locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      const label = family.links.find((link) => link.route === id)?.label ?? '';
      await expect(current).toHaveText(label);
      // The highlight is visible, not only announced: a teal underline only the current tab has.
      await expect(current).toHaveCSS('border-bottom-color', TEAL);
      const other = strip.getByRole('link').filter({ hasNotText: label }).first();
      await expect(other).not.toHaveCSS('border-bottom-color', TEAL);

      await expect(page.getByRole('link', { name: 'Get in touch' })).toHaveAttribute(
        'href',
        '/contact',
      );
    });
  }

  test('the highlight follows the route when another tab is chosen', async ({ page }) => {
    await page.goto('/services');
    const strip = tabStrip(page, 'services');
    await strip.getByRole('link', { name: 'Print (CCM) Solutions' }).click();
    await expect(page).toHaveURL(/\/services\/ccm$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print (CCM) Solutions');
    await expect(strip.getByRole('link', { name: 'Print (CCM) Solutions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(strip.getByRole('link', { name: 'Guidewire Solutions' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('Guidewire Solutions covers ClaimCenter, PolicyCenter, BillingCenter and more', async ({
    page,
  }) => {
    await page.goto('/services');
    for (const name of [
      'ClaimCenter',
      'PolicyCenter',
      'BillingCenter',
      'Other insurance products',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
    const solutions = page.getByRole('region', { name: 'Solutions across the lifecycle' });
    await expect(solutions.getByRole('heading', { level: 3 })).toHaveText([
      'Production implementation',
      'Configuration',
      'Integration',
      'Quality assurance',
      'Automation',
      'Application maintenance and support',
      'Legacy modernization',
      'Application rationalization',
    ]);
  });

  test('Desktop Services covers image management, app packaging and Windows 10 migration', async ({
    page,
  }) => {
    await page.goto('/services/desktopservices');
    for (const name of ['Image management', 'Application packaging', 'Windows 10 migration']) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
    }
  });

  test("'What we Focus' shows People, Process, Technology and Data", async ({ page }) => {
    await page.goto('/pmo');
    const block = page.getByRole('region', { name: 'What we Focus' });
    await expect(block.getByRole('heading', { level: 3 })).toHaveText([
      'People',
      'Process',
      'Technology',
      'Data',
    ]);
  });

  test('on a phone the strip scrolls sideways with the current tab in view', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto('/qualityassurance');
    const strip = tabStrip(page, 'qualityAssurance');
    const list = strip.getByRole('list');
    const sizes = await list.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    await expect(strip.getByRole('link', { name: 'Quality Assurance' })).toBeInViewport();
    // Nothing in the page's content reaches past the right edge of a 320 px screen (content
    // inside a scrolling box, like the tabs themselves, is clipped and does not count).
    const widest = await page.getByRole('main').evaluate((main) => {
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p && p !== main; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        }
        return false;
      };
      const rights = Array.from(main.querySelectorAll('*'))
        .filter((el) => !clipped(el))
        .map((el) => el.getBoundingClientRect().right);
      return Math.max(...rights);
    });
    expect(widest).toBeLessThanOrEqual(320);
  });
});

test.describe('industry pages', () => {
  for (const id of industryPages) {
    test(`${routes[id].path} shows ${routes[id].title} with every section`, async ({ page }) => {
      const entry = industryContent[id];
      await page.goto(routes[id].path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes[id].title);
      await expect(page).toHaveTitle(`${routes[id].title} | Lumenfield Technology Partners`);
      await expect(page.getByText(entry.lead)).toBeVisible();
      for (const title of [
        entry.specialties.title,
        entry.partners.title,
        entry.philosophy.title,
        entry.howWeHelp.title,
      ]) {
        await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
      for (const item of entry.specialties.items) {
        await expect(page.getByRole('heading', { level: 3, name: item.title })).toBeVisible();
      }
      for (const partner of entry.partners.technology) {
        await expect(page.locator('#partners').getByText(partner, { exact: true })).toBeVisible();
      }

      const band = page.getByRole('region', { name: entry.getInTouch.title });
      await band.getByRole('link', { name: 'Get in touch' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.contact.title);
    });
  }

  const sectionRoutes = [
    ['industriesPartners', 'partners'],
    ['industriesHowWeHelp', 'how-we-help'],
  ] as const;
  for (const [id, section] of sectionRoutes) {
    test(`${routes[id].path} opens the Insurance page at its ${section} section`, async ({
      page,
    }) => {
      const entry = industryContent[industryPageFor[id]];
      const heading = section === 'partners' ? entry.partners.title : entry.howWeHelp.title;
      await page.goto(routes[id].path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insurance (P&C)');
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeInViewport();
      // The section starts just under the sticky header rather than somewhere off screen.
      await expect
        .poll(async () => (await page.locator(`#${section}`).boundingBox())?.y ?? -1)
        .toBeLessThan(120);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    });
  }

  test('the hero jumps to how we help on every industry page', async ({ page }) => {
    await page.goto('/industries/legal');
    await page.getByRole('link', { name: 'See how we help' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'How we help' })).toBeInViewport();
    await expect(page).toHaveURL(/\/industries\/legal#how-we-help$/);
  });
});

test.describe('no accessibility violations on the templates', () => {
  for (const path of ['/industries', '/industries/manlog', '/services', '/pmo']) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    });
  }
});

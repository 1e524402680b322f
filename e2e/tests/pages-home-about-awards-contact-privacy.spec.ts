import type { Page } from '@playwright/test';
import { routes } from '@lumenfield/routes';
import { HOME_CLAIMS } from '../../apps/web/src/features/home/home-claims.fixture';
import { expect, test } from '../support/fixtures';

const homeTitle = routes.home.title;

async function scrollY(page: Page) {
  return page.evaluate(() => window.scrollY);
}

test.describe('home', () => {
  test('shows the hero, expertise links, six Learn More cards, the claims and the about button', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeTitle);
    await expect(page).toHaveTitle(`${homeTitle} | Lumenfield Technology Partners`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Guidewire/);

    for (const claim of HOME_CLAIMS) {
      await expect(page.getByText(claim, { exact: true })).toBeVisible();
    }

    const expertise = page.locator('#expertise');
    await expect(expertise.getByRole('heading', { level: 2 })).toBeVisible();
    const expected = [
      '/services',
      '/services/ccm',
      '/services/productmanagement',
      '/services/businessoperation',
      '/services/digitalservices',
      '/services/desktopservices',
      '/services/hris',
      '/services/legalbusinessoperation',
    ];
    const hrefs = await expertise
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(expected);

    const learnMore = page
      .locator('#thought-leadership')
      .getByRole('link', { name: /^Learn More/ });
    await expect(learnMore).toHaveCount(6);
    await learnMore.first().click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.services.title);

    await page.goto('/');
    await page.getByRole('link', { name: 'About Lumenfield' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.about.title);
  });

  test("the 'Tell me:' select has five options, is about 61 px tall, and each option navigates", async ({
    page,
  }) => {
    await page.goto('/');
    const select = page.getByLabel('Tell me:');
    await expect(select.locator('option')).toHaveCount(5);
    const box = await select.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(58);
    expect(box?.height).toBeLessThanOrEqual(64);

    const targets: { url: RegExp; section?: string; h1: string }[] = [
      { url: /\/industries\/mahathipartners$/, section: '#partners', h1: routes.industries.title },
      {
        url: /\/contact\/whatwillhappen$/,
        section: '#what-will-happen',
        h1: routes.contact.title,
      },
      { url: /\/about\/founders$/, section: '#founders', h1: routes.about.title },
      { url: /\/industries\/howwehelp$/, section: '#how-we-help', h1: routes.industries.title },
      { url: /\/careers$/, h1: routes.careers.title },
    ];
    const labels = await select.locator('option').allTextContents();
    for (const [index, target] of targets.entries()) {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeTitle);
      if (index === 0) {
        // The first question is already showing: the button asks it.
        await page.getByRole('button', { name: 'Show me' }).click();
      } else {
        await page.getByLabel('Tell me:').selectOption({ label: labels[index] ?? '' });
      }
      await expect(page).toHaveURL(target.url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.h1);
      if (target.section) await expect(page.locator(target.section)).toBeInViewport();
    }
  });

  test('the timeline has four numbered steps and its marker dot follows the scroll', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/');
    const steps = page.locator('.timeline__steps > li');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0).getByRole('heading', { level: 3 })).toContainText('Step 1');

    const dot = page.getByTestId('timeline-dot');
    const dotTop = async () => Math.round((await dot.boundingBox())?.y ?? 0);
    await page.evaluate(() =>
      document.querySelector('.timeline')?.scrollIntoView({ block: 'start' }),
    );
    const inView = await dotTop();
    const start = await scrollY(page);
    await page.evaluate(() => window.scrollBy(0, 300));
    await expect.poll(() => scrollY(page)).toBe(start + 300);
    // Sticky: the page moved 300 px under it while the dot kept its place in the viewport,
    // so it travelled 300 px down the timeline with the reader.
    await expect.poll(dotTop).toBe(inView);
    expect(inView).toBeGreaterThan(0);
    expect(inView).toBeLessThan(700);
  });
  test('under reduced motion the timeline dot stays put at the first step', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/');
    const dot = page.getByTestId('timeline-dot');
    await expect(dot).toHaveCSS('position', 'static');
    await page.evaluate(() =>
      document.querySelector('.timeline')?.scrollIntoView({ block: 'start' }),
    );
    const before = (await dot.boundingBox())?.y ?? 0;
    await page.evaluate(() => window.scrollBy(0, 300));
    await expect
      .poll(async () => Math.round((await dot.boundingBox())?.y ?? 0))
      .toBe(Math.round(before - 300));
  });
});

test.describe('about', () => {
  test('shows purpose, values, founders, management, D&I, partnerships and giving', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.about.title);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: /Client centricity/ })).toBeVisible();
    for (const value of ['Reachable', 'Responsible', 'Reliable']) {
      await expect(main.getByRole('heading', { level: 3, name: value, exact: true })).toBeVisible();
    }
    const founders = page.locator('#founders');
    await expect(founders.getByRole('heading', { level: 3 })).toHaveCount(2);
    const team = page.locator('#management');
    expect(await team.getByRole('img', { name: /^Portrait of / }).count()).toBeGreaterThanOrEqual(
      6,
    );
    await expect(team.getByText('Chief Operating Officer')).toBeVisible();
    const diversity = page.locator('#diversity');
    await expect(diversity.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(diversity).toContainText('minority-owned');
    await expect(diversity).toContainText('small business');
    await expect(page.locator('#partnerships')).toContainText('Guidewire');
    await expect(
      page.locator('#community-giving').getByRole('heading', { level: 2 }),
    ).toBeVisible();
  });

  test('#/about/founders lands on the founders section', async ({ page }) => {
    await page.goto('/about/founders');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.about.title);
    await expect(page.locator('#founders')).toBeInViewport();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  });
});

test.describe('awards', () => {
  test('groups badges by year, each linking out in a new tab', async ({ page }) => {
    await page.goto('/awards');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.awards.title);
    const main = page.getByRole('main');
    for (const year of ['2019', '2020', '2023', '2024', '2025']) {
      const group = page.locator(`#awards-${year}`);
      await expect(group.getByRole('heading', { level: 2, name: year })).toBeVisible();
      await expect(group.getByRole('img', { name: new RegExp(`${year}$`) }).first()).toBeVisible();
    }
    await expect(main.getByText(/fastest-growing private companies/).first()).toBeVisible();
    await expect(main.getByText(/Fast-Growth Award/).first()).toBeVisible();

    const listings = main.getByRole('link', { name: /^View the listing/ });
    expect(await listings.count()).toBeGreaterThanOrEqual(5);
    for (const link of await listings.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\/[a-z.-]*example\.(com|org)\//);
    }

    await main
      .getByRole('link', { name: 'Interested in learning more? Get in touch with us' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.contact.title);
  });
});

test.describe('contact', () => {
  test('#/contact/whatwillhappen lands on the three next steps', async ({ page }) => {
    await page.goto('/contact/whatwillhappen');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.contact.title);
    const section = page.locator('#what-will-happen');
    await expect(section).toBeInViewport();
    for (const step of [
      'Technical consultation',
      'Connect with the tech team',
      'Onboarding the team',
    ]) {
      await expect(section.getByRole('heading', { level: 3, name: step })).toBeVisible();
    }
  });

  test('office tabs: USA first, maps load when a tab is first shown, keyboard moves tabs', async ({
    page,
  }) => {
    const frames: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document' && request.frame() !== page.mainFrame()) {
        frames.push(request.url());
      }
    });
    await page.goto('/contact');
    await page.waitForLoadState('load');
    // No map is asked for while the offices are out of sight: it would hold up the first paint.
    await expect(page.locator('.office-map iframe')).toHaveCount(0);
    expect(frames).toEqual([]);
    const tabs = page.getByRole('tablist', { name: 'Offices' });
    await tabs.scrollIntoViewIfNeeded();
    const usa = tabs.getByRole('tab', { name: 'USA' });
    const india = tabs.getByRole('tab', { name: 'India' });
    const philippines = tabs.getByRole('tab', { name: 'Philippines' });
    await expect(usa).toHaveAttribute('aria-selected', 'true');
    await expect(india).toHaveAttribute('aria-selected', 'false');

    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await expect(panel).toContainText('Stamford, CT 06902');
    await expect(panel).toContainText('Monday to Friday 8:00am to 8:00pm (Eastern)');
    await expect(panel.locator('a[href="tel:+15550102000"]')).toBeVisible();
    await expect(panel.locator('a[href="mailto:info@example.com"]')).toBeVisible();
    const usaMap = panel.locator('iframe[title="Map of our United States office"]');
    await expect(usaMap).toHaveAttribute('src', /openstreetmap\.org\/export\/embed\.html\?bbox=/);
    expect((await usaMap.boundingBox())?.height).toBe(450);

    const indiaMap = page.locator('iframe[title="Map of our India office"]');
    const philippinesMap = page.locator('iframe[title="Map of our Philippines office"]');
    await expect(indiaMap).toHaveCount(0);
    await expect(philippinesMap).toHaveCount(0);

    await india.click();
    await expect(india).toHaveAttribute('aria-selected', 'true');
    await expect(usa).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel')).toContainText('Hyderabad');
    await expect(page.getByRole('tabpanel')).toContainText(
      'Monday to Friday 10:00pm to 12:00pm (Eastern)',
    );
    await expect(indiaMap).toHaveCount(1);
    await expect(indiaMap).toBeVisible();
    await expect(philippinesMap).toHaveCount(0);

    await india.focus();
    await page.keyboard.press('ArrowRight');
    await expect(philippines).toBeFocused();
    await expect(philippines).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(
      'Monday to Friday 8:00pm to 9:00am (Eastern)',
    );
    await expect(philippinesMap).toHaveCount(1);
    await page.keyboard.press('Home');
    await expect(usa).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('Stamford');
    // Maps once shown are kept, not reloaded.
    await expect(indiaMap).toHaveCount(1);
  });
});

test.describe('privacy policy', () => {
  test('shows the effective date and the numbered sections in order, GDPR left empty', async ({
    page,
  }) => {
    await page.goto('/privacypolicy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.privacyPolicy.title);
    const main = page.getByRole('main');
    await expect(main).toContainText('Effective date: 6/23/2020');

    const headings = await main
      .locator('.policy__body section > h2')
      .evaluateAll((list) => list.map((h) => h.textContent?.trim() ?? ''));
    const topics = [
      /^1\. Personal Information We Collect/,
      /^2\. How We Use/,
      /^3\. How We Share/,
      /^4\. Data Storage/,
      /^5\. Other Sites/,
      /^6\. .*GDPR/,
      /^7\. Your Choices/,
      /^8\. Security/,
      /^9\. International Transfers/,
      /^10\. Children/,
      /^11\. Changes/,
      /^12\. Applicable Law/,
      /^13\. Contact/,
      /^14\. .*California/,
    ];
    expect(headings).toHaveLength(topics.length);
    topics.forEach((topic, index) => expect(headings[index]).toMatch(topic));

    const gdpr = main.locator('section#gdpr');
    await expect(gdpr.locator('p, ul, ol, h3')).toHaveCount(0);

    for (const phrase of [
      'not intended for children under 18',
      'anyone under 13',
      'a child under 16 without the consent of a parent or guardian, we will delete',
      'retained for over 4 years',
      'Requests cover the past 12 months',
      "California 'Shine the Light'",
      'An attestation that you are a California resident',
      'Your ZIP code',
      'Your street address',
      'property manager',
      'tenant',
      'vendor',
      'subscriber',
      'landlord',
    ]) {
      await expect(main).toContainText(phrase);
    }
    await expect(main.locator('a[href="mailto:info@example.com"]')).toBeVisible();
  });
});

test.describe('every page of this part', () => {
  const pages = [
    { path: '/', title: homeTitle },
    { path: '/about', title: routes.about.title },
    { path: '/awards', title: routes.awards.title },
    { path: '/contact', title: routes.contact.title },
    { path: '/privacypolicy', title: routes.privacyPolicy.title },
  ];
  for (const { path, title } of pages) {
    test(`${path}: title, description, one h1, landmarks, ordered headings, no overflow at 320 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} | Lumenfield Technology Partners`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        /^.{60,160}$/,
      );
      await expect(page.locator('h1')).toHaveCount(1);
      for (const role of ['banner', 'main', 'contentinfo'] as const) {
        await expect(page.getByRole(role)).toHaveCount(1);
      }
      expect(await page.getByRole('navigation').count()).toBeGreaterThanOrEqual(1);

      // Headings never skip a level going down (h2 -> h4 would).
      const levels = await page
        .locator('main :is(h1, h2, h3, h4, h5, h6)')
        .evaluateAll((list) => list.map((h) => Number(h.tagName.slice(1))));
      levels.forEach((level, index) => {
        if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1);
      });

      // Every drawing that means something has a name; the rest are hidden.
      const unnamed = await page
        .locator('main svg:not([aria-hidden="true"])')
        .evaluateAll((list) => list.filter((svg) => !svg.getAttribute('aria-label')).length);
      expect(unnamed).toBe(0);

      // Nothing in the page's content reaches past the right edge (scrolling strips aside).
      const overflowing = await page.locator('main').evaluate((main) => {
        const width = document.documentElement.clientWidth;
        return Array.from(main.querySelectorAll<HTMLElement>('*'))
          .filter((el) => el.getBoundingClientRect().right > width + 1)
          .filter((el) => !el.parentElement?.closest('[class*="tabs__list"], iframe'))
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      });
      expect(overflowing).toEqual([]);
    });
  }
});

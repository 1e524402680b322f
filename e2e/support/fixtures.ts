import { test as base, expect, type Page } from '@playwright/test';

/**
 * A page of the site is live once it answers: React has hydrated the whole site
 * (src/app/shell/screen-ready.tsx), or a marketing page's islands are armed and hold early
 * clicks until they hydrate (page-kit's schedule-islands.ts). A page with no code to run (a module
 * script, or the site's inline script that adds one after the first paint) is live at once.
 */
export async function live(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('script[type="module"], script[data-entry]') ||
      document.documentElement.dataset.ready === 'true',
  );
}

/**
 * Every test gets the running site as its baseURL; `page.goto('/about')` just works, and
 * returns once the page is live: its HTML shows before its code has run, and a click on a
 * button before then would do nothing.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await live(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await live(page);
      return response;
    };
    await use(page);
  },
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright (global setup).');
    await use(url);
  },
});

export { expect };

/** The recruiters' token the test server was started with. */
export const adminToken = () => process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-0123456789';

/** The second test server, whose database starts with no openings (see global setup). */
export function emptyBaseUrl(): string {
  const url = process.env.E2E_EMPTY_BASE_URL;
  if (!url)
    throw new Error('E2E_EMPTY_BASE_URL is not set: run through playwright (global setup).');
  return url;
}

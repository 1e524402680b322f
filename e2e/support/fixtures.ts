import { test as base, expect } from '@playwright/test';

/** Every test gets the running site as its baseURL; `page.goto('/#/about')` just works. */
export const test = base.extend({
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

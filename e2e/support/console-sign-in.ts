import type { Browser, Page } from '@playwright/test';
import type { UserRole } from '../../packages/contract/src/index';
import { expect, live } from './fixtures';

/** A console account as the specs sign in with it. */
export interface ConsolePerson {
  email: string;
  password: string;
}

/**
 * The SQLite console server's address (support/console-servers.ts): the specs of the console's
 * own behaviours, the same on either engine, run there.
 */
export function consoleUrl(): string {
  const url = process.env.E2E_CONSOLE_SQLITE_URL;
  if (!url) throw new Error('E2E_CONSOLE_SQLITE_URL is not set: run through playwright.');
  return url;
}

/** Fills the console's sign-in form on `page` and sends it. */
export async function signIn(page: Page, who: ConsolePerson) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * A new browser context at `path` of the console (on `baseURL`, the SQLite console server by
 * default), signed in as `who` through the form, back at `path`.
 */
export async function signedIn(
  browser: Browser,
  who: ConsolePerson,
  path: string,
  { baseURL = consoleUrl(), width = 1280 }: { baseURL?: string; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(path);
  await live(page);
  await signIn(page, who);
  // A password check is deliberately slow work for the server: give it time on a busy machine.
  const back = new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(page).toHaveURL(back, { timeout: 20_000 });
  return page;
}

/** An admin, on the Users page, adds `person`'s account with `role` through its form. */
export async function addPersonByAdmin(
  admin: Page,
  person: ConsolePerson & { name: string },
  role: UserRole,
) {
  const form = admin.getByRole('region', { name: 'Add a person' });
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Name').fill(person.name);
  await form.getByLabel('Role').selectOption(role);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(admin.getByText(`${person.name} is added.`)).toBeVisible();
}

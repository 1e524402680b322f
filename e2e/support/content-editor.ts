import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** "Publish now" on an open entry of the site content, and its answer once every page shows it. */
export async function publishNow(page: Page) {
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published: visitors see it now.')).toBeVisible({
    timeout: 30_000,
  });
}

/**
 * The entry's first revision (its seed) restored as the draft, replacing the draft there is when
 * the console asks; published next by the caller.
 */
export async function restoreFirstRevision(page: Page) {
  await page
    .getByRole('button', { name: /^Restore revision / })
    .last()
    .click();
  const replace = page.getByRole('dialog', { name: 'Replace the draft?' });
  if (await replace.isVisible()) {
    await replace.getByRole('button', { name: /^Restore revision / }).click();
  }
  await expect(
    page.getByText('The revision is the draft now: preview it, then publish it.'),
  ).toBeVisible();
}

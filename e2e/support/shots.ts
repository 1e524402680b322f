import fs from 'node:fs';
import type { Page } from '@playwright/test';

const SHOTS = process.env.SHOTS_DIR;

/** Full-page screenshots of `page` at 1440 and 390 px wide, into SHOTS_DIR when it is set. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** The screen as it is now (an open modal dialog as a person sees it), named by its width. */
export async function shootScreen(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
}

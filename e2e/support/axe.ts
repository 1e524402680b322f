import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (docs/performance.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for the page's finite animations (a dialog fading in, a panel sliding) to end: axe
 * measures colours as drawn, and a button half faded in has less contrast than the one a
 * person reads. Endless ones (a spinner) are left running.
 */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe finds nothing on the page as it is now; a failure lists each violation and its nodes.
 * `exclude` leaves out what axe cannot enter: a frame sandboxed without scripts never answers
 * axe's script, and the scan would wait on it forever (scan its HTML with expectNoViolationsInHtml).
 */
export async function expectNoViolations(
  page: Page,
  context: string,
  { exclude }: { exclude?: string } = {},
) {
  await settled(page);
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (exclude) builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n'),
  );
  expect(report, `axe violations on ${context}`).toEqual([]);
}

/**
 * The HTML given is scanned on its own, in a page of its own where scripts run (about:blank:
 * a page of the site would bring its CSP, which forbids axe's script).
 */
export async function expectNoViolationsInHtml(browser: Browser, html: string, context: string) {
  // (The runner gives new contexts this file's options: scripts are turned back on here.)
  const scannerContext = await browser.newContext({ javaScriptEnabled: true });
  const scanner = await scannerContext.newPage();
  try {
    await scanner.setContent(html, { waitUntil: 'load' });
    await expectNoViolations(scanner, context);
  } finally {
    await scannerContext.close();
  }
}

/**
 * axe runs as a script, and this page runs none: the page as it is now (its HTML, as the
 * server sent it) is scanned in a second page where scripts run, with the site's own scripts
 * taken out, so what is scanned is what the candidate without scripts has.
 */
export async function expectNoViolationsWithoutScripts(page: Page, context: string) {
  const html = (await page.content())
    .replace(/<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g, '')
    // Written into a page, a render-blocking link may never be released: axe waits on frames.
    .replace(/<link rel="expect"[^>]*>/g, '');
  await expectNoViolationsInHtml(page.context().browser()!, html, context);
}

/** axe finds nothing at a desktop's width (1440 px) nor at a phone's (390 px); back at 1440. */
export async function expectNoViolationsAtBothWidths(page: Page, what: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `${what} at ${width} px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

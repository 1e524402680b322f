// Takes full-page screenshots of routes at several widths in Debian's Chromium, so that what we
// build gets looked at. Usage:
//   node scripts/screenshots.mjs --base http://127.0.0.1:3000 --out /tmp/shots \
//     [--widths 1440,390] [--full] / /about /careers ...
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    out: { type: 'string', default: '/tmp/shots' },
    widths: { type: 'string', default: '1440,390' },
    full: { type: 'boolean', default: false },
  },
});
const routes = positionals.length > 0 ? positionals : ['/'];
mkdirSync(values.out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const width of values.widths.split(',').map(Number)) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 } });
  for (const route of routes) {
    await page.goto(`${values.base}${route.startsWith('/') ? '' : '/'}${route}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(900); // the navigation overlay fades after 700 ms
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: path.join(values.out, name), fullPage: values.full });
    console.log(`${name}${overflow > 0 ? `  (overflows by ${overflow}px!)` : ''}`);
  }
  await page.close();
}
await browser.close();

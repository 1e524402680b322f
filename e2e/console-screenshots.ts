// Full-page screenshots of the recruiters' console at several widths, signed in through the
// form, so a change to the console's styles can be compared before and after (ImageMagick's
// `compare -metric AE`). With --seed it first sends a few applications to the first opening.
// Usage (from e2e/):
//   npx tsx console-screenshots.ts --base http://127.0.0.1:3900 --out /tmp/console \
//     --email admin@example.com --password '…' [--widths 1440,390] [--seed]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { seedApplicants } from './support/seed-applicants';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    out: { type: 'string', default: '/tmp/console-shots' },
    widths: { type: 'string', default: '1440,390' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string', default: '' },
    seed: { type: 'boolean', default: false },
  },
});
const base = values.base;

async function firstOpening(): Promise<number> {
  const careers = await fetch(`${base}/careers`);
  const html = await careers.text();
  const id = /\/careers\/jobs\/(\d+)/.exec(html)?.[1];
  if (!id) throw new Error('no opening on /careers');
  return Number(id);
}

const jobId = await firstOpening();
if (values.seed) {
  await seedApplicants(base, jobId, 6, 'Okafor', (i) => (i % 2 ? 'LinkedIn' : ''));
  console.log(`seeded 6 applicants to opening ${jobId}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('[role="status"]')?.textContent?.startsWith('Loading'),
  );
  // The webfonts and the lazy screens (the editor, pdf.js) settle before the picture.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  // The page moves focus to its heading on arrival, which may scroll it by a few pixels.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
}

mkdirSync(values.out, { recursive: true });
for (const width of values.widths.split(',').map(Number)) {
  const context = await browser.newContext({
    viewport: { width, height: width < 800 ? 844 : 900 },
    reducedMotion: 'reduce',
    // The style added below (no scrollbar, no caret) is one the site's CSP refuses.
    bypassCSP: true,
  });
  // No scrollbar: a full-page picture lays the page out without one, and a chart that measures
  // its width (report-chart.tsx) would otherwise redraw during the capture.
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = 'html{scrollbar-width:none}*{caret-color:transparent!important}';
      document.head.append(style);
    });
  });
  const page = await context.newPage();
  const shot = async (name: string) => {
    await settle(page);
    await page.screenshot({ path: path.join(values.out, `${name}-${width}.png`), fullPage: true });
    console.log(`${name}-${width}.png`);
  };
  await page.goto(`${base}/recruiters/sign-in`);
  await shot('sign-in');
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Password').fill(values.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/recruiters\/openings/);
  const applicantsUrl = `${base}/recruiters/applicants`;
  await page.goto(applicantsUrl);
  await settle(page);
  const firstApplicant = await page
    .locator('a[href^="/recruiters/applicants/"]')
    .first()
    .getAttribute('href');
  const pages: Array<[string, string]> = [
    ['openings', '/recruiters/openings'],
    ['opening-new', '/recruiters/openings/new'],
    ['opening', `/recruiters/openings/${jobId}`],
    ['board', `/recruiters/openings/${jobId}/board`],
    ['applicants', '/recruiters/applicants'],
    ['applicant', firstApplicant ?? '/recruiters/applicants/1'],
    ['users', '/recruiters/users'],
    ['audit', '/recruiters/audit'],
    ['account', '/recruiters/account'],
    ['messages', '/recruiters/messages'],
    ['sources', '/recruiters/sources'],
    ['reports', '/recruiters/reports'],
  ];
  for (const [name, route] of pages) {
    await page.goto(`${base}${route}`);
    await shot(name);
  }
  await context.close();
}
await browser.close();

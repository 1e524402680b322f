import { adminApi } from '../support/admin-api';
import { expectNoViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shots';

const uniqueCode = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`.toUpperCase();

/**
 * A closed opening's page (docs/search.md): 410, the site's own page saying so in the
 * applicant's words and naming the opening, no JobPosting data for search engines, and a way on
 * to open ones like it and to all of them.
 */
test('a closed opening says it is no longer available, answers 410 without JobPosting data, and leads to the open ones', async ({
  page,
  baseURL,
  browser,
}) => {
  const admin = adminApi(baseURL!);
  const jobId = await admin.createOpening({
    JobCode: uniqueCode('E2E-GONE'),
    // A title no other spec posts: the careers list below is shared with specs running beside.
    JobTitle: 'Actuarial Claims Reviewer',
  });
  const open = await page.goto(`/careers/jobs/${jobId}`);
  expect(open?.status()).toBe(200);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

  await admin.updateOpening(jobId, { IsOpen: false });
  const gone = await page.goto(`/careers/jobs/${jobId}`);
  expect(gone?.status()).toBe(410);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This opening is no longer available' }),
  ).toBeVisible();
  await expect(page.getByText('This position has been filled or closed.')).toBeVisible();
  await expect(page.getByText('Closed: Actuarial Claims Reviewer')).toBeVisible();
  const like = page.getByRole('region', { name: 'Open roles like it' });
  const links = like.getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  expect(await links.count()).toBeLessThanOrEqual(3);
  await expect(like.getByRole('link', { name: 'Actuarial Claims Reviewer' })).toHaveCount(0);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // The site's own frame: its header's navigation is there.
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expectNoViolations(page, 'a closed opening');

  await shoot(page, 'closed-opening');
  const first = await links.first().getAttribute('href');
  expect(first).toMatch(/^\/careers\/jobs\/\d+$/);
  expect((await page.request.get(first!)).status()).toBe(200);

  await page.getByRole('link', { name: 'See all openings' }).click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect(page.getByRole('link', { name: 'Actuarial Claims Reviewer' })).toHaveCount(0);

  // Without scripts the page says the same.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  try {
    const noScript = await context.newPage();
    const answer = await noScript.goto(`/careers/jobs/${jobId}`);
    expect(answer?.status()).toBe(410);
    await expect(
      noScript.getByRole('heading', { level: 1, name: 'This opening is no longer available' }),
    ).toBeVisible();
    await expect(noScript.getByText('Closed: Actuarial Claims Reviewer')).toBeVisible();
    await expect(
      noScript.getByRole('region', { name: 'Open roles like it' }).getByRole('link').first(),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});

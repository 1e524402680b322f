import type { Page } from '@playwright/test';
import { dedicatedRouteIds, routeIds, routes } from '@lumenfield/routes';
import { APPLIED_SUCCESSFULLY } from '../../packages/contract/src/index';
import { adminApi } from '../support/admin-api';
import { adminToken, expect, test } from '../support/fixtures';
import { pdfWithText } from '../../apps/server/src/test/files';

/**
 * Browser-side security (docs/security.md): the pages run under the server's strict content security
 * policy with no violation anywhere, and script put into a job description runs nothing.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
    __pwned?: unknown;
  }
}

/** Records every CSP violation the page reports (events and console) for the whole visit. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (
      /Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())
    ) {
      fromConsole.push(message.text());
    }
  });
  return async () => [
    ...fromConsole,
    ...((await page.evaluate(() => window.__cspViolations ?? []).catch(() => [])) as string[]),
  ];
}

let seq = 0;
const uniqueCode = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++seq}`.toUpperCase();

test.describe('content security policy', () => {
  test('the page is served with a strict policy: no inline script, no eval, no framing', async ({
    page,
  }) => {
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
  });

  test('the watcher sees a real violation (so an empty list means something)', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes.about.title);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = "inline"';
      document.body.append(script);
    });
    await expect.poll(violations).toContainEqual(expect.stringContaining('script-src'));
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  });

  test('no violation on any route, scrolled to the end (lazy maps and pictures)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const violations = await watchCsp(page);
    // The job screens show their opening (the apply flow below); /hr redirects to the HR site.
    for (const id of routeIds.filter(
      (r) => !['jobs', 'hr'].includes(r) && !dedicatedRouteIds.includes(r),
    )) {
      await page.goto(routes[id].path);
      await expect(page.getByRole('heading', { level: 1 }), id).toHaveText(routes[id].title);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('load');
    }
    expect(await violations()).toEqual([]);
  });

  test('no violation through the whole apply flow', async ({ page, baseURL }) => {
    const admin = adminApi(baseURL!);
    const code = uniqueCode('E2E-CSP');
    const jobId = await admin.createOpening({ JobCode: code, JobTitle: 'Network Engineer' });
    const violations = await watchCsp(page);

    await page.goto('/careers');
    await page.goto(`/careers/jobs/${jobId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Network Engineer');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for Job' });
    const field = (label: string) => dialog.getByLabel(label, { exact: false });
    await field('First Name').fill('Mei');
    await field('Last Name').fill('Tanaka');
    await field('Mobile Number').fill('5550107788');
    await expect(dialog.getByRole('option', { name: 'India', exact: true })).toBeAttached();
    await field('Country').selectOption({ label: 'India' });
    await expect(dialog.getByRole('option', { name: 'Karnataka', exact: true })).toBeAttached();
    await field('State').selectOption({ label: 'Karnataka' });
    await field('City').fill('Mysuru');
    await field('Email').fill(`mei.tanaka.${Date.now()}@example.com`);
    await field('Resume').setInputFiles({
      name: 'mei-tanaka.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWithText('Mei Tanaka'),
    });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY })).toBeVisible();
    expect(await admin.applicants(jobId)).toHaveLength(1);

    // Over plain HTTP the page echoed the contract's cookie name.
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
    expect(await violations()).toEqual([]);
  });
});

test.describe('a job description with script in it', () => {
  const hostile =
    '<h2>About the team</h2><p>We build things.</p>' +
    '<script>window.__pwned = "script"; alert("script")</script>' +
    '<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">' +
    '<p><a href="javascript:window.__pwned=\'link\';alert(1)">Click for details</a></p>' +
    '<p><a href="https://example.com/benefits" onclick="window.__pwned=\'onclick\'">Benefits</a></p>' +
    '<svg><script>window.__pwned="svg"</script></svg>' +
    '<iframe src="javascript:alert(1)"></iframe>' +
    '<p style="background:url(javascript:alert(1))" onmouseover="window.__pwned=\'hover\'">Hover me</p>' +
    '<form action="https://example.com/steal"><button formaction="javascript:alert(1)">Send</button></form>';

  test('is stripped by the server and runs nothing on either job page', async ({
    page,
    baseURL,
  }) => {
    const admin = adminApi(baseURL!);
    const code = uniqueCode('E2E-XSS');
    const jobId = await admin.createOpening({
      JobCode: code,
      JobTitle: 'Security Analyst',
      Job_Description: hostile,
    });

    // The server kept only the allow-listed markup.
    const stored = await (
      await fetch(`${baseURL}/api/admin/jobs/${jobId}`, {
        headers: { Authorization: `Bearer ${adminToken()}` },
      })
    ).json();
    const description = String(stored.Job_Description);
    expect(description).toContain('<h2>About the team</h2>');
    expect(description).not.toMatch(
      /<script|onerror|onclick|onmouseover|javascript:|<iframe|<svg|<form|style=/i,
    );

    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const violations = await watchCsp(page);

    // Drawn in the browser (an old link) and rendered by the server (its path).
    for (const url of [`/#/jobs?JobID=${jobId}&PageFrom=careers`, `/careers/jobs/${jobId}`]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security Analyst');
      await expect(page.getByRole('heading', { name: 'About the team' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(
        main.locator('script, iframe, svg script, form, [onerror], [onclick]'),
      ).toHaveCount(0);
      const link = main.getByRole('link', { name: 'Click for details' });
      if ((await link.count()) > 0) {
        expect(await link.getAttribute('href')).not.toMatch(/^javascript:/i);
      }
      await main
        .getByText('Hover me')
        .hover()
        .catch(() => {});
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    expect(await violations()).toEqual([]);
  });
});

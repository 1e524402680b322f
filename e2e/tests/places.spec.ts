import type { Browser, Page } from '@playwright/test';
import { APPLIED_SUCCESSFULLY } from '../../packages/contract/src/index';
import { chicagoAndAustin } from '../../packages/contract/src/testing';
import { adminApi } from '../support/admin-api';
import { ana, dialogOf, expectErrorSummary, fillForm } from '../support/apply-dialog';
import { expectNoViolations, expectNoViolationsWithoutScripts } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { signIn } from '../support/console-sign-in';
import { statusLinkFor } from '../support/smtp-sink';
import { expect, live, test } from '../support/fixtures';
import { shoot } from '../support/shots';
import { pdfWithText } from '../../apps/server/src/test/files';

/*
 * An opening in two places (docs/recruiters.md "Places"): a recruiter builds it in the console's
 * place editor, a candidate chooses the second place by keyboard in the apply dialog, and the
 * recruiter sees the place applied for. Screenshots of the editor and the choice go to SHOTS_DIR
 * when set.
 */

async function newPage(browser: Browser, baseURL: string, width = 1280) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

async function go(page: Page, url: string) {
  await page.goto(url);
  await live(page);
}

test('a recruiter posts an opening in two places; a candidate chooses the second by keyboard; the recruiter sees it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const baseURL = process.env.E2E_CONSOLE_SQLITE_URL;
  test.skip(!baseURL, 'no console server (see global setup)');
  const code = `E2E-PL-${Date.now().toString(36)}`;

  const rita = await newPage(browser, baseURL!);
  await go(rita, '/recruiters/openings/new');
  await signIn(rita, CONSOLE_ADMIN);
  await expect(rita.getByRole('heading', { level: 1, name: 'New opening' })).toBeVisible();

  await rita.getByLabel('Code').fill(code);
  await rita.getByLabel('Title').fill('Claims Operations Analyst');
  const places = rita.getByRole('group', { name: 'Places' });
  const first = places.getByRole('group', { name: 'Place 1' });
  await first.getByLabel('City').fill('Pune');
  await first.getByLabel('Region').fill('IN-MH');
  await expect(first.getByRole('option', { name: 'India', exact: true })).toBeAttached();
  await first.getByLabel('Country').selectOption({ label: 'India' });
  // The second place by keyboard: Add a place, then its city has focus.
  await places.getByRole('button', { name: 'Add a place' }).focus();
  await rita.keyboard.press('Enter');
  const second = places.getByRole('group', { name: 'Place 2' });
  await expect(second.getByLabel('City')).toBeFocused();
  await rita.keyboard.type('Manila');
  await second.getByLabel('Country').selectOption({ label: 'Philippines' });
  await expectNoViolations(rita, 'the place editor');

  // Remote shows its countries; a remote opening without them is refused beside the field.
  await rita.getByLabel('Workplace').selectOption({ label: 'Remote' });
  await rita.getByRole('button', { name: 'Create opening' }).click();
  const remoteCountry = rita.getByLabel('Add a country');
  await expect(remoteCountry).toHaveAccessibleDescription(
    /A remote opening must name the countries it may be held from/,
  );
  await expectNoViolations(rita, 'the place editor with its errors');
  await shoot(rita, 'place-editor');
  await rita.getByLabel('Workplace').selectOption({ label: 'Hybrid' });
  await rita.getByRole('button', { name: 'Create opening' }).click();
  await expect(rita).toHaveURL(/\/recruiters\/openings\/\d+$/);
  const jobId = /\/openings\/(\d+)$/.exec(rita.url())![1]!;
  await expect(rita.getByLabel('Location')).toHaveValue('Pune, IN-MH, India · Manila, Philippines');

  // The candidate: the job page names both places; the dialog asks which.
  const visitor = await newPage(browser, baseURL!);
  await go(visitor, `/careers/jobs/${jobId}`);
  await expect(visitor.getByText('Pune, MH, India')).toBeVisible();
  await expect(visitor.getByText('Manila, Philippines')).toBeVisible();
  await expectNoViolations(visitor, 'the job page with two places');
  await shoot(visitor, 'job-page-places');
  await visitor.getByRole('button', { name: 'Apply', exact: true }).first().click();
  const dialog = dialogOf(visitor);
  await fillForm(visitor, ana, {
    name: 'ana-okafor-cv.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithText('Ana Maria Okafor - Claims Operations Analyst'),
  });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const choice = dialog.getByRole('group', { name: /Where would you work\?/ });
  const summary = await expectErrorSummary(dialog, [
    'Please choose the place you would work from.',
  ]);
  await expect(choice).toHaveAccessibleDescription('Please choose the place you would work from.');
  await expectNoViolations(visitor, 'the place choice with its error');
  // The summary's link leads to the first place.
  await summary.getByRole('link').press('Enter');
  await expect(dialog.getByRole('radio', { name: 'Pune, MH, India' })).toBeFocused();
  await visitor.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Manila, Philippines' })).toBeChecked();
  await expectNoViolations(visitor, 'the place choice, chosen');
  await shoot(visitor, 'place-choice');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(visitor.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY })).toBeVisible();

  // The recruiter sees the place applied for.
  await go(rita, `/recruiters/applicants?jobId=${jobId}`);
  await rita
    .getByRole('link', { name: new RegExp(ana.last) })
    .first()
    .click();
  const sent = rita.getByRole('region', { name: 'What they sent' });
  await expect(sent.getByText('Place applied for')).toBeVisible();
  await expect(sent.getByText('Manila, Philippines')).toBeVisible();
  await expectNoViolations(rita, 'the applicant page');
});

test('a remote opening offers "Remote from Poland"; the page parts its places; the recruiter sees the choice', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const baseURL = process.env.E2E_CONSOLE_SQLITE_URL;
  test.skip(!baseURL, 'no console server (see global setup)');
  const jobId = await adminApi(baseURL!).createOpening({
    JobCode: `E2E-RM-${Date.now().toString(36)}`.toUpperCase(),
    JobTitle: 'Remote Claims Data Engineer',
    JobLocation: 'Chicago or Austin, or remote',
    WorkplaceType: 'REMOTE',
    Locations: chicagoAndAustin.map(({ city, region, country }) => ({
      City: city,
      Region: region,
      Country: country,
    })),
    RemoteCountries: ['PL', 'PT'],
  });

  // The job page at desktop width: its places parted, in text too.
  const visitor = await newPage(browser, baseURL!, 1440);
  await go(visitor, `/careers/jobs/${jobId}`);
  const places = visitor.locator('.job-places__list');
  expect(await places.innerText()).toMatch(
    /^Chicago, IL, United States\s+·\s+Austin, TX, United States$/,
  );
  await visitor.getByRole('button', { name: 'Apply', exact: true }).first().click();
  const dialog = dialogOf(visitor);
  await fillForm(visitor, ana, {
    name: 'ana-okafor-cv.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithText('Ana Maria Okafor - Remote Claims Data Engineer'),
  });
  const choice = dialog.getByRole('group', { name: /Where would you work\?/ });
  await expect(choice.getByRole('radio')).toHaveCount(4);
  await choice.getByRole('radio', { name: 'Remote from Poland' }).check();
  await expectNoViolations(visitor, 'the place choice with remote countries');
  await shoot(visitor, 'remote-place-choice');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(visitor.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY })).toBeVisible();

  // Their own page names the choice in the job page's words.
  await visitor.goto(await statusLinkFor(ana.email, 'Remote Claims Data Engineer'));
  await expect(visitor.getByText('Remote from Poland', { exact: true })).toBeVisible();
  await expectNoViolations(visitor, 'the status page of a remote choice');

  // Without scripts the apply page offers the same choices as radios of one group.
  const context = await browser.newContext({
    baseURL: baseURL!,
    javaScriptEnabled: false,
    viewport: { width: 1440, height: 900 },
  });
  try {
    const noScript = await context.newPage();
    await noScript.goto(`/careers/jobs/${jobId}/apply`);
    const group = noScript.getByRole('group', { name: /Where would you work\?/ });
    await expect(group.getByRole('radio', { name: 'Remote from Poland' })).toHaveValue('remote-PL');
    await expectNoViolationsWithoutScripts(noScript, 'the apply page with remote countries');
    await shoot(noScript, 'remote-apply-page');
  } finally {
    await context.close();
  }

  // The recruiter sees where.
  const rita = await newPage(browser, baseURL!);
  await go(rita, `/recruiters/applicants?jobId=${jobId}`);
  await signIn(rita, CONSOLE_ADMIN);
  await rita
    .getByRole('link', { name: new RegExp(ana.last) })
    .first()
    .click();
  const sent = rita.getByRole('region', { name: 'What they sent' });
  await expect(sent.getByText('Remote from Poland')).toBeVisible();
  await expectNoViolations(rita, 'the applicant page with a remote choice');
  await shoot(rita, 'console-applicant-remote');
});

import { test as base, expect, type Page } from '@playwright/test';
import {
  APPLIED_SUCCESSFULLY,
  wirePlaceOf,
  wireQuestionOf,
  type Question,
} from '../../packages/contract/src/index';
import { analystQuestions, chicagoAndAustin } from '../../packages/contract/src/testing';
import { pdfWithText } from '../../apps/server/src/test/files';
import { adminApi } from '../support/admin-api';
import { expectNoViolationsWithoutScripts } from '../support/axe';
import { live as liveOf } from '../support/fixtures';

/**
 * The site's own fixtures wait for a page's scripts to make it live; here none run, so a page
 * is ready once loaded. Only the running site's address is taken from the global setup.
 */
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright (global setup).');
    await use(url);
  },
});

/**
 * A candidate with scripts off (docs/careers.md, "Applying without scripts"): the job page's
 * Apply is a link to the opening's own form, a plain multipart post that the server answers
 * with the form again (every value kept, the sentences beside the fields) or a 303 to the
 * thank-you page.
 */
test.use({ javaScriptEnabled: false });

const resume = {
  name: 'maria-lopez.pdf',
  mimeType: 'application/pdf',
  buffer: pdfWithText('Maria Lopez, analyst'),
};

/** Asked besides the analyst opening's questions: a yes or no, answered with a radio. */
const authorised: Question = {
  key: 'authorised',
  label: 'Authorised to work in the US?',
  type: 'yes_no',
  required: true,
};

/** Focus a control and type into it, as a keyboard user does. */
async function typeInto(page: Page, label: string | RegExp, text: string) {
  const field = page.getByLabel(typeof label === 'string' ? new RegExp(`^${label}\\b`) : label);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test('apply without scripts: questions, a wrong answer kept and fixed, the thank-you page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const code = `NS-${Date.now().toString(36)}`;
  const admin = adminApi(baseURL!);
  const jobId = await admin.createOpening({
    JobCode: code,
    JobTitle: 'Claims Data Analyst',
    JobLocation: 'Chicago, IL, USA; Austin, TX, USA',
  });
  // (Set by a change: the published create drops Locations and Questions today.)
  await admin.updateOpening(jobId, {
    Locations: chicagoAndAustin.map(wirePlaceOf),
    Questions: [...analystQuestions, authorised].map(wireQuestionOf),
  });

  await page.goto(`/careers/jobs/${jobId}`);
  const apply = page.getByRole('link', { name: 'Apply' }).first();
  await apply.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/careers/jobs/${jobId}/apply$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Apply for Job');
  await expectNoViolationsWithoutScripts(page, 'the apply page');

  await typeInto(page, 'First Name', 'Maria');
  await typeInto(page, 'Last Name', 'Lopez');
  await typeInto(page, 'Mobile Number', '5551234567');
  await page.getByLabel(/^Country/).selectOption({ label: 'United States of America' });
  // Without scripts the states come with the form: "Show states" posts it back, kept.
  await page.getByRole('button', { name: 'Show states' }).press('Enter');
  await expect(
    page.getByText('The states of the chosen country are in the list below.'),
  ).toBeVisible();
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Maria');
  await page.getByLabel(/^State/).selectOption({ label: 'Illinois' });
  await typeInto(page, 'city', 'Springfield');
  await typeInto(page, 'email', `maria.${code.toLowerCase()}@example.com`);
  await typeInto(page, /Years with SQL/, 'four');
  await page.getByRole('checkbox', { name: 'Tableau' }).press('Space');
  await page
    .getByRole('group', { name: /Authorised to work/ })
    .getByRole('radio', { name: 'Yes' })
    .press('Space');
  await page.getByRole('radio', { name: /Austin/ }).press('Space');
  await page.getByLabel(/^Resume/).setInputFiles(resume);
  await page.getByRole('button', { name: 'Apply', exact: true }).press('Enter');

  // The wrong answer: a sentence at the top and beside the question, everything else kept.
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('“Years with SQL” must be a number, such as 5 or 2.5.');
  await expect(page.getByLabel(/Years with SQL/)).toHaveValue('four');
  await expect(page.getByLabel(/^First Name/)).toHaveValue('Maria');
  await expect(page.getByLabel(/^State/)).toHaveValue(/\d+/);
  await expect(page.getByRole('checkbox', { name: 'Tableau' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Austin/ })).toBeChecked();
  await expect(page.getByText('You chose “maria-lopez.pdf”')).toBeVisible();
  await expectNoViolationsWithoutScripts(page, 'the apply page with a wrong answer');

  // The summary's link leads to the question.
  await summary.getByRole('link', { name: /Years with SQL/ }).press('Enter');
  await expect(page).toHaveURL(/#apply-answers-years$/);
  await typeInto(page, /Years with SQL/, '4');
  await page.getByLabel(/^Resume/).setInputFiles(resume);
  await page.getByRole('button', { name: 'Apply', exact: true }).press('Enter');

  await expect(page).toHaveURL(new RegExp(`/careers/jobs/${jobId}/applied$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(APPLIED_SUCCESSFULLY);
  await expectNoViolationsWithoutScripts(page, 'the thank-you page');
  // A reload shows the page again and sends nothing (post/redirect/get).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(APPLIED_SUCCESSFULLY);

  const applicants = await admin.applicants(jobId);
  expect(applicants).toHaveLength(1);
  expect(applicants[0]!.FirstName).toBe('Maria');
});

test('the form without scripts is styled as the dialog is: the same field height', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = adminApi(baseURL!);
  const jobId = await admin.createOpening({
    JobCode: `NS-H-${Date.now().toString(36)}`,
    JobTitle: 'Claims Data Analyst',
    JobLocation: 'Austin, TX, USA',
  });
  const heightOf = (scope: Page | ReturnType<Page['getByRole']>) =>
    scope
      .getByLabel(/^First Name/)
      .evaluate((input) => Number.parseFloat(getComputedStyle(input).height));

  await page.goto(`/careers/jobs/${jobId}/apply`);
  const withoutScripts = await heightOf(page);
  // Touch targets of at least 24 px (WCAG 2.5.8), and the form's own look, not the browser's.
  expect(withoutScripts).toBeGreaterThanOrEqual(24);

  // This file's contexts have scripts off; the dialog's page needs them.
  const scripted = await browser.newContext({ baseURL, javaScriptEnabled: true });
  try {
    const live = await scripted.newPage();
    await live.goto(`/careers/jobs/${jobId}`);
    await liveOf(live);
    await live.getByRole('button', { name: 'Apply', exact: true }).click();
    const dialog = live.getByRole('dialog', { name: 'Apply for Job' });
    await expect(dialog.getByLabel(/^First Name/)).toBeVisible();
    expect(await heightOf(dialog)).toBe(withoutScripts);
  } finally {
    await scripted.close();
  }
});

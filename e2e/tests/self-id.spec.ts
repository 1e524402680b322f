import type { Locator, Page } from '@playwright/test';
import {
  APPLIED_SUCCESSFULLY,
  FEWER_THAN_LABEL,
  SELF_ID_API_PATH,
  jobOpeningListSchema,
  selfIdCopy,
} from '../../packages/contract/src/index';
import { applicationBody, pageWrite } from '../support/applications';
import { dialogOf, fillForm, type Applicant } from '../support/apply-dialog';
import { expectNoViolations } from '../support/axe';
import { expect, live, test } from '../support/fixtures';
import { COMPLIANCE_USER } from '../support/self-id-server';
import { pdfWithText } from '../../apps/server/src/test/files';

/**
 * Voluntary self-identification on a server started with SELF_ID=us (global setup): a
 * candidate applies, answers the optional form by keyboard and is thanked; the compliance
 * person sees counts only, none below five.
 */

function selfIdUrl(): string {
  const url = process.env.E2E_SELF_ID_BASE_URL;
  if (!url) throw new Error('E2E_SELF_ID_BASE_URL is not set: run through playwright.');
  return url;
}

const FIXED = { 'X-Requested-With': 'XMLHttpRequest' };
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Five earlier candidates who answered through the API, so that some counts reach five. */
async function fiveEarlierAnswers(base: string, jobId: number) {
  for (let i = 0; i < 5; i++) {
    const applied = await pageWrite(
      base,
      `/Jobs/SaveApplicantDetail?jobID=${jobId}`,
      applicationBody(
        {
          FirstName: 'Earlier',
          LastName: 'Candidate',
          MobileNumber: `555010${String(1000 + i)}`,
          Email: `earlier.${Date.now().toString(36)}.${i}@example.com`,
        },
        `Earlier candidate ${i}`,
        `earlier-${i}.pdf`,
      ),
    );
    expect(applied.status).toBe(201);
    const { SelfIdToken } = (await applied.json()) as { SelfIdToken: string };
    const answered = await pageWrite(base, SELF_ID_API_PATH, {
      token: SelfIdToken,
      answers: { gender: 'female', raceEthnicity: ['asian'], veteran: 'not-protected' },
    });
    expect(answered.status).toBe(201);
  }
}

/** Presses Tab until `target` has focus: the keyboard's way to a control. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 120; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

test.describe('voluntary self-identification (SELF_ID=us)', () => {
  test.describe.configure({ mode: 'serial' });

  test('a candidate applies, answers the optional form by keyboard, and the compliance person sees counts only', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const base = selfIdUrl();
    const list = jobOpeningListSchema.parse(
      await (
        await fetch(`${base}/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0`, {
          headers: FIXED,
        })
      ).json(),
    );
    const opening = list[0]!;
    await fiveEarlierAnswers(base, opening.Job_id);

    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`/careers/jobs/${opening.Job_id}`);
    await live(page);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const candidate: Applicant = {
      first: 'Noor',
      last: 'Haddad',
      mobile: '5550107788',
      country: 'United States of America',
      state: 'Texas',
      city: 'Austin',
      email: `noor.haddad.${Date.now().toString(36)}@example.com`,
    };
    await fillForm(page, candidate, {
      name: 'noor-haddad.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWithText('Noor Haddad, data engineer'),
    });
    await dialogOf(page).getByRole('button', { name: 'Apply' }).click();

    // The thank-you, and beside it the optional form, folded.
    const alert = page.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY });
    await expect(alert).toBeVisible();
    const offer = alert.getByRole('region', { name: /Voluntary self-identification/ });
    await expect(offer).toContainText(selfIdCopy.optional);
    await expect(offer).toContainText('No one who reviews your application');
    await expect(alert.getByRole('button', { name: 'OK' })).toBeFocused();
    await expectNoViolations(page, 'the thank-you with the self-identification offer');

    // By keyboard: open the form, choose an answer in each group, send.
    await tabTo(page, offer.getByRole('button', { name: 'Answer the optional form' }));
    await page.keyboard.press('Enter');
    const group = (name: string | RegExp) => offer.getByRole('group', { name });
    await expect(group('Gender')).toBeVisible();
    await expect(group(/Race and ethnicity/)).toBeVisible();
    await expect(group('Protected veteran status')).toBeVisible();
    const disability = group('Voluntary Self-Identification of Disability');
    await expect(disability).toContainText('Form CC-305');
    await expect(disability).toContainText('OMB Control Number 1250-0005');
    await expect(disability).toContainText(/Expires \d\d\/\d\d\/\d{4}/);
    for (const name of [
      'Gender',
      /Race and ethnicity/,
      'Protected veteran status',
      'Voluntary Self-Identification of Disability',
    ]) {
      await expect(group(name).getByLabel('I do not wish to answer')).toHaveCount(1);
    }
    await expectNoViolations(page, 'the self-identification form');

    const female = group('Gender').getByRole('radio', { name: 'Female' });
    await expect(female).toBeFocused();
    await page.keyboard.press('Space');
    await expect(female).toBeChecked();
    for (const name of ['Asian', 'Middle Eastern or North African']) {
      const box = group(/Race and ethnicity/).getByRole('checkbox', { name });
      await tabTo(page, box);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    const notVeteran = group('Protected veteran status').getByRole('radio', {
      name: 'I am not a protected veteran',
    });
    await tabTo(page, group('Protected veteran status').getByRole('radio').first());
    await page.keyboard.press('ArrowDown');
    await expect(notVeteran).toBeChecked();
    const declined = disability.getByRole('radio', { name: 'I do not wish to answer' });
    await tabTo(page, disability.getByRole('radio').first());
    await page.keyboard.press('ArrowUp');
    await expect(declined).toBeChecked();
    await tabTo(page, offer.getByRole('button', { name: selfIdCopy.submit }));
    await page.keyboard.press('Enter');
    await expect(offer.getByRole('status')).toHaveText(selfIdCopy.thanks);
    await expect(offer.getByRole('status')).toBeFocused();
    await expectNoViolations(page, 'the thank-you after the answers');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toBeHidden();
    await context.close();

    // The compliance person signs in and lands on the report: counts, none below five.
    const desk = await browser.newContext({
      baseURL: base,
      viewport: { width: 1440, height: 900 },
    });
    const report = await desk.newPage();
    await report.goto('/recruiters/sign-in');
    await live(report);
    await report.getByLabel('Email').fill(COMPLIANCE_USER.email);
    await report.getByLabel('Password').fill(COMPLIANCE_USER.password);
    await report.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(report).toHaveURL(/\/recruiters\/self-identification$/);
    await expect(
      report.getByRole('heading', { level: 1, name: 'Self-identification' }),
    ).toBeVisible();
    const nav = report.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link')).toHaveText(['Self-identification']);
    const section = report.getByRole('region', { name: literally(opening.JobTitle) });
    const gender = section.getByRole('table', { name: literally(`${opening.JobTitle}: Gender`) });
    await expect(gender.getByRole('row', { name: /^Female/ })).toContainText('6');
    await expect(gender.getByRole('row', { name: /^Male/ })).toContainText(FEWER_THAN_LABEL);
    const race = section.getByRole('table', { name: /Race and ethnicity/ });
    await expect(race.getByRole('row', { name: /^Asian/ })).toContainText('6');
    await expect(race.getByRole('row', { name: /^Middle Eastern/ })).toContainText(
      FEWER_THAN_LABEL,
    );
    // No cell holds a number below five.
    const cells = await section.locator('td.rc-num').allTextContents();
    for (const cell of cells) {
      if (cell !== FEWER_THAN_LABEL) expect(Number(cell)).toBeGreaterThanOrEqual(5);
    }
    await expectNoViolations(report, 'the self-identification report');

    // Applicants are not theirs to see.
    await report.goto('/recruiters/applicants');
    await live(report);
    await expect(report.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await desk.close();
  });
});

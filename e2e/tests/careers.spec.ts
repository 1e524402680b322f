import type { Page } from '@playwright/test';
import {
  APPLIED_SUCCESSFULLY,
  CLOSED_OPENING_MESSAGE,
  applicationMessages,
  jobOpeningListSchema,
  openingsCountText,
  postedAgeText,
} from '../../packages/contract/src/index';
import { adminApi } from '../support/admin-api';
import {
  ana,
  dialogOf,
  expectErrorSummary,
  fillForm,
  type Applicant,
} from '../support/apply-dialog';
import { emptyBaseUrl, expect, test } from '../support/fixtures';
import { docxFile, pdfWithText, sha256 } from '../../apps/server/src/test/files';

const NETWORK_ERROR =
  "We couldn't reach our server. Check your connection and try again; nothing you typed was lost.";

let codeSeq = 0;
/** A JobCode no other test (or run) uses. */
const uniqueCode = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++codeSeq}`.toUpperCase();

async function expectApplied(page: Page) {
  const alert = page.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY });
  await expect(alert).toBeVisible();
  await expect(dialogOf(page)).toBeHidden();
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

test.describe('careers list on the demo data', () => {
  test('shows the demo openings with their age texts, count line and links', async ({
    page,
    request,
  }) => {
    const openingsNow = async () => {
      const answer = await request.get(
        '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0',
        { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
      );
      return jobOpeningListSchema.parse(await answer.json());
    };
    // Ages are whole minutes, and a cached answer is of this minute or of the one before while
    // the next is made (docs/performance.md, "Live pages"), the page's and the API's alike: the
    // page shows an age from a minute under the first API answer's to a minute over the second's.
    const before = await openingsNow();
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Career Opportunities');
    await expect(page.getByRole('heading', { level: 2, name: /Current Opening/ })).toBeVisible();
    const openings = await openingsNow();
    await expect(
      page.getByRole('heading', { level: 2, name: openingsCountText(openings.length) }),
    ).toBeVisible();

    // The demo openings were posted 12 minutes, 65 minutes, 5 h 20, 1 day, 3, 6 and 12 days ago.
    const list = page.locator('.openings__list');
    for (const text of [
      '1 Hour ago',
      '5 Hours ago',
      '1 day ago',
      '3 days ago',
      '6 days ago',
      '12 days ago',
    ])
      await expect(list.getByText(text, { exact: true })).toBeVisible();
    await expect(list.getByText(/^\d+ Minute ago$/).first()).toBeVisible();

    for (const job of openings.filter((o) => o.JobCode.startsWith('LTP-'))) {
      const row = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: `${job.JobCode} - ${job.JobTitle}` }),
      });
      const earliest = (before.find((o) => o.Job_id === job.Job_id) ?? job).MinuteCount - 1;
      const ages = new Set<string>();
      for (let minutes = Math.max(0, earliest); minutes <= job.MinuteCount + 1; minutes += 1)
        ages.add(
          postedAgeText({
            days: Math.floor(minutes / 1440),
            hours: Math.floor(minutes / 60),
            minutes,
          }),
        );
      const either = [...ages].map((age) => age.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
      await expect(row.getByText(new RegExp(`^(${either})$`))).toBeVisible();
      await expect(row.getByText(job.JobLocation, { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Easy Apply', exact: true })).toBeVisible();
      await expect(
        row.getByRole('link', { name: `View details of ${job.JobCode} - ${job.JobTitle}` }),
      ).toHaveAttribute('href', `/careers/jobs/${job.Job_id}`);
    }

    const first = openings[0]!;
    await page
      .getByRole('link', { name: `View details of ${first.JobCode} - ${first.JobTitle}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/careers/jobs/${first.Job_id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.JobTitle);
  });

  test("'Loading...' shows while a request is pending and hides after it", async ({ page }) => {
    // The careers list and a job page come with their data, and their links load pages; a page
    // the whole site draws (here the not-found page) moves to the list in place and asks the
    // API for its openings.
    await page.goto('/no-such-page');
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/openings', async (route) => {
      await released;
      await route.continue();
    });
    await page
      .getByRole('main')
      .getByRole('link', { name: /Careers/ })
      .click();
    const overlay = page.getByRole('status').filter({ hasText: 'Loading...' });
    await expect(overlay).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 2, name: /Current Opening/ })).toBeVisible();
    await expect(overlay).toBeHidden();
  });

  test('no horizontal overflow at 320 px, list and dialog', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/careers');
    await page
      .getByRole('button', { name: /^Easy Apply/ })
      .first()
      .waitFor();
    // Every box of the careers screen (the shell's header and footer are tested with the shell).
    const overflowing = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('main *, dialog[open] *'))
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((element) => element.className || element.tagName),
      );
    expect(await overflowing()).toEqual([]);
    await page
      .getByRole('button', { name: /^Easy Apply/ })
      .first()
      .click();
    await expect(dialogOf(page)).toBeVisible();
    const box = await dialogOf(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(await overflowing()).toEqual([]);
  });
});

test.describe('job detail', () => {
  test.use({ timezoneId: 'UTC' });

  test('works from a bookmarked URL, and from sessionStorage when the query lacks JobID', async ({
    page,
    request,
  }) => {
    const detailAnswer = await request.get(
      '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0',
      { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
    );
    const job = jobOpeningListSchema
      .parse(await detailAnswer.json())
      .find((o) => o.JobCode === 'LTP-GW-1187')!;
    const detail = (await (
      await request.get(
        `/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpeningsDetail&jobID=${job.Job_id}`,
        {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        },
      )
    ).json()) as Array<{ EffectiveFrom: string }>;

    await page.goto(`/careers/jobs/${job.Job_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.JobTitle);
    const side = page.getByRole('complementary', { name: 'Job summary' });
    await expect(side.getByText(job.JobCode, { exact: true })).toBeVisible();
    await expect(side.getByRole('listitem').filter({ hasText: 'Rahul Menon' })).toBeVisible();
    await expect(side.getByRole('link', { name: 'anjali.deshpande@example.com' })).toHaveAttribute(
      'href',
      'mailto:anjali.deshpande@example.com',
    );
    await expect(side.getByRole('listitem').filter({ hasText: 'Anjali Deshpande' })).toContainText(
      'anjali.deshpande@example.com',
    );
    const iso = detail[0]!.EffectiveFrom;
    const expected = `${iso.slice(0, 10)} ${new Date(iso).toISOString().slice(11, 16)}`;
    await expect(page.getByText(`Effective from ${expected}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Responsibilities' })).toBeVisible();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    // One Apply button at any width: in the band on wide screens, in a bar at the foot on phones.
    const apply = page.getByRole('button', { name: 'Apply', exact: true });
    await expect(apply).toHaveCount(1);
    await expect(apply).toBeInViewport();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(apply).toHaveCount(1);
    await page.getByRole('heading', { name: 'Experience' }).scrollIntoViewIfNeeded();
    await expect(apply).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 800 });

    // The same tab, without the query: the JobID kept in sessionStorage is used.
    await page.goto('/careers');
    await page.goto('/jobs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.JobTitle);
    expect(await page.evaluate(() => sessionStorage.getItem('JobID'))).toBe(String(job.Job_id));

    await page.getByRole('link', { name: 'Back to All Jobs' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Career Opportunities');
  });

  test('an unknown job says so and offers the way back', async ({ page }) => {
    // An old link, drawn in the browser.
    await page.goto('/#/jobs?JobID=987654&PageFrom=careers');
    await expect(page).toHaveURL(/\/careers\/jobs\/987654$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This opening is no longer available',
    );
    await page.getByRole('link', { name: 'See all openings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Career Opportunities');

    // Its path, from the server: a real 404, the job screen saying so.
    const response = await page.goto('/jobs?JobID=987654&PageFrom=careers');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/careers\/jobs\/987654$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('There is no such opening');
    await page.getByRole('link', { name: 'See all openings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Career Opportunities');
  });
});

test.describe('applying through the page, checked through the recruiters API', () => {
  test('a real PDF from the list: stored with the same bytes and fields', async ({
    page,
    baseURL,
  }) => {
    const admin = adminApi(baseURL!);
    const code = uniqueCode('E2E-PDF');
    const jobId = await admin.createOpening({ JobCode: code, JobTitle: 'Claims QA Analyst' });
    const pdf = pdfWithText('Ana Maria Okafor - QA Analyst');

    await page.goto('/careers');
    const easyApply = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `${code} - Claims QA Analyst` }) })
      .getByRole('button', { name: 'Easy Apply', exact: true });
    await expect(easyApply).toHaveAccessibleDescription(`${code} - Claims QA Analyst`);
    await easyApply.click();
    await expect(dialogOf(page)).toContainText(`${code} - Claims QA Analyst`);
    await fillForm(page, ana, {
      name: 'ana-okafor-cv.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await dialogOf(page).getByRole('button', { name: 'Apply' }).click();
    await expectApplied(page);
    await expect(easyApply).toBeFocused();

    const [stored, ...others] = await admin.applicants(jobId);
    expect(others).toHaveLength(0);
    expect(stored).toMatchObject({
      FirstName: 'Ana María',
      LastName: 'Okafor',
      Email: 'ana.okafor@example.com',
      // Typed as ten digits in the United States, stored in E.164.
      MobileNumber: '+15550101234',
      City: 'Austin',
      CountyID: 840,
      Experience: '3 to 5 years',
      ReferredBy: 'Priya Raman',
      AttachmentName: 'ana-okafor-cv.pdf',
      AttachmentSize: pdf.length,
      AttachmentSha256: sha256(pdf),
    });
    const download = await admin.download(stored!);
    expect(sha256(download.bytes)).toBe(sha256(pdf));
    expect(download.type).toContain('application/pdf');

    // The form was cleared: opening it again shows empty fields.
    await easyApply.click();
    await expect(dialogOf(page).getByLabel('First Name', { exact: false })).toHaveValue('');
  });

  test('a real DOCX from the job page; a double click sends one application', async ({
    page,
    baseURL,
  }) => {
    const admin = adminApi(baseURL!);
    const code = uniqueCode('E2E-DOCX');
    const jobId = await admin.createOpening({
      JobCode: code,
      JobTitle: 'Desktop Support Engineer',
    });
    const docx = docxFile('Jomar Santos, desktop support, five years');
    const jomar: Applicant = {
      first: 'Jomar',
      last: 'Santos',
      mobile: '5550144321',
      country: 'Philippines',
      state: 'Cebu',
      city: 'Cebu City',
      email: 'jomar.santos@example.com',
    };

    await page.goto(`/careers/jobs/${jobId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Desktop Support Engineer');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await fillForm(page, jomar, {
      name: 'Jomar Santos résumé.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx,
    });
    await dialogOf(page).getByRole('button', { name: 'Apply' }).dblclick();
    await expectApplied(page);

    const stored = await admin.applicants(jobId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      FirstName: 'Jomar',
      LastName: 'Santos',
      CountyID: 608,
      Experience: null,
      ReferredBy: null,
      AttachmentName: 'Jomar Santos résumé.docx',
      AttachmentSha256: sha256(docx),
    });
    expect(sha256((await admin.download(stored[0]!)).bytes)).toBe(sha256(docx));
  });

  test('a refused application (the job closed meanwhile) keeps everything typed and the file', async ({
    page,
    baseURL,
  }) => {
    const admin = adminApi(baseURL!);
    const code = uniqueCode('E2E-CLOSED');
    const jobId = await admin.createOpening({ JobCode: code, JobTitle: 'Service Desk Analyst' });
    await page.goto(`/careers/jobs/${jobId}`);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await fillForm(page, ana, {
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWithText('Ana'),
    });
    await admin.updateOpening(jobId, { IsOpen: false });

    const dialog = dialogOf(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(CLOSED_OPENING_MESSAGE);
    await expect(alert).toBeFocused();
    await expect(page.getByText('Loading...')).toBeHidden();
    await expect(dialog.getByLabel('First Name', { exact: false })).toHaveValue('Ana María');
    await expect(dialog.getByLabel('Email', { exact: false })).toHaveValue(
      'ana.okafor@example.com',
    );
    await expect(dialog.getByLabel('State', { exact: false })).toHaveValue(/\d+/);
    await expect(dialog.getByLabel('Referred by', { exact: false })).toHaveValue('Priya Raman');
    expect(
      await dialog
        .getByLabel('Resume', { exact: false })
        .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
    ).toBe('cv.pdf');
    expect(await admin.applicants(jobId)).toHaveLength(0);
  });

  test('the server refusing the file (not really a PDF) is shown beside Resume; a lost network says so', async ({
    page,
    baseURL,
  }) => {
    const admin = adminApi(baseURL!);
    const code = uniqueCode('E2E-REFUSED');
    const jobId = await admin.createOpening({ JobCode: code, JobTitle: 'Cloud Engineer' });
    await page.goto(`/careers/jobs/${jobId}`);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await fillForm(page, ana, { name: 'photo.pdf', mimeType: 'application/pdf', buffer: png });
    const dialog = dialogOf(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expectErrorSummary(dialog, [applicationMessages.resumeType]);
    const resume = dialog.getByLabel('Resume', { exact: false });
    await expect(resume).toHaveAccessibleDescription(
      new RegExp(`^${applicationMessages.resumeType.replace(/\./g, '\\.')}`),
    );
    await expect(dialog.getByLabel('Last Name', { exact: false })).toHaveValue('Okafor');

    await resume.setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWithText('Ana'),
    });
    await expect(resume).not.toHaveAttribute('aria-invalid');
    await page.route('**/api/openings/*/applications', (route) =>
      route.abort('internetdisconnected'),
    );
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(NETWORK_ERROR);
    await expect(page.getByText('Loading...')).toBeHidden();
    await expect(dialog.getByLabel('City', { exact: false })).toHaveValue('Austin');

    await page.unroute('**/api/openings/*/applications');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expectApplied(page);
    expect(await admin.applicants(jobId)).toHaveLength(1);
  });
});

test.describe('the apply dialog in a real browser', () => {
  test('focus is trapped, Escape closes it, focus returns, Clear empties everything', async ({
    page,
  }) => {
    await page.goto('/careers');
    const easyApply = page.getByRole('button', { name: /^Easy Apply/ }).first();
    await easyApply.click();
    const dialog = dialogOf(page);
    const firstName = dialog.getByLabel('First Name', { exact: false });
    await expect(firstName).toBeFocused();

    // Rule 1 first: nothing chosen yet.
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const summary = dialog.getByRole('alert', { name: /^Please check/ });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link').first()).toHaveText(applicationMessages.resumeMissing);

    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() =>
        Boolean(document.activeElement?.closest('dialog[open]')),
      );
      expect(inside).toBe(true);
    }

    await fillForm(page, ana, {
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: pdfWithText('Ana'),
    });
    await dialog.getByRole('button', { name: 'Clear' }).click();
    for (const label of [
      'First Name',
      'Last Name',
      'Mobile Number',
      'City',
      'Email',
      'Referred by',
    ])
      await expect(dialog.getByLabel(label, { exact: false })).toHaveValue('');
    await expect(dialog.getByLabel('Country', { exact: false })).toHaveValue('');
    await expect(dialog.getByLabel('State', { exact: false }).getByRole('option')).toHaveCount(1);
    expect(
      await dialog
        .getByLabel('Resume', { exact: false })
        .evaluate((input: HTMLInputElement) => input.files?.length),
    ).toBe(0);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(easyApply).toBeFocused();
  });

  test('what was typed survives closing the dialog and moving to the job page', async ({
    page,
  }) => {
    await page.goto('/careers');
    await page
      .getByRole('button', { name: /^Easy Apply/ })
      .first()
      .click();
    await dialogOf(page).getByLabel('Last Name', { exact: false }).fill('Okafor');
    await dialogOf(page)
      .getByLabel('Resume', { exact: false })
      .setInputFiles({
        name: 'kept.pdf',
        mimeType: 'application/pdf',
        buffer: pdfWithText('kept'),
      });
    await dialogOf(page).getByRole('button', { name: 'Close' }).click();
    // A demo opening: one another spec posts (newest, so first) may be closed by it meanwhile.
    await page
      .getByRole('link', { name: /^View details of LTP-/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(dialogOf(page).getByLabel('Last Name', { exact: false })).toHaveValue('Okafor');
    expect(
      await dialogOf(page)
        .getByLabel('Resume', { exact: false })
        .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
    ).toBe('kept.pdf');
  });
});

test.describe('the count line for 0, 1 and 2 openings (a server with an empty database)', () => {
  test.describe.configure({ mode: 'serial' });

  test('0, then 1, then 2 openings', async ({ page }) => {
    const base = emptyBaseUrl();
    const admin = adminApi(base);
    await admin.closeAllOpenings();

    await page.goto(`${base}/careers`);
    await expect(page.getByRole('heading', { level: 2, name: '0 Current Opening' })).toBeVisible();
    await expect(page.getByText('Current No Openings', { exact: true })).toBeVisible();

    const first = await admin.createOpening({
      JobCode: uniqueCode('E2E-ONE'),
      JobTitle: 'Support Analyst',
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '1 Current Opening' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Easy Apply/ })).toHaveCount(1);
    await expect(page.getByText('Current No Openings')).toBeHidden();

    const second = await admin.createOpening({
      JobCode: uniqueCode('E2E-TWO'),
      JobTitle: 'QA Analyst',
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '2 Current Openings' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Easy Apply/ })).toHaveCount(2);
    await expect(page.locator('.openings__list').getByText(/^\d+ Minute ago$/)).toHaveCount(2);

    await admin.updateOpening(first, { IsOpen: false });
    await admin.updateOpening(second, { IsOpen: false });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '0 Current Opening' })).toBeVisible();
  });
});

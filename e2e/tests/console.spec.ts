import fs from 'node:fs';
import {
  request as playwrightRequest,
  type Browser,
  type Page,
  type Request,
} from '@playwright/test';
import { APPLIED_SUCCESSFULLY, SIGN_IN_FAILED_MESSAGE } from '../../packages/contract/src/index';
import { ana, dialogOf, fillForm } from '../support/apply-dialog';
import { expectNoViolations } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { sunkMail } from '../support/smtp-sink';
import { signIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { pdfWithText, sha256 } from '../../apps/server/src/test/files';

/**
 * The recruiters' console on the built site, on SQLite
 * and on PostgreSQL (global setup starts one console server per engine, makes its first admin
 * with the command line and sends its mail to a test SMTP server).
 */

const RECRUITER = {
  email: 'rita.recruiter@example.com',
  name: 'Rita Recruiter',
  password: 'reads resumes carefully every morning',
};

const ENGINES = [
  { engine: 'SQLite', env: 'E2E_CONSOLE_SQLITE_URL' },
  { engine: 'PostgreSQL', env: 'E2E_CONSOLE_POSTGRES_URL' },
] as const;

function consoleUrl(env: string): string {
  const url = process.env[env];
  if (!url) throw new Error(`${env} is not set: run through playwright (global setup).`);
  return url;
}

async function newPage(browser: Browser, baseURL: string, width = 1280) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  return context.newPage();
}

async function go(page: Page, url: string) {
  await page.goto(url);
  await live(page);
}

/** Presses Tab until `target` has focus: the keyboard's way to a control. */
async function tabTo(
  page: Page,
  name: string | RegExp,
  role: 'link' | 'button' | 'radio' | 'textbox',
) {
  const target = page.getByRole(role, { name, exact: true });
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the ${role} "${String(name)}"`);
}

for (const { engine, env } of ENGINES) {
  test.describe(`the recruiters' console on ${engine}`, () => {
    test.describe.configure({ mode: 'serial' });
    // Global setup leaves the PostgreSQL server out only off CI, when there is no PostgreSQL.
    test.skip(() => !process.env[env], `no ${engine} console server (see global setup)`);

    test('admin from the CLI adds a recruiter; the recruiter publishes, reviews and exports; the audit log and the mail show it', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const baseURL = consoleUrl(env);
      const code = `E2E-RC-${engine.slice(0, 2).toUpperCase()}-${Date.now().toString(36)}`;
      const contactMail = `hiring.${engine.toLowerCase()}@example.com`;

      // The admin, made by `npm run admin -- users add … --password-stdin`, signs in: a console
      // URL without a session goes to sign-in and back after it.
      const admin = await newPage(browser, baseURL);
      await go(admin, '/recruiters/users');
      await expect(admin).toHaveURL(/\/recruiters\/sign-in\?next=%2Frecruiters%2Fusers$/);
      await expectNoViolations(admin, 'the sign-in page');
      await signIn(admin, CONSOLE_ADMIN);
      await expect(admin).toHaveURL(/\/recruiters\/users$/);
      await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

      // … and adds a recruiter.
      const addForm = admin.getByRole('region', { name: 'Add a person' });
      await addForm.getByLabel('Email').fill(RECRUITER.email);
      await addForm.getByLabel('Name').fill(RECRUITER.name);
      await addForm.getByLabel('Role').selectOption('recruiter');
      await addForm.getByLabel('Password').fill(RECRUITER.password);
      await addForm.getByRole('button', { name: 'Add person' }).click();
      await expect(admin.getByText(`${RECRUITER.name} is added.`)).toBeVisible();
      await expect(admin.getByRole('cell', { name: new RegExp(RECRUITER.email) })).toBeVisible();

      // The recruiter signs in, in a browser of their own.
      const rita = await newPage(browser, baseURL);
      await go(rita, '/recruiters');
      await expect(rita).toHaveURL(/\/recruiters\/sign-in/);
      await signIn(rita, RECRUITER);
      await expect(rita.getByRole('heading', { level: 1, name: 'Openings' })).toBeVisible();
      await expect(rita.getByRole('banner')).toContainText(RECRUITER.name);
      // A recruiter has no admin pages: not in the nav, and 403 from their API.
      await expect(rita.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
      expect(
        (
          await rita.request.get('/api/recruiters/audit', {
            headers: { 'X-Requested-With': 'XMLHttpRequest' },
          })
        ).status(),
      ).toBe(403);
      await expectNoViolations(rita, 'the openings list');

      // … creates an opening with a formatted description, through the editor's toolbar.
      await rita.getByRole('link', { name: 'New opening' }).click();
      await expect(rita.getByRole('heading', { level: 1, name: 'New opening' })).toBeVisible();
      await rita.getByLabel('Code').fill(code);
      await rita.getByLabel('Title').fill('Claims QA Analyst');
      await rita.getByLabel('Location').fill('Austin, Texas');
      await rita.getByLabel('Recruitment managers').fill('Mira Manager');
      await rita.getByLabel('Contact persons').fill('Hana Hiring');
      await rita.getByLabel('Contact e-mails').fill(contactMail);
      const description = rita.getByRole('textbox', { name: 'Description' });
      await description.click();
      await rita.keyboard.type('You will test claims systems. ');
      await rita.getByRole('button', { name: 'Bold' }).click();
      await expect(rita.getByRole('button', { name: 'Bold' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await rita.keyboard.type('Guidewire experience');
      await rita.getByRole('button', { name: 'Bold' }).click();
      await rita.keyboard.press('Enter');
      await rita.getByRole('button', { name: 'Bullet list' }).click();
      await rita.keyboard.type('Write test plans');
      await rita.keyboard.press('Enter');
      await rita.keyboard.type('Automate regression suites');
      await expectNoViolations(rita, "an opening's form");
      await rita.getByRole('button', { name: 'Create opening' }).click();
      await expect(rita).toHaveURL(/\/recruiters\/openings\/\d+$/);
      const jobId = /\/openings\/(\d+)$/.exec(rita.url())![1]!;
      await expect(rita.getByRole('heading', { level: 1 })).toHaveText(
        `${code} · Claims QA Analyst`,
      );
      // Read back from the server: the sanitiser kept the formatting.
      await rita.reload();
      await live(rita);
      await expect(description.locator('strong')).toHaveText('Guidewire experience');
      await expect(description.locator('ul > li')).toHaveCount(2);

      // It is on the public careers page, formatted.
      const visitor = await newPage(browser, baseURL);
      await go(visitor, '/careers');
      const row = visitor
        .getByRole('listitem')
        .filter({ has: visitor.getByRole('heading', { name: `${code} - Claims QA Analyst` }) });
      await expect(row).toBeVisible();
      await go(visitor, `/careers/jobs/${jobId}`);
      await expect(visitor.locator('strong', { hasText: 'Guidewire experience' })).toBeVisible();
      await expect(
        visitor.getByRole('listitem').filter({ hasText: 'Write test plans' }),
      ).toBeVisible();

      // An application sent through the public page.
      const pdf = pdfWithText('Ana Maria Okafor - Claims QA Analyst');
      await go(visitor, '/careers');
      await row.getByRole('button', { name: 'Easy Apply', exact: true }).click();
      await fillForm(visitor, ana, {
        name: 'ana-okafor-cv.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
      await dialogOf(visitor).getByRole('button', { name: 'Apply' }).click();
      await expect(visitor.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY })).toBeVisible();

      // The contact person's notice reaches the SMTP server.
      await expect
        .poll(
          async () =>
            sunkMail().some((mail) => mail.to.includes(contactMail) && mail.raw.includes(code)),
          { timeout: 20_000 },
        )
        .toBe(true);

      // In the console it is New.
      await go(rita, `/recruiters/applicants?jobId=${jobId}`);
      const applicantRow = rita.getByRole('row').filter({ hasText: ana.email });
      await expect(applicantRow).toContainText('New');
      await expectNoViolations(rita, 'the applicants list');

      // The review by keyboard alone: open the applicant, see and download the resume, move
      // it to Interview, add a note.
      await tabTo(rita, `${ana.first} ${ana.last}`, 'link');
      await rita.keyboard.press('Enter');
      await expect(
        rita.getByRole('heading', { level: 1, name: `${ana.first} ${ana.last}` }),
      ).toBeFocused();
      // The PDF is drawn in the page by pdf.js.
      await expect(rita.getByText('The resume, 1 page.')).toBeVisible();
      const canvas = rita.getByTestId('pdf-pages').locator('canvas');
      await expect(canvas).toHaveCount(1);
      expect(
        await canvas.evaluate((c: HTMLCanvasElement) => {
          const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark += 1;
          return dark;
        }),
        "the PDF's text is drawn",
      ).toBeGreaterThan(50);
      // The viewer zooms (drawn again, larger) and says which page is shown.
      const viewer = rita.getByRole('toolbar', { name: 'Resume viewer' });
      await expect(viewer).toContainText('Page 1 of 1');
      const widthAt = async () => canvas.evaluate((c: HTMLCanvasElement) => c.clientWidth);
      const fitWidth = await widthAt();
      await viewer.getByRole('button', { name: 'Zoom in' }).click();
      await expect(viewer).toContainText('125%');
      await expect.poll(widthAt).toBeGreaterThan(fitWidth * 1.2);
      await viewer.getByRole('button', { name: 'Fit width' }).click();
      await expect.poll(widthAt).toBe(fitWidth);
      await expectNoViolations(rita, "an applicant's page");

      await tabTo(rita, /^Download PDF/, 'link');
      const downloading = rita.waitForEvent('download');
      await rita.keyboard.press('Enter');
      const download = await downloading;
      const saved = fs.readFileSync(await download.path());
      expect(sha256(saved)).toBe(sha256(pdf));

      // The stage model's moves: Hired only from Offer, and the reason beside the choices.
      const stage = rita.getByRole('region', { name: 'Stage' });
      await expect(stage.getByRole('radio', { name: 'Hired' })).toBeDisabled();
      await expect(stage.getByRole('group')).toHaveAccessibleDescription(
        'Only an applicant in Offer can be hired; this one is in New.',
      );
      // The change's answer is drawn in place: the applicant's page is not asked for again.
      const pageAsked: string[] = [];
      const onRequest = (request: Request) => {
        const { pathname } = new URL(request.url());
        if (request.method() === 'GET' && /^\/api\/recruiters\/applicants\/\d+$/.test(pathname))
          pageAsked.push(pathname);
      };
      rita.on('request', onRequest);
      await tabTo(rita, 'New', 'radio');
      await rita.keyboard.press('ArrowDown');
      await rita.keyboard.press('ArrowDown');
      await expect(rita.getByRole('radio', { name: 'Interview' })).toBeChecked();
      await tabTo(rita, 'Change stage', 'button');
      await rita.keyboard.press('Enter');
      await expect(rita.getByText('Stage changed to Interview.')).toBeVisible();
      await expect(stage.getByRole('listitem').first()).toContainText(
        `Interview by ${RECRUITER.name}`,
      );
      rita.off('request', onRequest);
      expect(pageAsked).toEqual([]);

      await tabTo(rita, 'Note', 'textbox');
      await rita.keyboard.type('Strong on claims test design; invite to a panel.');
      await rita.keyboard.press('Tab');
      await expect(rita.getByRole('button', { name: 'Add note' })).toBeFocused();
      await rita.keyboard.press('Enter');
      const notes = rita.getByRole('region', { name: 'Notes' });
      await expect(notes.getByRole('listitem')).toContainText(
        'Strong on claims test design; invite to a panel.',
      );
      await expect(notes.getByRole('listitem')).toContainText(RECRUITER.name);

      // CSV export of the opening's applicants.
      await go(rita, `/recruiters/applicants?jobId=${jobId}`);
      await expect(rita.getByRole('row').filter({ hasText: ana.email })).toContainText('Interview');
      const exporting = rita.waitForEvent('download');
      await rita.getByRole('link', { name: 'Export CSV' }).click();
      const csv = fs.readFileSync(await (await exporting).path(), 'utf8');
      expect(csv).toContain(ana.email);
      expect(csv).toContain('Okafor');

      // The audit log (an admin's page) shows each step with the recruiter's name.
      await go(admin, `/recruiters/audit?actor=${encodeURIComponent(RECRUITER.name)}`);
      await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const log = admin.getByRole('table');
      // Each action in words (audit-words.ts), not the API's name for it.
      for (const action of [
        'Signed in',
        'Created an opening',
        'Viewed a resume',
        'Downloaded a resume',
        'Moved an applicant',
        'Added a note',
        'Exported applicants (CSV)',
      ]) {
        await expect(
          log.getByRole('row').filter({ hasText: action }).filter({ hasText: RECRUITER.name }),
          `audit: ${action}`,
        ).not.toHaveCount(0);
      }

      // Sign out ends the session: on the server (the old cookie is refused) and in the page.
      const cookies = await rita.context().cookies();
      await rita.getByRole('button', { name: 'Sign out' }).click();
      await expect(rita).toHaveURL(/\/recruiters\/sign-in$/);
      const replay = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: {
          'X-Requested-With': 'XMLHttpRequest',
          Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
        },
      });
      expect((await replay.get('/api/recruiters/session')).status()).toBe(401);
      await replay.dispose();
      await go(rita, `/recruiters/applicants?jobId=${jobId}`);
      await expect(rita).toHaveURL(/\/recruiters\/sign-in\?next=/);
      await expect(rita.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

      await Promise.all([admin, rita, visitor].map((p) => p.context().close()));
    });

    test("what the console refuses: a wrong password, an admin page, a write without the XSRF echo, another session's resume link, a deactivated account", async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const baseURL = consoleUrl(env);
      const fixed = { 'X-Requested-With': 'XMLHttpRequest' };

      // A wrong password and an unknown e-mail get the same message.
      const rita = await newPage(browser, baseURL);
      await go(rita, '/recruiters/sign-in');
      await signIn(rita, { email: RECRUITER.email, password: 'not the password at all' });
      const alert = rita.getByRole('alert');
      await expect(alert).toHaveText(SIGN_IN_FAILED_MESSAGE);
      await signIn(rita, { email: 'nobody.here@example.com', password: 'not the password at all' });
      await expect(alert).toHaveText(SIGN_IN_FAILED_MESSAGE);
      await signIn(rita, RECRUITER);
      await expect(rita.getByRole('heading', { level: 1, name: 'Openings' })).toBeVisible();

      // A recruiter on an admin-only page: told so, and its API answers 403.
      await go(rita, '/recruiters/audit');
      await expect(rita.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
      expect((await rita.request.get('/api/recruiters/users', { headers: fixed })).status()).toBe(
        403,
      );

      // A write without the XSRF echo is refused, even with the session cookie.
      const list = await rita.request.get('/api/recruiters/applicants', { headers: fixed });
      const { items } = (await list.json()) as { items: { applicantId: number }[] };
      const applicantId = items[0]!.applicantId;
      const noEcho = await rita.request.post(`/api/recruiters/applicants/${applicantId}/notes`, {
        headers: fixed,
        data: { text: 'sent without the echo' },
      });
      expect(noEcho.status()).toBe(403);

      // The resume link made for Rita's session is no link in the admin's session.
      const detail = await rita.request.get(`/api/recruiters/applicants/${applicantId}`, {
        headers: fixed,
      });
      const { resumeUrl } = (await detail.json()) as { resumeUrl: string };
      expect((await rita.request.get(resumeUrl)).status()).toBe(200);
      const admin = await newPage(browser, baseURL);
      await go(admin, '/recruiters/users');
      await signIn(admin, CONSOLE_ADMIN);
      await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      expect((await admin.request.get(resumeUrl)).status()).toBe(404);

      // The admin deactivates Rita (after a yes): her open console loses its session at once,
      // and signing in again in place is refused.
      const row = admin.getByRole('row').filter({ hasText: RECRUITER.email });
      await row.getByRole('button', { name: `Deactivate ${RECRUITER.name}` }).click();
      await admin
        .getByRole('alertdialog', { name: `Deactivate ${RECRUITER.name}?` })
        .getByRole('button', { name: 'Deactivate', exact: true })
        .click();
      await expect(admin.getByText(`${RECRUITER.name} is deactivated.`)).toBeVisible();
      await rita.getByRole('link', { name: 'Applicants' }).click();
      const again = rita.getByRole('dialog', { name: 'Your session has ended' });
      await expect(again).toBeVisible();
      await again.getByLabel('Password').fill(RECRUITER.password);
      await again.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(again.getByRole('alert')).toHaveText(SIGN_IN_FAILED_MESSAGE, {
        timeout: 20_000,
      });
      // … and is active again for the next run of this file's steps.
      await row.getByRole('button', { name: `Reactivate ${RECRUITER.name}` }).click();
      await admin
        .getByRole('alertdialog', { name: `Reactivate ${RECRUITER.name}?` })
        .getByRole('button', { name: 'Reactivate' })
        .click();
      await expect(admin.getByText(`${RECRUITER.name} is active again.`)).toBeVisible();

      await Promise.all([admin, rita].map((p) => p.context().close()));
    });
  });
}

import type { Browser, Page } from '@playwright/test';
import { APPLIED_SUCCESSFULLY } from '../../packages/contract/src/index';
import { ana, dialogOf, expectErrorSummary, fillForm } from '../support/apply-dialog';
import { expectNoViolations } from '../support/axe';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { signIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { pdfWithText } from '../../apps/server/src/test/files';

/**
 * An opening's own questions in the browser (docs/recruiters.md "Questions"): a recruiter builds
 * them in the console, a candidate answers them by keyboard in the apply dialog, and the
 * recruiter reads the answers and the knock-out flag, and filters on it. On each console server
 * (SQLite and PostgreSQL, see global setup).
 */

const ENGINES = [
  { engine: 'SQLite', env: 'E2E_CONSOLE_SQLITE_URL' },
  { engine: 'PostgreSQL', env: 'E2E_CONSOLE_POSTGRES_URL' },
] as const;

const PERMIT = 'Are you allowed to work in the US?';

async function newPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function go(page: Page, url: string) {
  await page.goto(url);
  await live(page);
}

for (const { engine, env } of ENGINES) {
  test.describe(`questions per opening on ${engine}`, () => {
    test.skip(() => !process.env[env], `no ${engine} console server (see global setup)`);

    test('a recruiter builds three questions and two places, a candidate answers them by keyboard, the recruiter sees the answers, the place and the flag and filters on it', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const baseURL = process.env[env]!;
      const code = `E2E-Q-${engine.slice(0, 2).toUpperCase()}-${Date.now().toString(36)}`;

      // The recruiter (the first admin) writes an opening.
      const rita = await newPage(browser, baseURL);
      await go(rita, '/recruiters/openings/new');
      await signIn(rita, CONSOLE_ADMIN);
      await expect(rita.getByRole('heading', { level: 1, name: 'New opening' })).toBeVisible();
      await rita.getByLabel('Code').fill(code);
      await rita.getByLabel('Title').fill('Release Test Lead');
      await rita.getByLabel('Location').fill('Austin, Texas');
      await rita.getByLabel('Recruitment managers').fill('Mira Manager');
      await rita.getByLabel('Contact persons').fill('Hana Hiring');
      await rita.getByLabel('Contact e-mails').fill('hana.hiring@example.com');
      await rita.getByRole('textbox', { name: 'Description' }).click();
      await rita.keyboard.type('You will lead release testing.');

      // Two places: Austin, and Manila added by keyboard (its city has the focus).
      const places = rita.getByRole('group', { name: 'Places' });
      const firstPlace = places.getByRole('group', { name: 'Place 1' });
      await firstPlace.getByLabel('City').fill('Austin');
      await firstPlace.getByLabel('Region').fill('US-TX');
      await expect(
        firstPlace.getByRole('option', { name: 'United States of America', exact: true }),
      ).toBeAttached();
      await firstPlace.getByLabel('Country').selectOption({ label: 'United States of America' });
      await places.getByRole('button', { name: 'Add a place' }).focus();
      await rita.keyboard.press('Enter');
      const secondPlace = places.getByRole('group', { name: 'Place 2' });
      await expect(secondPlace.getByLabel('City')).toBeFocused();
      await rita.keyboard.type('Manila');
      await secondPlace.getByLabel('Country').selectOption({ label: 'Philippines' });

      // Three questions, by keyboard: the add button focuses the new question's label.
      const builder = rita.getByRole('group', { name: 'Questions' });
      const question = (n: number) => builder.getByRole('listitem').nth(n);
      const add = builder.getByRole('button', { name: 'Add a question' });
      await add.focus();
      await rita.keyboard.press('Enter');
      await expect(
        question(0).getByRole('textbox', { name: 'Question', exact: true }),
      ).toBeFocused();
      await rita.keyboard.type('Years of testing');
      await question(0).getByLabel('Answered as').selectOption({ label: 'Number' });
      await question(0).getByLabel('Answer required').check();

      await add.focus();
      await rita.keyboard.press('Enter');
      await expect(
        question(1).getByRole('textbox', { name: 'Question', exact: true }),
      ).toBeFocused();
      await rita.keyboard.type(PERMIT);
      await question(1).getByLabel('Answered as').selectOption({ label: 'Yes or no' });
      await question(1).getByLabel('Answer required').check();
      await question(1)
        .getByRole('group', { name: 'Knock-out answers' })
        .getByRole('checkbox', { name: 'No' })
        .check();

      await add.focus();
      await rita.keyboard.press('Enter');
      await expect(
        question(2).getByRole('textbox', { name: 'Question', exact: true }),
      ).toBeFocused();
      await rita.keyboard.type('Which shift suits you?');
      await expect(question(2).getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(
        'Which shift suits you?',
      );
      await question(2).getByLabel('Answered as').selectOption({ label: 'One choice' });
      await question(2).getByLabel('Options').fill('Early\nLate');
      // The last one first: moved up, it is asked second.
      await question(2).getByRole('button', { name: 'Move “Which shift suits you?” up' }).click();
      await expect(question(1).getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(
        'Which shift suits you?',
      );
      await expectNoViolations(rita, 'the opening form with three questions and two places');

      await rita.getByRole('button', { name: 'Create opening' }).click();
      await expect(rita).toHaveURL(/\/recruiters\/openings\/\d+$/);
      const jobId = /\/openings\/(\d+)$/.exec(rita.url())![1]!;
      await rita.reload();
      await expect(builder.getByRole('listitem')).toHaveCount(3);
      await expect(question(2).getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(
        PERMIT,
      );
      await expect(
        question(2).getByRole('group', { name: 'Knock-out answers' }).getByRole('checkbox', {
          name: 'No',
        }),
      ).toBeChecked();

      // A candidate applies from the job page and answers by keyboard.
      const visitor = await newPage(browser, baseURL);
      await go(visitor, `/careers/jobs/${jobId}`);
      await visitor.getByRole('button', { name: 'Apply', exact: true }).first().click();
      const dialog = dialogOf(visitor);
      await fillForm(
        visitor,
        { ...ana, email: `ana.${engine.toLowerCase()}@example.com` },
        {
          name: 'ana-okafor-cv.pdf',
          mimeType: 'application/pdf',
          buffer: pdfWithText('Ana Okafor'),
        },
      );
      const years = dialog.getByLabel('Years of testing', { exact: false });
      await years.focus();
      await visitor.keyboard.type('five');
      // Tab into the shift's radios (optional: left alone), then the permit's: No.
      await visitor.keyboard.press('Tab');
      await expect(dialog.getByRole('radio', { name: 'Early' })).toBeFocused();
      await visitor.keyboard.press('Tab');
      await expect(dialog.getByRole('radio', { name: 'Yes' })).toBeFocused();
      await visitor.keyboard.press('ArrowDown');
      await expect(dialog.getByRole('radio', { name: 'No' })).toBeChecked();
      await expectNoViolations(visitor, 'the apply dialog with questions');

      // Both failures at once, as the server lists them: the answer, then the place.
      await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
      const sentence = '“Years of testing” must be a number, such as 5 or 2.5.';
      const placeSentence = 'Please choose the place you would work from.';
      const summary = await expectErrorSummary(dialog, [sentence, placeSentence]);
      const where = dialog.getByRole('group', { name: /Where would you work\?/ });
      await expect(where).toHaveAccessibleDescription(placeSentence);
      await expect(years).toHaveAccessibleDescription(new RegExp(sentence.replace(/[?.]/g, '.')));
      await expect(dialog.getByRole('radio', { name: 'No' })).toBeChecked();
      await expectNoViolations(visitor, 'the apply dialog with a refused answer and no place');

      // The place by its link, the second chosen by keyboard; then the answer by its own.
      await summary.getByRole('link', { name: placeSentence }).press('Enter');
      await expect(where.getByRole('radio').first()).toBeFocused();
      await visitor.keyboard.press('ArrowDown');
      await expect(dialog.getByRole('radio', { name: 'Manila, Philippines' })).toBeChecked();
      await expect(where).not.toHaveAttribute('aria-describedby');
      await summary.getByRole('link', { name: sentence }).press('Enter');
      await expect(years).toBeFocused();
      await visitor.keyboard.press('ControlOrMeta+a');
      await visitor.keyboard.type('6');
      await expect(years).not.toHaveAttribute('aria-invalid');
      await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
      await expect(visitor.getByRole('alertdialog', { name: APPLIED_SUCCESSFULLY })).toBeVisible();

      // The recruiter sees the flag in the list, filters on it, and reads the answers.
      await go(rita, `/recruiters/applicants?jobId=${jobId}`);
      const row = rita.getByRole('row').filter({ hasText: `ana.${engine.toLowerCase()}@` });
      await expect(row).toContainText(`Does not meet: ${PERMIT}`);
      await expectNoViolations(rita, 'the applicants list with a flag');
      await rita.getByLabel('Knock-out answers').selectOption({ label: 'Not flagged' });
      await expect(rita).toHaveURL(/doesNotMeet=false/);
      await expect(rita.getByText('No applicants match.')).toBeVisible();
      await rita.getByLabel('Knock-out answers').selectOption({ label: 'Flagged: does not meet' });
      await expect(rita).toHaveURL(/doesNotMeet=true/);
      await expect(row).toBeVisible();
      await row.getByRole('link').first().click();
      const answers = rita.getByRole('region', { name: 'Answers' });
      await expect(answers).toContainText(`Does not meet: ${PERMIT}`);
      await expect(answers.locator('dt')).toHaveText([
        'Years of testing',
        'Which shift suits you?',
        PERMIT,
      ]);
      await expect(answers.locator('dd')).toHaveText(['6', '—', /^No/]);
      const sent = rita.getByRole('region', { name: 'What they sent' });
      await expect(sent.getByText('Manila, Philippines')).toBeVisible();
      // Nothing rejected it: the applicant is New, for a person to decide.
      await expect(rita.getByRole('region', { name: 'Stage' })).toContainText('New');
      await expectNoViolations(rita, "an applicant's page with answers");

      // On the board a card's flag wraps inside its rounded box (a pill on one line).
      await go(rita, `/recruiters/openings/${jobId}/board`);
      await rita.setViewportSize({ width: 1440, height: 900 });
      const flag = rita.locator('.rc-board__flag').filter({ hasText: 'Does not meet' }).first();
      await expect(flag).toBeVisible();
      const fit = await flag.evaluate((pill) => {
        const box = pill.getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(pill);
        const words = text.getBoundingClientRect();
        const corner = Number.parseFloat(getComputedStyle(pill).borderTopLeftRadius);
        return {
          inside:
            words.left >= box.left &&
            words.right <= box.right &&
            words.top >= box.top &&
            words.bottom <= box.bottom,
          // A corner no rounder than half the box: no text under a curve.
          cornerFits: corner <= box.height / 2,
        };
      });
      expect(fit).toEqual({ inside: true, cornerFits: true });
    });
  });
}

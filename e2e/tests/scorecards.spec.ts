import type { Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { consoleCall, technicalInterviewPlan } from '../support/console-calls';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { shoot, shootScreen } from '../support/shots';

/** Every check of a screen at both widths: axe clean at 1440 and at 390 px, and a look. */
async function atBothWidths(page: Page, what: string, shot: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `${what} at ${width} px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, shot);
}

/**
 * Scorecards (docs/recruiters.md, "Scorecards"): an interviewer signs in and sees only the
 * applicant they interview, reads their interview's kit on the applicant's page, fills in the
 * scorecard and submits it; the opening's hiring manager reads the summary on the applicant's
 * page, moves them to Offer, and rejects the other applicant with a reason and a mail. Against the SQLite
 * console server (the server suite covers both engines).
 */
test.describe('scorecards', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('an interviewer submits a scorecard for their one applicant; the hiring manager reads it and moves them to Offer', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const jobId = await adminApi(base).createOpening({
      JobCode: `E2E-SC-${suffix}`.toUpperCase(),
      JobTitle: `Data Analyst ${suffix}`,
    });
    const interviewed = await apply(base, jobId, 'Noor', `noor.${suffix}@example.com`, 'Score');
    const passedOver = await apply(base, jobId, 'Omar', `omar.${suffix}@example.com`, 'Score');
    const password = 'a long and uncommon passphrase 42';
    const ivo = { email: `ivo.${suffix}@example.com`, name: `Ivo Interviewer ${suffix}`, password };
    const hana = { email: `hana.${suffix}@example.com`, name: `Hana Manager ${suffix}`, password };

    // The admin makes both accounts, the team, the plan and the interview (each is tested in
    // the browser on its own: hiring-team.spec.ts, interview-scheduling.spec.ts).
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/openings', { width: 1440 });
    await consoleCall(admin, 'POST', '/api/recruiters/users', { ...ivo, role: 'interviewer' });
    await consoleCall(admin, 'POST', '/api/recruiters/users', { ...hana, role: 'hiring_manager' });
    const people = await consoleCall<{ userId: number; name: string }[]>(
      admin,
      'GET',
      '/api/recruiters/team-people',
    );
    const idOf = (name: string) => people.find((person) => person.name === name)!.userId;
    await consoleCall(admin, 'PUT', `/api/recruiters/jobs/${jobId}/team`, {
      members: [
        { userId: idOf(hana.name), part: 'hiring_manager' },
        { userId: idOf(ivo.name), part: 'interviewer' },
      ],
    });
    const planInterviewId = await technicalInterviewPlan(admin, jobId, 60);
    await consoleCall(admin, 'POST', `/api/recruiters/applicants/${interviewed}/interviews`, {
      planInterviewId,
      startsAt: '2027-03-15T09:00',
      timeZone: 'America/New_York',
      durationMinutes: 60,
      interviewerIds: [idOf(ivo.name)],
    });

    // The interviewer: the one applicant they interview, and only what their role opens.
    const ivoPage = await signedIn(browser, ivo, '/recruiters/applicants', { width: 1440 });
    await expect(ivoPage.getByRole('link', { name: 'Noor Score' })).toBeVisible();
    await expect(ivoPage.getByRole('link', { name: 'Omar Score' })).toHaveCount(0);
    await expect(ivoPage.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText(
      ['Applicants', 'Feedback'],
    );
    await ivoPage.getByRole('link', { name: 'Noor Score' }).click();
    const panel = ivoPage.getByRole('region', { name: 'Scorecards' });
    await expect(panel).toContainText('No scorecards submitted yet.');
    // Their interview on the applicant's page, read only, the kit open, their card a click away.
    const theirs = ivoPage.getByRole('region', { name: 'Your interviews' });
    await expect(theirs.getByRole('heading', { name: 'Technical (Video)' })).toBeVisible();
    await expect(theirs.getByText('Walk us through a slow query you fixed.')).toBeVisible();
    await expect(theirs).toContainText('Focus attributes: SQL, Communication');
    await expect(theirs.getByRole('button')).toHaveCount(0);
    await atBothWidths(
      ivoPage,
      'the applicant’s page, for an interviewer',
      'interviewer-applicant',
    );
    await theirs.getByRole('link', { name: 'Open your scorecard for Technical' }).click();
    await expect(
      ivoPage.getByRole('heading', { level: 1, name: 'Scorecard: Technical' }),
    ).toBeVisible();
    await expect(ivoPage.getByText('Walk us through a slow query you fixed.')).toBeVisible();
    await atBothWidths(ivoPage, 'the scorecard, blank', 'scorecard-blank');

    await ivoPage
      .getByRole('group', { name: 'SQL' })
      .getByRole('radio', { name: '4 Strong' })
      .check();
    await ivoPage.getByLabel('Notes on SQL').fill('Found the missing index at once.');
    // Submitting with an attribute unrated says what is missing, and keeps what was typed.
    await ivoPage.getByRole('button', { name: 'Submit scorecard' }).click();
    await expect(ivoPage.getByRole('alert')).toHaveText(
      'Rate Communication, or choose No opinion.',
    );
    await expect(ivoPage.getByLabel('Notes on SQL')).toHaveValue(
      'Found the missing index at once.',
    );
    await ivoPage
      .getByRole('group', { name: 'Communication' })
      .getByRole('radio', { name: '3 Good' })
      .check();
    await ivoPage.getByLabel('Overall notes').fill('Careful and clear; would hire.');
    await ivoPage
      .getByRole('group', { name: 'Overall recommendation' })
      .getByRole('radio', { name: 'Strong yes' })
      .check();
    await ivoPage.getByRole('button', { name: 'Submit scorecard' }).click();
    await expect(ivoPage.getByText('Submitted.')).toBeVisible();
    await expect(ivoPage.getByText('None submitted yet.')).toBeVisible();
    await atBothWidths(ivoPage, 'the scorecard, submitted', 'scorecard-submitted');

    // The hiring manager reads the summary and makes the offer.
    const hanaPage = await signedIn(browser, hana, `/recruiters/applicants/${interviewed}`, {
      width: 1440,
    });
    await live(hanaPage);
    const summary = hanaPage.getByRole('region', { name: 'Scorecards' });
    await expect(summary).toContainText('Strong yes: 1');
    await expect(summary.getByRole('row', { name: /^SQL/ })).toHaveText(/SQL\s*0\s*0\s*0\s*1\s*0/);
    await summary.getByText(/^Technical/).click();
    await expect(summary.getByRole('heading', { name: `${ivo.name}: Strong yes` })).toBeVisible();
    await atBothWidths(
      hanaPage,
      'the applicant’s scorecards, for the hiring manager',
      'scorecard-summary',
    );
    await hanaPage.getByRole('radio', { name: 'Offer' }).check();
    await hanaPage.getByRole('button', { name: 'Change stage' }).click();
    await expect(hanaPage.getByText('Stage changed to Offer.')).toBeVisible();

    // …and passes over the other: a rejection with a reason and its mail, as a recruiter's.
    const reason = `Another candidate was closer ${suffix}`;
    await consoleCall(admin, 'POST', '/api/recruiters/rejection-reasons', { label: reason });
    const mail = `Kind no ${suffix}`;
    await consoleCall(admin, 'POST', '/api/recruiters/message-templates', {
      name: mail,
      subject: 'About {{jobTitle}}',
      body: 'Dear {{firstName}},\n\nThank you for your time.',
    });
    await hanaPage.goto(`/recruiters/applicants/${passedOver}`);
    await live(hanaPage);
    await hanaPage.getByRole('button', { name: 'Reject…' }).click();
    const dialog = hanaPage.getByRole('dialog', { name: 'Reject Omar Score?' });
    await dialog.getByLabel('Reason').selectOption(reason);
    await dialog.getByLabel('Rejection mail').selectOption(mail);
    await expect(
      dialog.getByRole('region', { name: 'The mail Omar Score will read' }),
    ).toContainText('Dear Omar,');
    for (const width of [1440, 390]) {
      await hanaPage.setViewportSize({ width, height: 900 });
      await expectNoViolations(hanaPage, `the rejection, for the hiring manager, at ${width} px`);
      await shootScreen(hanaPage, 'hiring-manager-reject');
    }
    await hanaPage.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Reject and send' }).click();
    const stage = hanaPage.getByRole('region', { name: 'Stage' });
    await expect(stage).toContainText('Rejected.');
    await expect(stage).toContainText(`Reason: ${reason}`);
    await expect(hanaPage.getByRole('region', { name: 'Timeline' })).toContainText(
      `Rejection mail sent by ${hana.name}: About Data Analyst ${suffix}`,
    );
  });
});

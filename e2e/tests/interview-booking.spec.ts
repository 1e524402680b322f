import type { Browser } from '@playwright/test';
import { applicantPageCopy as copy } from '../../packages/contract/src/index';
import { expectNoViolations, expectNoViolationsWithoutScripts } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { consoleCall, consoleUserId, technicalInterviewPlan } from '../support/console-calls';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { inLetters, seedApplicants, seededFirstName } from '../support/seed-applicants';
import { shoot } from '../support/shots';
import { mailText, statusLinkFor, sunkMail } from '../support/smtp-sink';

async function candidatePage(browser: Browser, javaScriptEnabled: boolean, timezoneId: string) {
  const context = await browser.newContext({
    baseURL: consoleUrl(),
    viewport: { width: 1440, height: 900 },
    javaScriptEnabled,
    timezoneId,
  });
  return context.newPage();
}

/**
 * Candidate self-scheduling (docs/careers.md, "Booking an interview"): a recruiter offers the
 * interviewer's free times instead of setting one; one candidate books from the mailed link
 * with scripts (the page offers their device's zone), another without scripts (choosing the
 * zone from the list) and then cancels; the time the first took is not offered to the second;
 * the recruiter sees the booking, and the invitation reaches the candidate with its calendar
 * part. Against the SQLite console server (the server suite covers both engines and the race).
 */
test.describe('booking an interview from the status page', () => {
  test.describe.configure({ timeout: 240_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('offered times, booked with scripts and without, in the candidate’s own zone', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const title = `Booker ${suffix}`;
    const lastName = `Book${inLetters(Date.now() % 100_000)}`;
    const jobId = await adminApi(base).createOpening({
      JobCode: `E2E-BOOK-${suffix}`.toUpperCase(),
      JobTitle: title,
    });
    const [first, second] = await seedApplicants(base, jobId, 2, lastName);
    const emailOf = (index: number) =>
      `${seededFirstName(index)}.${lastName}@example.com`.toLowerCase();
    const mara = {
      email: `mara.book.${suffix}@example.com`,
      name: `Mara Booking ${inLetters(Date.now() % 1000)}`,
      password: 'quiet orchard lantern passphrase 7',
    };

    const admin = await signedIn(browser, CONSOLE_ADMIN, `/recruiters/openings/${jobId}`, {
      width: 1440,
    });
    const planId = await technicalInterviewPlan(admin, jobId, 45);
    await consoleCall(admin, 'POST', '/api/recruiters/users', { ...mara, role: 'recruiter' });
    const maraPage = await signedIn(browser, mara, '/recruiters/account', { width: 1440 });
    await consoleCall(maraPage, 'PUT', '/api/recruiters/session/working-hours', {
      timeZone: 'Asia/Manila',
      hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    });
    await maraPage.context().close();

    // The recruiter offers times to the first candidate from the applicant's page.
    await admin.goto(`/recruiters/applicants/${first}`);
    const panel = admin.getByRole('region', { name: 'Interviews' });
    await panel.getByRole('button', { name: 'Schedule interview' }).click();
    const form = panel.getByRole('form', { name: 'Schedule interview' });
    await form.getByLabel('Interview', { exact: true }).selectOption({
      label: 'Technical (45 min, Video)',
    });
    await form.getByLabel('Let the candidate choose from the interviewers’ free times').check();
    await expect(form.getByLabel('Date', { exact: true })).toHaveCount(0);
    await form.getByLabel('The candidate’s time zone').selectOption('America/New_York');
    await form.getByLabel(`${mara.name} (Asia/Manila)`).check();
    await form.getByLabel('Location or video link').fill('https://meet.example.com/booked');
    await expectNoViolations(admin, 'the schedule form offering times');
    await shoot(admin, 'interview-offer-form');
    await form.getByRole('button', { name: 'Offer times' }).click();
    await expect(panel.getByText(/Times were offered/)).toBeVisible();
    await expect(panel.getByText(/Times offered: \d+ still free/)).toBeVisible();

    // The first candidate, with scripts, in India: the mail's link, the times, their zone.
    const one = await candidatePage(browser, true, 'Asia/Kolkata');
    await one.goto(await statusLinkFor(emailOf(0), 'Choose a time'));
    await live(one);
    const interviews = one.getByRole('list').filter({ hasText: 'Technical' });
    await expect(interviews).toContainText('Please choose a time that suits you (45 minutes)');
    await one.getByRole('link', { name: 'Choose a time…' }).click();
    await expect(one.getByRole('heading', { level: 1, name: copy.bookTitle })).toBeVisible();
    await expect(one.getByRole('group', { name: 'Times in America/New York' })).toBeVisible();
    await live(one);
    await one.getByRole('link', { name: 'Show the times in your device’s time zone' }).click();
    const times = one.getByRole('group', { name: 'Times in Asia/Kolkata' });
    await expect(times).toBeVisible();
    await expect(one.getByLabel(copy.zoneLabel)).toHaveValue('Asia/Kolkata');
    await expectNoViolations(one, 'the booking page');
    await shoot(one, 'interview-booking');
    const firstTime = times.getByRole('radio').first();
    const taken = (await firstTime.getAttribute('value'))!;
    await firstTime.check({ force: true });
    await one.getByRole('button', { name: 'Book this time' }).click();
    await expect(one.getByRole('status')).toHaveText(copy.booked);
    await expect(one.getByText(/\(Asia\/Kolkata\)/)).toBeVisible();
    await expect(one.getByRole('link', { name: 'Cancel the interview…' })).toBeVisible();
    await expectNoViolations(one, 'the status page with a booked interview');
    await shoot(one, 'interview-booked');

    // The second candidate, without scripts: the zone from the list, the first's time gone.
    await consoleCall(admin, 'POST', `/api/recruiters/applicants/${second}/interviews`, {
      planInterviewId: planId,
      offerSlots: true,
      timeZone: 'America/New_York',
      durationMinutes: 45,
      interviewerIds: [await consoleUserId(admin, mara.name)],
    });
    const two = await candidatePage(browser, false, 'Asia/Manila');
    await two.goto(await statusLinkFor(emailOf(1), 'Choose a time'));
    await two.getByRole('link', { name: 'Choose a time…' }).click();
    await expect(two.getByText(copy.deviceZone)).toHaveCount(0);
    await two.getByLabel(copy.zoneLabel).selectOption('Asia/Manila');
    await two.getByRole('button', { name: 'Show the times' }).click();
    const manilaTimes = two.getByRole('group', { name: 'Times in Asia/Manila' });
    await expect(manilaTimes).toBeVisible();
    await expect(manilaTimes.locator(`input[value="${taken}"]`)).toHaveCount(0);
    await expectNoViolationsWithoutScripts(two, 'the booking page without scripts');
    await two.setViewportSize({ width: 390, height: 844 });
    await shoot(two, 'interview-booking-no-scripts');
    await manilaTimes.getByText(/AM|PM/).first().click();
    await two.getByRole('button', { name: 'Book this time' }).click();
    await expect(two.getByRole('status')).toHaveText(copy.booked);
    await expect(two.getByText(/\(Asia\/Manila\)/)).toBeVisible();
    await two.getByRole('link', { name: 'Cancel the interview…' }).click();
    await two.getByLabel(copy.cancelInterviewConfirm).check();
    await expectNoViolationsWithoutScripts(two, 'the interview cancel page');
    await two.getByRole('button', { name: 'Cancel my interview' }).click();
    await expect(two.getByRole('status')).toHaveText(copy.interviewCancelled);
    await expect(two.getByText('Technical')).toHaveCount(0);

    // The recruiter sees the first booking; its invitation reaches the candidate.
    await admin.reload();
    await expect(
      admin.getByRole('region', { name: 'Interviews' }).getByText('Booked by the candidate.'),
    ).toBeVisible();
    await expect
      .poll(
        () =>
          sunkMail().some(
            (mail) =>
              mail.to.includes(emailOf(0)) &&
              mailText(mail.raw).includes('METHOD:REQUEST') &&
              mailText(mail.raw).includes('invite.ics'),
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
  });
});

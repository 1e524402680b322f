import { FIXED_HEADER_NAME, FIXED_HEADER_VALUE } from '../../packages/contract/src/index';
import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { consoleCall } from '../support/console-calls';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, test } from '../support/fixtures';
import { inLetters, seedApplicants, seededFirstName } from '../support/seed-applicants';
import { shoot } from '../support/shots';

/**
 * Interview plans and scheduling (docs/recruiters.md, "Interview plans", "Working hours",
 * "Scheduling"): a recruiter builds an opening's plan; an interviewer in Manila keeps her hours;
 * the recruiter schedules an applicant's interview at 09:00 New York time with her and sees,
 * before saving, that she already has an interview then and that it is 21:00 for her; saves
 * anyway, and finds it on the applicant's page. Against the SQLite console server (the server
 * suite covers both engines).
 */
test.describe('interview plans and scheduling', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('a plan, working hours, and a schedule with its conflicts shown before saving', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const code = `E2E-INT-${suffix}`.toUpperCase();
    const lastName = `Plan${inLetters(Date.now() % 100_000)}`;
    const jobId = await adminApi(base).createOpening({
      JobCode: code,
      JobTitle: `Analyst ${suffix}`,
    });
    const [first, second] = await seedApplicants(base, jobId, 2, lastName);
    const mara = {
      email: `mara.${suffix}@example.com`,
      name: `Mara Manila ${inLetters(Date.now() % 1000)}`,
      password: 'quiet orchard lantern passphrase 7',
    };

    // The recruiter (the admin here) builds the plan on the opening's page.
    const admin = await signedIn(browser, CONSOLE_ADMIN, `/recruiters/openings/${jobId}`, {
      width: 1440,
    });
    const plan = admin.getByRole('region', { name: 'Interview plan' });
    const stage = plan.getByRole('group', { name: 'Interview' });
    await stage.getByRole('button', { name: 'Add an interview to Interview' }).click();
    await stage.getByLabel('Name').fill('Technical');
    await stage.getByLabel('Duration (minutes)').fill('60');
    await stage.getByLabel('Focus attributes').fill('SQL\nCommunication');
    await stage.getByLabel('Questions').fill('Walk us through a slow query you fixed.');
    await plan.getByRole('button', { name: 'Save interview plan' }).click();
    await expect(plan.getByText('The interview plan was saved.')).toBeVisible();
    await expectNoViolations(admin, 'the opening with its interview plan');
    await shoot(admin, 'interview-plan');

    // The interviewer, in Manila, keeps 09:00–18:00 on weekdays.
    await consoleCall(admin, 'POST', '/api/recruiters/users', { ...mara, role: 'recruiter' });
    const maraPage = await signedIn(browser, mara, '/recruiters/account', { width: 1440 });
    const hours = maraPage.getByRole('region', { name: 'Working hours' });
    await expect(hours.getByText(/You keep no working hours yet/)).toBeVisible();
    await expectNoViolations(maraPage, 'Your account without working hours');
    await hours.getByLabel('Your time zone').selectOption('Asia/Manila');
    await hours.getByRole('button', { name: 'Monday to Friday, 09:00–17:00' }).click();
    for (const end of await hours.getByLabel(/^To/).all()) await end.fill('18:00');
    await hours.getByRole('button', { name: 'Save working hours' }).click();
    await expect(hours.getByText('Your working hours were saved.')).toBeVisible();
    await expectNoViolations(maraPage, 'Your account with working hours');
    await shoot(maraPage, 'working-hours');

    // She already has an interview with the second applicant at that time.
    const planId = (
      (await (
        await admin.request.get(`/api/recruiters/jobs/${jobId}/interview-plan`, {
          headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE },
        })
      ).json()) as { stages: { interviews: { id: number }[] }[] }
    ).stages.flatMap((s) => s.interviews)[0]!.id;
    const users = (await (
      await admin.request.get('/api/recruiters/interviewers', {
        headers: { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE },
      })
    ).json()) as { userId: number; name: string }[];
    const maraId = users.find((u) => u.name === mara.name)!.userId;
    await consoleCall(admin, 'POST', `/api/recruiters/applicants/${second}/interviews`, {
      planInterviewId: planId,
      startsAt: '2027-03-15T09:30',
      timeZone: 'America/New_York',
      durationMinutes: 60,
      interviewerIds: [maraId],
    });

    // The recruiter schedules the first applicant: Monday 15 March 2027, 09:00 in New York
    // (the day after the US moved its clocks), which is 21:00 in Manila.
    await admin.goto(`/recruiters/applicants/${first}`);
    const panel = admin.getByRole('region', { name: 'Interviews' });
    await expect(panel.getByText('No interviews yet.')).toBeVisible();
    await panel.getByRole('button', { name: 'Schedule interview' }).click();
    const form = panel.getByRole('form', { name: 'Schedule interview' });
    await form.getByLabel('Interview', { exact: true }).selectOption({
      label: 'Technical (60 min, Video)',
    });
    await expect(form.getByLabel('Duration (minutes)')).toHaveValue('60');
    await form.getByLabel('Date', { exact: true }).fill('2027-03-15');
    await form.getByLabel('Start time').fill('09:00');
    await form.getByLabel('Time zone').selectOption('America/New_York');
    await form.getByLabel(`${mara.name} (Asia/Manila)`).check();
    await form.getByLabel('Location or video link').fill('https://meet.example.com/tech');
    const checks = form.getByRole('region', { name: 'Checks before scheduling' });
    await expect(checks).toContainText(
      `${mara.name}: outside their working hours (Mon 2027-03-15 21:00–22:00 in Asia/Manila).`,
    );
    await expect(checks).toContainText(
      `Already in “Technical” with ${seededFirstName(1)} ${lastName}`,
    );
    await expect(checks).toContainText('One interviewer has a conflict: you may still schedule.');
    await expectNoViolations(admin, 'the schedule form with conflicts');
    await shoot(admin, 'interview-schedule-conflicts');

    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(panel.getByText('The interview was scheduled.')).toBeVisible();
    await admin.reload();
    const item = admin
      .getByRole('region', { name: 'Interviews' })
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { name: 'Technical (Video)' }) });
    await expect(item).toContainText('(9:00 AM in America/New_York)');
    await expect(item).toContainText(`60 min with ${mara.name}`);
    await expect(item).toContainText('Where: https://meet.example.com/tech');
    await expectNoViolations(admin, "the applicant's page with an interview");
    await shoot(admin, 'interview-scheduled');
  });
});

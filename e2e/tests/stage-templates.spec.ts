import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { expectNoViolations } from '../support/axe';
import { consoleCall } from '../support/console-calls';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shots';
import { mailText, sunkMail } from '../support/smtp-sink';

/**
 * Automatic messages on a stage move (docs/recruiters.md): an admin gives an opening's
 * Interview stage a template on its edit screen; moving an applicant to Interview puts the
 * message on their timeline at once, and the mail reaches the SMTP sink once its 15 s hold
 * has passed. The console's own behaviour (the server suite runs both engines): SQLite.
 */
test.describe('automatic messages on a stage move', () => {
  test.describe.configure({ timeout: 150_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('an admin sets a stage template; a move to that stage sends it after its hold', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const code = `E2E-AUTO-${suffix}`.toUpperCase();
    const jobId = await adminApi(base).createOpening({ JobCode: code, JobTitle: 'Field Engineer' });
    const email = `iris.${suffix}@example.com`;
    const applicantId = await apply(base, jobId, 'Iris', email);

    const admin = await signedIn(browser, CONSOLE_ADMIN, `/recruiters/openings/${jobId}`, {
      width: 1440,
    });
    const templateName = `Interview invitation ${suffix}`;
    await consoleCall(admin, 'POST', '/api/recruiters/message-templates', {
      name: templateName,
      subject: 'Let us meet about {{jobTitle}}',
      body: 'Dear {{firstName}},\n\nWe would like to invite you to an interview.',
    });
    await admin.reload();
    const section = admin.getByRole('region', { name: 'Automatic messages' });
    await expect(section).toContainText('waits 15 seconds');
    await section.getByLabel('On a move to Interview').selectOption({ label: templateName });
    await section.getByRole('button', { name: 'Save automatic messages' }).click();
    await expect(section.getByRole('status')).toHaveText('Automatic messages saved.');
    await expectNoViolations(admin, 'the opening with its automatic messages');
    await section.scrollIntoViewIfNeeded();
    await shoot(admin, 'stage-templates');

    await admin.goto(`/recruiters/applicants/${applicantId}`);
    const stage = admin.getByRole('region', { name: 'Stage' });
    await stage.getByRole('radio', { name: 'Interview' }).check();
    const movedAt = Date.now();
    await stage.getByRole('button', { name: 'Change stage' }).click();
    await expect(stage.getByRole('group', { name: /Current stage: Interview/ })).toBeVisible();
    const timeline = admin.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText(
      `Message sent by ${CONSOLE_ADMIN.name}: Let us meet about Field Engineer`,
    );
    // The application's own confirmation went to the same address: this is the stage's mail.
    const arrived = () =>
      sunkMail().find(
        (mail) => mail.to.includes(email) && mailText(mail.raw).includes('Let us meet about'),
      );
    await expect.poll(() => arrived() !== undefined, { timeout: 40_000 }).toBe(true);
    // Held: it did not go before its 15 s had passed.
    expect(Date.now() - movedAt).toBeGreaterThan(13_000);
    const text = mailText(arrived()!.raw);
    expect(text).toContain('Let us meet about Field Engineer');
    expect(text).toContain('Dear Iris,');
  });
});

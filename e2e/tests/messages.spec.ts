import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, live, test } from '../support/fixtures';
import { apply } from '../support/applications';
import { sunkMail } from '../support/smtp-sink';

/**
 * Messages to candidates (docs/recruiters.md): an admin keeps a rejection reason and a
 * rejection template, a recruiter rejects an applicant with them and writes to another; the
 * mails arrive at the SMTP sink as written, with a status link, and each is on the timeline.
 * The console's own behaviour, the same on either engine (the server suite runs the API on
 * both), so it runs against the SQLite console server.
 */

/** The plain-text part of a raw message, quoted-printable undone. */
function plainText(raw: string): string {
  const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)(\r?\n--|$)/i.exec(raw)?.[1] ?? raw;
  const quoted = /Content-Type: text\/plain[^]*?Content-Transfer-Encoding: quoted-printable/i.test(
    raw,
  );
  if (!quoted) return part;
  const bytes = part
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The one mail to `to` whose subject has `subject`, once the sender delivered it. */
async function mailTo(to: string, subject: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = sunkMail().find((mail) => mail.to.includes(to) && mail.raw.includes(subject))?.raw;
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return plainText(found!);
}

test.describe('messages to candidates', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('a long template scrolls in its box, and a keyboard reaches it', async ({ browser }) => {
    const name = `Long template ${Date.now().toString(36)}`;
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/messages');
    const form = admin.getByRole('region', { name: 'New template' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Subject').fill('About {{jobTitle}}');
    await form
      .getByLabel('Message')
      .fill(Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the letter.`).join('\n\n'));
    await form.getByRole('button', { name: 'Add template' }).click();
    await expect(admin.getByText(`“${name}” is added.`)).toBeVisible();
    const body = admin.getByRole('region', { name: `The message of “${name}”` });
    // It scrolls: taller inside than its box.
    expect(await body.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    await body.focus();
    await expect(body).toBeFocused();
    await admin.keyboard.press('End');
    await expect.poll(() => body.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);
    await expectNoViolations(admin, 'a long template on the Messages screen');
  });

  test('an admin keeps a reason and a template (an unknown placeholder refused first); a recruiter rejects with them and writes a message; the mails arrive and the timeline shows them', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const reasonLabel = `Chose a closer match ${suffix}`;
    const templateName = `Kind rejection ${suffix}`;
    const recruiter = {
      email: `mina.${suffix}@example.com`,
      name: `Mina Messenger ${suffix}`,
      password: 'writes to every candidate kindly',
    };

    // The admin adds a recruiter, then a reason and a template on the Messages screen.
    const admin = await signedIn(browser, CONSOLE_ADMIN, '/recruiters/users');
    const addForm = admin.getByRole('region', { name: 'Add a person' });
    await addForm.getByLabel('Email').fill(recruiter.email);
    await addForm.getByLabel('Name').fill(recruiter.name);
    await addForm.getByLabel('Role').selectOption('recruiter');
    await addForm.getByLabel('Password').fill(recruiter.password);
    await addForm.getByRole('button', { name: 'Add person' }).click();
    await expect(admin.getByText(`${recruiter.name} is added.`)).toBeVisible();

    await admin.getByRole('link', { name: 'Messages' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const reasons = admin.getByRole('region', { name: 'Rejection reasons' });
    await reasons.getByLabel('New reason').fill(reasonLabel);
    await reasons.getByRole('button', { name: 'Add reason' }).click();
    await expect(admin.getByText(`“${reasonLabel}” is added.`)).toBeVisible();
    await expect(reasons.getByRole('listitem').filter({ hasText: reasonLabel })).toContainText(
      'No applicants rejected with it',
    );

    const form = admin.getByRole('region', { name: 'New template' });
    const subject = 'News about your application for {{jobTitle}}';
    const misspelt =
      'Dear {{fistName}},\n\nThank you for applying to {{companyName}}. We chose another candidate this time.\n\nYour application: {{statusLink}}';
    await form.getByLabel('Name').fill(templateName);
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill(misspelt);
    await form.getByRole('button', { name: 'Add template' }).click();
    const refusal = '{{fistName}} is not a placeholder we know';
    await expect(form.getByRole('alert')).toContainText(refusal);
    // The field is named and focused, and everything typed is still there.
    await expect(form.getByLabel('Message')).toBeFocused();
    await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Message')).toHaveValue(misspelt);
    await expect(form.getByLabel('Name')).toHaveValue(templateName);
    await expectNoViolations(admin, 'a template refused for an unknown placeholder');

    await form.getByLabel('Message').fill(misspelt.replace('{{fistName}}', '{{firstName}}'));
    await form.getByRole('button', { name: 'Add template' }).click();
    await expect(admin.getByText(`“${templateName}” is added.`)).toBeVisible();
    await expect(
      admin.getByRole('region', { name: 'Templates' }).getByRole('heading', { name: templateName }),
    ).toBeVisible();
    await expectNoViolations(admin, 'the Messages screen');

    // An opening and two applications, as the careers site would take them.
    const code = `E2E-MSG-${suffix}`.toUpperCase();
    const jobId = await adminApi(base).createOpening({ JobCode: code, JobTitle: 'Claims Analyst' });
    const lenaMail = `lena.${suffix}@example.com`;
    const lena = await apply(base, jobId, 'Lena', lenaMail);
    const omarMail = `omar.${suffix}@example.com`;
    const omar = await apply(base, jobId, 'Omar', omarMail);

    // The recruiter rejects Lena with the reason and the template, seen before it goes.
    const mina = await signedIn(browser, recruiter, `/recruiters/applicants/${lena}`);
    await expect(mina.getByRole('heading', { level: 1, name: 'Lena Okafor' })).toBeVisible();
    await mina.getByRole('button', { name: 'Reject…' }).click();
    const dialog = mina.getByRole('dialog', { name: 'Reject Lena Okafor?' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption({ label: reasonLabel });
    await dialog.getByLabel('Rejection mail').selectOption({ label: templateName });
    const preview = dialog.getByRole('region', { name: 'The mail Lena Okafor will read' });
    await expect(preview).toContainText('News about your application for Claims Analyst');
    await expect(preview).toContainText('Dear Lena,');
    await expectNoViolations(mina, 'the reject dialog with its mail shown');
    await dialog.getByRole('button', { name: 'Reject and send' }).click();
    await expect(dialog).toBeHidden();

    const stage = mina.getByRole('region', { name: 'Stage' });
    await expect(stage.getByRole('group', { name: /Current stage: Rejected/ })).toBeVisible();
    await expect(stage).toContainText(`Reason: ${reasonLabel}`);
    const timeline = mina.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText(
      `Rejection mail sent by ${recruiter.name}: News about your application for Claims Analyst`,
    );
    await timeline.getByText('Read the message').first().click();
    await expect(timeline).toContainText('Your application: [their status link]');
    await expectNoViolations(mina, 'the applicant page with the rejection on the timeline');

    const rejection = await mailTo(lenaMail, 'News about your application for Claims Analyst');
    expect(rejection).toContain('Dear Lena,');
    expect(rejection).toContain('Thank you for applying to Lumenfield Technology Partners.');
    // A fresh status link on the site's own origin (the applicant's status page opens it).
    const link = new RegExp(
      `Your application: (${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/applications/[A-Za-z0-9_-]{43})`,
    ).exec(rejection)?.[1];
    expect(link).toBeDefined();
    // Lena opens it, signed in nowhere: her application reads Closed.
    const lenaContext = await browser.newContext();
    const lenaPage = await lenaContext.newPage();
    await lenaPage.goto(link!);
    await expect(lenaPage.locator('dl')).toContainText('Closed');
    await lenaContext.close();

    // A written message to Omar: previewed, then sent.
    await mina.goto(`/recruiters/applicants/${omar}`);
    await live(mina);
    const panel = mina.getByRole('region', { name: 'Message Omar' });
    await panel.getByRole('radio', { name: 'A message I write' }).check();
    await panel.getByLabel('Subject').fill('A call about {{jobTitle}}');
    await panel
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Hello {{firstName}},\n\nCould we talk on Thursday at 10:00 your time?');
    await panel.getByRole('button', { name: 'Preview' }).click();
    const written = panel.getByRole('region', { name: 'What Omar Okafor will read' });
    await expect(written).toContainText('A call about Claims Analyst');
    await expect(written).toContainText('Hello Omar,');
    await expectNoViolations(mina, 'a written message shown before it is sent');
    await panel.getByRole('button', { name: 'Send message' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Sent to Omar Okafor. It is on the timeline.',
    );
    const omarTimeline = mina.getByRole('region', { name: 'Timeline' });
    await expect(omarTimeline).toContainText(
      `Message sent by ${recruiter.name}: A call about Claims Analyst`,
    );
    const call = await mailTo(omarMail, 'A call about Claims Analyst');
    expect(call).toContain('Hello Omar,');
    expect(call).toContain('Could we talk on Thursday at 10:00 your time?');
  });
});

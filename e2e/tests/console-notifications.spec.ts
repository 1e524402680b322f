import path from 'node:path';
import type { Page } from '@playwright/test';
import { createDb } from '../../apps/server/src/db/create-db';
import { changeApplicants } from '../../apps/server/src/db/write-transaction';
import { recordReply } from '../../apps/server/src/domains/conversations/replies';
import { expectNoViolations } from '../support/axe';
import { adminApi } from '../support/admin-api';
import { apply } from '../support/applications';
import { consoleCall } from '../support/console-calls';
import { CONSOLE_ADMIN } from '../support/console-servers';
import { consoleUrl, signedIn } from '../support/console-sign-in';
import { expect, test } from '../support/fixtures';
import { shoot, shootScreen } from '../support/shots';

/** axe clean at 1440 and at 390 px, then a look at both widths. */
async function atBothWidths(page: Page, what: string, shot: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `${what} at ${width} px`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, shot);
}

/**
 * A candidate's reply as the mail reader or the status page records it (they are tested on
 * their own): straight into the SQLite console server's database, under the applicant's lock.
 */
async function candidateReplies(applicantId: number) {
  const handle = createDb({
    dataDir: path.join(process.env.E2E_WORK_DIR!, 'data-console-sqlite'),
  });
  try {
    await changeApplicants(handle.db, [applicantId], (trx) =>
      recordReply(trx, {
        applicantId,
        channel: 'status-page',
        subject: null,
        body: 'Thank you, Tuesday at ten works for me.',
        receivedAt: new Date(),
      }),
    );
  } finally {
    await handle.close();
  }
}

/**
 * Notifications and mentions (docs/recruiters.md, "Notifications and mentions"): an admin
 * mentions a colleague in a note through the note box's suggestions; the colleague sees the
 * badge, the mention and the candidate's reply in their notifications, and the mention leads to
 * the applicant. Against the SQLite console server (the server suite covers both engines).
 */
test.describe('notifications', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(() => !process.env.E2E_CONSOLE_SQLITE_URL, 'no console server (see global setup)');

  test('a mention reaches the colleague, with the reply, and leads to the applicant', async ({
    browser,
  }) => {
    const base = consoleUrl();
    const suffix = Date.now().toString(36);
    const jobId = await adminApi(base).createOpening({
      JobCode: `E2E-NT-${suffix}`.toUpperCase(),
      JobTitle: `Claims Analyst ${suffix}`,
    });
    const applicantId = await apply(base, jobId, 'Lena', `lena.${suffix}@example.com`, 'Notice');
    const rina = {
      email: `rina.${suffix}@example.com`,
      name: `Rina Ólafsdóttir ${suffix}`,
      password: 'a long and uncommon passphrase 42',
    };

    const admin = await signedIn(browser, CONSOLE_ADMIN, `/recruiters/applicants/${applicantId}`, {
      width: 1440,
    });
    await consoleCall(admin, 'POST', '/api/recruiters/users', { ...rina, role: 'recruiter' });
    const people = await consoleCall<{ userId: number; name: string }[]>(
      admin,
      'GET',
      '/api/recruiters/team-people',
    );
    const rinaId = people.find((person) => person.name === rina.name)!.userId;
    // Replies go to the opening's recruiters: Rina is its recruiter.
    await consoleCall(admin, 'PUT', `/api/recruiters/jobs/${jobId}/team`, {
      members: [{ userId: rinaId, part: 'recruiter' }],
    });
    await admin.reload();

    // The note box suggests her after "@" and the start of her name; Enter inserts her.
    const box = admin.getByLabel('Note', { exact: true });
    await box.click();
    await box.pressSequentially(`Please call her. @ólafs`);
    const suggestions = admin.getByRole('listbox', { name: 'Colleagues' });
    await expect(suggestions.getByRole('option')).toHaveText([rina.name]);
    await expectNoViolations(admin, 'the note box with its suggestions');
    await shootScreen(admin, 'notifications-mention-picker');
    await admin.setViewportSize({ width: 390, height: 900 });
    await shootScreen(admin, 'notifications-mention-picker');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await box.press('Enter');
    await expect(box).toHaveValue(`Please call her. @[${rina.name}] `);
    await box.pressSequentially('she prefers mornings.');
    await admin.getByRole('button', { name: 'Add note' }).click();
    const notes = admin.getByRole('region', { name: 'Notes' });
    await expect(notes.locator('mark')).toHaveText(`@${rina.name}`);

    await candidateReplies(applicantId);

    // Rina: the badge says two unread; the list has the mention and the reply.
    const page = await signedIn(browser, rina, '/recruiters/openings', { width: 1440 });
    const bell = page.getByRole('link', { name: 'Notifications, 2 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/recruiters\/notifications$/);
    const list = page.getByRole('list', { name: 'Your notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('link')).toHaveText([
      `Lena Notice replied (Claims Analyst ${suffix})`,
      `Ada Admin mentioned you in a note on Lena Notice (Claims Analyst ${suffix})`,
    ]);
    await atBothWidths(page, 'the notifications list', 'notifications-list');

    await list.getByRole('link', { name: /mentioned you/ }).click();
    await expect(page).toHaveURL(new RegExp(`/recruiters/applicants/${applicantId}$`));
    await expect(page.getByRole('region', { name: 'Notes' }).locator('mark')).toHaveText(
      `@${rina.name}`,
    );
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    await shoot(page, 'notifications-applicant-note');
  });
});

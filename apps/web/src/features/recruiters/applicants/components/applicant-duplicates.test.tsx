import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleApplicant } from '@lumenfield/contract';
import {
  applicant,
  job,
  json,
  mockSignedIn,
  problem,
  renderConsole,
} from '../../shell/test-support';

const other = {
  applicantId: 31,
  firstName: 'Ana',
  lastName: 'Silva',
  appliedOn: '2026-11-02T10:00:00.000Z',
  jobId: 7,
  jobCode: 'LTP-DEV-2',
  jobTitle: 'Developer',
  stage: 'Interview' as const,
};

const suggested = (): ConsoleApplicant =>
  applicant({ possibleDuplicates: [{ ...other, matchedBy: ['email', 'phone'] }] });
const merged = (undoUntil: string | null): ConsoleApplicant =>
  applicant({
    alsoApplied: [
      { ...other, mergedOn: '2026-11-21T10:00:00.000Z', mergedBy: 'Rita Recruiter', undoUntil },
    ],
  });

describe("the applicant's possible duplicates", () => {
  it('lists each with what matched, its opening, date and stage, and merges after a confirm', async () => {
    const asked: unknown[] = [];
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(suggested()),
      'POST /recruiters/applicants/12/merge': (_url, init) => {
        asked.push(JSON.parse(String(init?.body)));
        return json(merged('2026-12-21T10:00:00.000Z'));
      },
    });
    renderConsole('/recruiters/applicants/12');
    const section = await screen.findByRole('region', { name: 'Possible duplicates' });
    const item = within(within(section).getByRole('list', { name: 'Possible duplicates' }))
      .getAllByRole('listitem')
      .at(0)!;
    expect(within(item).getByRole('link', { name: 'Ana Silva' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/31',
    );
    expect(item).toHaveTextContent('LTP-DEV-2 · Developer');
    expect(item).toHaveTextContent('Interview');
    expect(item).toHaveTextContent('Same e-mail address and mobile number');
    expect(within(item).getByText(/2 Nov 2026|Nov 2, 2026/)).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: 'Same person — merge' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Same person?' });
    // The answer that changes nothing has the focus; Cancel sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(asked).toEqual([{ otherId: 31 }]);

    const now = await screen.findByRole('region', { name: 'Also applied' });
    expect(within(now).getByRole('status')).toHaveTextContent(
      "Merged: Ana Silva's application is the same person.",
    );
    expect(within(now).queryByRole('list', { name: 'Possible duplicates' })).toBeNull();
    const linked = within(within(now).getByRole('list', { name: 'Also applied' })).getByRole(
      'listitem',
    );
    expect(linked).toHaveTextContent('Merged by Rita Recruiter');
    const undo = within(linked).getByRole('button', { name: 'Undo merge' });
    expect(undo).toHaveAccessibleDescription(/Can be undone until (21 Dec 2026|Dec 21, 2026)/);
  });

  it('records "Not the same person" and says so; a refusal is shown in its words', async () => {
    let calls = 0;
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(suggested()),
      'POST /recruiters/applicants/12/not-duplicate': () =>
        ++calls === 1
          ? problem(409, 'These two applications are already marked as not the same person.')
          : json(applicant()),
    });
    renderConsole('/recruiters/applicants/12');
    const section = await screen.findByRole('region', { name: 'Possible duplicates' });
    await userEvent.click(within(section).getByRole('button', { name: 'Not the same person' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'These two applications are already marked as not the same person.',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Not the same person' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      "Noted: Ana Silva's application is not the same person.",
    );
    expect(within(section).queryByRole('listitem')).toBeNull();
  });

  it('offers no undo once the 30 days are past, and no section without duplicates', async () => {
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(merged(null)),
      'GET /recruiters/applicants/13': () => json(applicant({ applicantId: 13 })),
    });
    const { history } = renderConsole('/recruiters/applicants/12');
    const section = await screen.findByRole('region', { name: 'Also applied' });
    expect(section).toHaveTextContent('Merged by Rita Recruiter');
    expect(within(section).queryByRole('button', { name: 'Undo merge' })).toBeNull();
    history.push('/recruiters/applicants/13');
    await screen.findByRole('region', { name: 'What they sent' });
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: /Also applied|Possible duplicates/ })).toBeNull(),
    );
  });

  it('the list flags the rows with possible duplicates in words', async () => {
    const row = (applicantId: number, firstName: string, possibleDuplicate: boolean) => ({
      applicantId,
      jobId: 3,
      jobCode: 'LTP-QA-1',
      jobTitle: 'QA Engineer',
      firstName,
      lastName: 'Silva',
      email: `${firstName.toLowerCase()}@example.com`,
      city: 'Austin',
      appliedOn: '2026-11-20T10:00:00.000Z',
      stage: 'New',
      doesNotMeet: [],
      possibleDuplicate,
    });
    mockSignedIn({
      'GET /recruiters/job-choices': () => json([job()]),
      'GET /recruiters/applicants': () =>
        json({
          items: [row(12, 'Ana', true), row(13, 'Bea', false)],
          total: 2,
          page: 1,
          pageSize: 50,
        }),
    });
    renderConsole('/recruiters/applicants');
    const ana = (await screen.findByRole('link', { name: 'Ana Silva' })).closest('tr')!;
    expect(within(ana).getByRole('list', { name: 'Flags' })).toHaveTextContent(
      'Possible duplicate',
    );
    const bea = screen.getByRole('link', { name: 'Bea Silva' }).closest('tr')!;
    expect(within(bea).queryByText('Possible duplicate')).toBeNull();
  });
});

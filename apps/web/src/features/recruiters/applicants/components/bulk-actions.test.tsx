import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApplicantStage, BulkAction } from '@lumenfield/contract';
import { bulkDoneText, bulkMoveTargets, bulkUndoText } from './bulk-actions';
import { applicantRow, json, mockSignedIn, renderConsole } from '../../shell/test-support';

const row = (applicantId: number, firstName: string, stage: ApplicantStage = 'New') =>
  applicantRow({ applicantId, firstName, email: `${firstName.toLowerCase()}@example.com`, stage });

describe('bulk actions: words and choices', () => {
  it('offers the stages some selected applicant may move to, never Withdrawn or Rejected', () => {
    expect(bulkMoveTargets(['New'])).toEqual(['Screening', 'Interview', 'Offer']);
    expect(bulkMoveTargets(['New', 'Offer'])).toEqual([
      'New',
      'Screening',
      'Interview',
      'Offer',
      'Hired',
    ]);
    expect(bulkMoveTargets([])).toEqual([]);
  });

  it('counts with the plural rules', () => {
    const move: BulkAction['action'] = { kind: 'move', stage: 'Interview' };
    expect(bulkDoneText(move, 200)).toBe('Moved 200 applicants to Interview.');
    expect(bulkDoneText(move, 1)).toBe('Moved 1 applicant to Interview.');
    expect(bulkDoneText({ kind: 'reject', reasonId: 1, templateId: null }, 2)).toBe(
      'Rejected 2 applicants.',
    );
    expect(bulkUndoText(1)).toBe('Undone: 1 applicant back where they were.');
  });
});

describe('the bulk bar on the applicants list', () => {
  it('selects all matching, moves them with the stages seen, reports the skipped, and undoes', async () => {
    const sent: unknown[] = [];
    let undone = false;
    mockSignedIn({
      'GET /recruiters/job-choices': () => json([]),
      'GET /recruiters/applicants': () =>
        json({
          items: [row(1, 'Ann'), row(2, 'Ben', 'Screening')],
          total: 3,
          page: 1,
          pageSize: 2,
        }),
      'GET /recruiters/applicant-ids': () =>
        json({
          items: [
            { applicantId: 1, stage: 'New' },
            { applicantId: 2, stage: 'Screening' },
            { applicantId: 3, stage: 'New' },
          ],
          total: 3,
        }),
      'POST /recruiters/applicants/bulk': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({
          batchId: 9,
          done: [1, 3],
          skipped: [
            {
              applicantId: 2,
              name: 'Ben Doe',
              reason: 'Someone else changed this applicant meanwhile: now in Offer.',
            },
          ],
          undoUntil: new Date(Date.now() + 10_000).toISOString(),
        });
      },
      'POST /recruiters/applicants/bulk/9/undo': () => {
        undone = true;
        return json({ undone: [1, 3], skipped: [] });
      },
    });
    renderConsole('/recruiters/applicants');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Ann Doe' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select all 3 matching applicants' }));
    await waitFor(() => expect(within(bar).getByText('3 selected')).toBeInTheDocument());

    // Nothing chosen: a sentence, nothing sent.
    await userEvent.click(within(bar).getByRole('button', { name: 'Move' }));
    expect(within(bar).getByRole('alert')).toHaveTextContent('Choose a stage to move them to.');
    expect(sent).toEqual([]);

    await userEvent.selectOptions(within(bar).getByLabelText('Move to stage'), 'Interview');
    await userEvent.click(within(bar).getByRole('button', { name: 'Move' }));
    expect(await within(bar).findByText('Moved 2 applicants to Interview.')).toHaveFocus();
    expect(sent).toEqual([
      {
        applicants: [
          { applicantId: 1, stage: 'New' },
          { applicantId: 2, stage: 'Screening' },
          { applicantId: 3, stage: 'New' },
        ],
        action: { kind: 'move', stage: 'Interview' },
      },
    ]);
    expect(within(bar).getByText(/now in Offer/)).toBeInTheDocument();
    // The skipped list scrolls when long: a keyboard reaches it, by its name.
    expect(within(bar).getByRole('list', { name: 'Skipped applicants' })).toHaveAttribute(
      'tabindex',
      '0',
    );

    await userEvent.click(within(bar).getByRole('button', { name: 'Undo' }));
    expect(
      await within(bar).findByText('Undone: 2 applicants back where they were.'),
    ).toBeVisible();
    expect(undone).toBe(true);
    expect(within(bar).queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});

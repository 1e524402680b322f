import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleApplicant } from '@lumenfield/contract';
import {
  applicant,
  applicantRow,
  job,
  json,
  mockSignedIn,
  mockSignedInAs,
  renderConsole,
} from '../../shell/test-support';

describe('the applicants list', () => {
  it('pages from a row: asks for the page after it, links back before its first row', async () => {
    const asked: URLSearchParams[] = [];
    mockSignedIn({
      'GET /recruiters/jobs': () => json([job()]),
      'GET /recruiters/applicants': (url) => {
        asked.push(url.searchParams);
        return json({
          items: [
            applicantRow({ applicantId: 40 }),
            applicantRow({ applicantId: 41, firstName: 'Joe' }),
          ],
          total: 10_000,
          totalAtLeast: true,
          page: 3,
          pageSize: 2,
        });
      },
    });
    renderConsole('/recruiters/applicants?q=doe&page=3&after=39');
    expect(await screen.findByText('More than 10000 applicants')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0]!)).toEqual({ q: 'doe', page: '3', after: '39' });
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/recruiters/applicants?q=doe&page=2&before=40',
    );
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/recruiters/applicants?q=doe&page=4&after=41',
    );
    // The count stopped: the page has no "of".
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    // An applicant's link carries the list, not where its page started.
    expect(screen.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/40?q=doe',
    );
  });

  it('reads its filters from the URL, asks for them, and the CSV link carries them', async () => {
    const asked: URLSearchParams[] = [];
    mockSignedIn({
      'GET /recruiters/job-choices': () => json([job()]),
      'GET /recruiters/applicants': (url) => {
        asked.push(url.searchParams);
        return json({
          items: [applicantRow({ stage: 'Interview' })],
          total: 51,
          page: 1,
          pageSize: 50,
        });
      },
    });
    const { history } = renderConsole(
      '/recruiters/applicants?jobId=3&stage=Interview&q=jane&bad=1',
    );
    const link = await screen.findByRole('link', { name: 'Jane Doe' });
    // The applicant's page remembers the list (next and previous walk it).
    expect(link).toHaveAttribute(
      'href',
      '/recruiters/applicants/12?jobId=3&stage=Interview&q=jane',
    );
    expect(Object.fromEntries(asked[0]!)).toEqual({ jobId: '3', stage: 'Interview', q: 'jane' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/recruiters/applicants.csv?jobId=3&stage=Interview&q=jane',
    );
    expect(screen.getByText('51 applicants')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Applicants · QA Engineer',
    );
    // The second page keeps the filters, and starts after the last row shown.
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/recruiters/applicants?jobId=3&stage=Interview&q=jane&page=2&after=12',
    );
    // A new filter is a new URL, with no button to press: a choice at once...
    expect(screen.queryByRole('button', { name: 'Apply filters' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Stage'), 'New');
    expect(history.location.search).toBe('?q=jane&stage=New&jobId=3');
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(Object.fromEntries(asked[1]!)).toEqual({ jobId: '3', stage: 'New', q: 'jane' });
    // ...words once the typing pauses (not on each key; a trailing space stays in the field)...
    const search = screen.getByLabelText('Search');
    await userEvent.type(search, ' doe ');
    expect(history.location.search).toBe('?q=jane&stage=New&jobId=3');
    await waitFor(() => expect(history.location.search).toBe('?q=jane+doe&stage=New&jobId=3'));
    expect(search).toHaveValue('jane doe ');
    // ...or on Enter, at once.
    await userEvent.clear(search);
    await userEvent.type(search, '{Enter}');
    expect(history.location.search).toBe('?stage=New&jobId=3');
    await waitFor(() =>
      expect(asked.at(-1) && Object.fromEntries(asked.at(-1)!)).toEqual({
        jobId: '3',
        stage: 'New',
      }),
    );
    // The pause that Enter cut short adds no second entry.
    const entered = history.location;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(history.location).toBe(entered);
    // The nav's plain list: the fields follow the URL.
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', {
        name: 'Applicants',
      }),
    );
    expect(history.location.search).toBe('');
    await waitFor(() => expect(screen.getByLabelText('Stage')).toHaveValue(''));
    expect(screen.getByLabelText('Opening')).toHaveValue('');
  });
});

describe("an applicant's page", () => {
  it('shows what they sent, a DOCX to download, and moves the stage and adds a note', async () => {
    let current: ConsoleApplicant = applicant();
    const writes: { method: string; body: unknown }[] = [];
    let pageLoads = 0;
    mockSignedIn({
      'GET /recruiters/applicants/12': () => {
        pageLoads += 1;
        return json(current);
      },
      'PUT /recruiters/applicants/12/stage': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { stage: ConsoleApplicant['stage'] };
        writes.push({ method: 'PUT', body });
        current = {
          ...current,
          stage: body.stage,
          stageHistory: [
            {
              stage: body.stage,
              changedBy: 'Rita Recruiter',
              changedOn: '2026-11-21T10:00:00.000Z',
            },
            ...current.stageHistory,
          ],
        };
        // What changed, not the whole page.
        return json({ stage: current.stage, stageHistory: current.stageHistory });
      },
      'POST /recruiters/applicants/12/notes': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { text: string };
        writes.push({ method: 'POST', body });
        current = {
          ...current,
          notes: [
            {
              noteId: 1,
              author: 'Rita Recruiter',
              createdOn: '2026-11-21T11:00:00.000Z',
              text: body.text,
            },
          ],
        };
        return json(current, 201);
      },
    });
    renderConsole('/recruiters/applicants/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeVisible();
    const sent = screen.getByRole('region', { name: 'What they sent' });
    for (const text of [
      'jane@example.com',
      '5550100',
      'Austin',
      'Texas',
      'United States',
      '3-5 years',
    ])
      expect(within(sent).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download DOCX/ })).toHaveAttribute(
      'href',
      '/api/recruiters/resumes/g-1?sig=x',
    );
    expect(screen.queryByTestId('pdf-pages')).not.toBeInTheDocument();
    // Recruiters do not erase; admins do.
    expect(screen.queryByRole('button', { name: /Erase/ })).not.toBeInTheDocument();

    // The stage model offers only the moves it allows, and says why not the others.
    const stage = screen.getByRole('region', { name: 'Stage' });
    expect(within(stage).getByRole('radio', { name: 'Hired' })).toBeDisabled();
    expect(within(stage).getByRole('radio', { name: 'New' })).toBeEnabled();
    expect(within(stage).getByRole('group')).toHaveAccessibleDescription(
      'Only an applicant in Offer can be hired; this one is in New.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change stage' }));
    expect(within(stage).getByRole('status')).toHaveTextContent('The applicant is already in New.');

    await userEvent.click(screen.getByRole('radio', { name: 'Interview' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change stage' }));
    // The panel is drawn anew from the server's answer, without asking for the page again.
    await waitFor(() => expect(within(stage).getByText('Rita Recruiter')).toBeInTheDocument());
    expect(within(stage).getByRole('radio', { name: 'Interview' })).toBeChecked();
    expect(within(stage).getByText('Stage changed to Interview.')).toBeInTheDocument();
    expect(within(stage).getByRole('group', { name: /Current stage: Interview/ })).toBeVisible();
    expect(pageLoads).toBe(1);

    await userEvent.type(screen.getByLabelText('Note'), 'Strong on test design.');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('Strong on test design.')).toBeInTheDocument();
    expect(within(notes).getByText('Rita Recruiter')).toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(writes).toEqual([
      { method: 'PUT', body: { stage: 'Interview' } },
      { method: 'POST', body: { text: 'Strong on test design.' } },
    ]);
  });

  it('after erasing, closing the result (× or Esc) leaves the erased person for the applicants list', async () => {
    mockSignedInAs('admin', {
      'GET /recruiters/applicants/12': () => json(applicant()),
      'POST /recruiters/erasures': () => json({ applicants: 1, resumes: 1, mails: 2 }),
      'GET /recruiters/applicants': () => json({ items: [], total: 0, page: 1, pageSize: 50 }),
      'GET /recruiters/job-choices': () => json([job()]),
    });
    const { history } = renderConsole('/recruiters/applicants/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Erase this person’s data' }));
    const ask = await screen.findByRole('alertdialog', { name: "Erase this person's data?" });
    await userEvent.click(within(ask).getByRole('button', { name: 'Erase for good' }));
    expect(
      await within(ask).findByText('Erased 1 application, 1 resume and 2 mails.'),
    ).toBeInTheDocument();
    // The dialog's × (Esc does the same through the native dialog's cancel, in a browser).
    await userEvent.click(within(ask).getByRole('button', { name: 'Close' }));
    await screen.findByRole('heading', { level: 1, name: 'Applicants' });
    expect(history.location.pathname).toBe('/recruiters/applicants');
    expect(screen.queryByText('jane@example.com')).not.toBeInTheDocument();
  });

  it('keys: j and k walk the list, s goes to the stage, n to the note, ? lists them; not while typing', async () => {
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(applicant()),
      'GET /recruiters/applicants/11': () => json(applicant({ applicantId: 11, firstName: 'Kim' })),
      'GET /recruiters/applicants/15': () => json(applicant({ applicantId: 15, firstName: 'Jo' })),
      'GET /recruiters/applicants/12/neighbours': () =>
        json({ previous: 11, next: 15, position: 2, total: 3 }),
      'GET /recruiters/applicants/11/neighbours': () =>
        json({ previous: null, next: 12, position: 1, total: 3 }),
      'GET /recruiters/applicants/15/neighbours': () =>
        json({ previous: 12, next: null, position: 3, total: 3 }),
      'GET /recruiters/message-templates': () => json([]),
    });
    const { history } = renderConsole('/recruiters/applicants/12?jobId=3');
    await screen.findByRole('navigation', { name: 'Applicants in this list' });
    const user = userEvent.setup();

    // Typed into a field, or with a modifier, a key is the field's or the browser's.
    await user.type(screen.getByLabelText('Note'), 'jk');
    expect(screen.getByLabelText('Note')).toHaveValue('jk');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}j{/Control}{Alt>}k{/Alt}');
    expect(history.location.pathname).toBe('/recruiters/applicants/12');

    await user.keyboard('s');
    expect(screen.getByRole('radio', { name: 'New' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('n');
    expect(screen.getByLabelText('Note')).toHaveFocus();
    expect(screen.getByLabelText('Note')).toHaveValue('jk');
    (document.activeElement as HTMLElement).blur();

    // The help: a labelled dialog (Escape and the focus's return: e2e/tests/console-walk.spec.ts).
    const opener = screen.getByRole('button', { name: /Keyboard shortcuts/ });
    opener.focus();
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('jNext applicant in the list');
    expect(help).toHaveTextContent('kPrevious applicant in the list');
    // Inside the dialog the keys do nothing.
    await user.keyboard('j');
    expect(history.location.pathname).toBe('/recruiters/applicants/12');
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    expect(help).not.toHaveAttribute('open');
    opener.blur();

    // j: the next of the same list (its query kept); k: back.
    await user.keyboard('j');
    expect(history.location.pathname + history.location.search).toBe(
      '/recruiters/applicants/15?jobId=3',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Jo Doe' })).toBeInTheDocument();
    await screen.findByText('Last in the list');
    await user.keyboard('j');
    expect(history.location.pathname).toBe('/recruiters/applicants/15');
    await user.keyboard('k');
    expect(history.location.pathname).toBe('/recruiters/applicants/12');

    // Turned off in the help (kept in this browser), the single keys do nothing; the button
    // still opens the help, to turn them on again.
    await user.click(screen.getByRole('button', { name: /Keyboard shortcuts/ }));
    const again = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const use = within(again).getByRole('checkbox', { name: /Use these single keys/ });
    expect(use).toBeChecked();
    await user.click(use);
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('j');
    expect(history.location.pathname).toBe('/recruiters/applicants/12');
    expect(localStorage.getItem('lumenfield.console.shortcuts')).toBe('off');
    localStorage.clear();
  });
});

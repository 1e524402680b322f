import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApplicantStage, Board, ConsoleApplicantRow, StageMove } from '@lumenfield/contract';
import {
  applicant,
  applicantRow,
  job,
  json,
  mockSignedIn,
  problem,
  renderConsole,
} from '../../shell/test-support';

const row = (
  applicantId: number,
  firstName: string,
  stage: ApplicantStage,
  doesNotMeet: string[] = [],
): ConsoleApplicantRow =>
  applicantRow({
    applicantId,
    firstName,
    email: `${firstName.toLowerCase()}@example.com`,
    appliedOn: `2026-11-${10 + applicantId}T10:00:00.000Z`,
    stage,
    doesNotMeet,
  });

const board = (): Board => ({
  jobId: 3,
  pageSize: 50,
  columns: [
    {
      stage: 'New',
      count: 2,
      page: 1,
      items: [row(2, 'Ann', 'New', ['Work permit']), row(1, 'Bo', 'New')],
    },
    { stage: 'Screening', count: 0, page: 1, items: [] },
    { stage: 'Interview', count: 0, page: 1, items: [] },
    { stage: 'Offer', count: 0, page: 1, items: [] },
    { stage: 'Hired', count: 0, page: 1, items: [] },
    { stage: 'Rejected', count: 0, page: 1, items: [] },
  ],
});

const moved = (stage: ApplicantStage): StageMove => ({
  stage,
  stageHistory: [{ stage, changedBy: 'Rita Recruiter', changedOn: '2026-11-24T10:00:00.000Z' }],
});

const column = (stage: string) => screen.getByRole('region', { name: new RegExp(`^${stage} \\d`) });

describe("an opening's board", () => {
  it('shows a column per stage with its count, and moves a card by keyboard: counts change in place and it is said aloud', async () => {
    const puts: unknown[] = [];
    mockSignedIn({
      'GET /recruiters/jobs/3': () => json(job({ id: 3 })),
      'GET /recruiters/jobs/3/board': () => json(board()),
      'PUT /recruiters/applicants/2/stage': (_url, init) => {
        puts.push(JSON.parse(String(init?.body)));
        return json(moved('Screening'));
      },
    });
    renderConsole('/recruiters/openings/3/board');
    expect(await screen.findByRole('heading', { name: 'New 2 applicants' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Screening 0 applicants' })).toBeInTheDocument();
    // Withdrawn has no column when no one withdrew.
    expect(screen.queryByRole('heading', { name: /^Withdrawn/ })).not.toBeInTheDocument();
    expect(within(column('New')).getByText('Does not meet: Work permit')).toBeInTheDocument();

    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Move Ann Doe to…' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Screening' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Interview' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    // What the stage model refuses is marked so; Withdrawn is not offered at all.
    expect(screen.getByRole('button', { name: /Hired · not allowed/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.queryByRole('button', { name: /Withdrawn/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Screening' }));

    expect(
      await screen.findByRole('heading', { name: 'Screening 1 applicant' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New 1 applicant' })).toBeInTheDocument();
    expect(puts).toEqual([{ stage: 'Screening' }]);
    expect(within(column('Screening')).getByRole('link', { name: 'Ann Doe' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/2?jobId=3&stage=Screening',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ann Doe moved to Screening. Screening now has 1 applicant.',
    );
    // Focus follows the card, so the next move is one key away.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move Ann Doe to…'));
  });

  it("a refused move says why on the card: the model's sentence, or the server's 409", async () => {
    const fetchMock = mockSignedIn({
      'GET /recruiters/jobs/3': () => json(job({ id: 3 })),
      'GET /recruiters/jobs/3/board': () => json(board()),
      'PUT /recruiters/applicants/1/stage': () =>
        problem(409, 'A rejected applicant is moved back to an open stage first.'),
    });
    renderConsole('/recruiters/openings/3/board');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Ann Doe to…' }));
    await user.click(screen.getByRole('button', { name: /Hired · not allowed/ }));
    expect(
      within(column('New')).getByText(
        'Only an applicant in Offer can be hired; this one is in New.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    // Someone else changed Bo meanwhile: the server refuses and the card says so.
    await user.click(screen.getByRole('button', { name: 'Move Bo Doe to…' }));
    await user.click(screen.getByRole('button', { name: 'Interview' }));
    expect(
      await within(column('New')).findByText(
        'A rejected applicant is moved back to an open stage first.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New 2 applicants' })).toBeInTheDocument();
  });

  it('a move shows at once, before the server answers, and is taken back if the server refuses', async () => {
    let answer: ((response: Response) => void) | undefined;
    mockSignedIn({
      'GET /recruiters/jobs/3': () => json(job({ id: 3 })),
      'GET /recruiters/jobs/3/board': () => json(board()),
      'PUT /recruiters/applicants/2/stage': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderConsole('/recruiters/openings/3/board');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Ann Doe to…' }));
    await user.click(screen.getByRole('button', { name: 'Screening' }));

    // The server has not answered yet: the card is in its new column, and that is said.
    expect(
      await within(column('Screening')).findByRole('link', { name: 'Ann Doe' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New 1 applicant' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ann Doe moved to Screening. Screening now has 1 applicant.',
    );
    await waitFor(() => expect(answer).toBeDefined());

    answer?.(problem(409, 'Someone else moved Ann Doe meanwhile.'));
    expect(
      await within(column('New')).findByText('Someone else moved Ann Doe meanwhile.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New 2 applicants' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Screening 0 applicants' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ann Doe was not moved: Someone else moved Ann Doe meanwhile.',
    );
    // The focus went with the card, and comes back with it.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move Ann Doe to…'));
    expect(column('New')).toContainElement(document.activeElement as HTMLElement);
  });

  it('a long column shows 50 cards and "Show more" brings the cards after the last one shown, of that column only', async () => {
    const many = Array.from({ length: 50 }, (_, i) => row(100 + i, `P${i}`, 'New'));
    const asked: URLSearchParams[] = [];
    mockSignedIn({
      'GET /recruiters/jobs/3': () => json(job({ id: 3 })),
      'GET /recruiters/jobs/3/board': (url) => {
        asked.push(url.searchParams);
        if (url.searchParams.get('after') === '149') {
          return json({
            jobId: 3,
            pageSize: 50,
            columns: [
              {
                stage: 'New',
                count: 52,
                page: 1,
                items: [row(1, 'Late', 'New'), row(2, 'Last', 'New')],
              },
            ],
          });
        }
        const first = board();
        first.columns[0] = { stage: 'New', count: 52, page: 1, items: many };
        return json(first);
      },
    });
    renderConsole('/recruiters/openings/3/board');
    const more = await screen.findByRole('button', { name: 'Show more in New (2 not shown)' });
    expect(within(column('New')).getAllByRole('listitem')).toHaveLength(50);
    await userEvent.setup().click(more);
    await waitFor(() => expect(within(column('New')).getAllByRole('listitem')).toHaveLength(52));
    expect(Object.fromEntries(asked[1]!)).toEqual({ stage: 'New', after: '149' });
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New 52 applicants' })).toBeInTheDocument();
  });

  it('a move to Rejected opens the reject dialog, which asks for a reason', async () => {
    mockSignedIn({
      'GET /recruiters/jobs/3': () => json(job({ id: 3 })),
      'GET /recruiters/jobs/3/board': () => json(board()),
      'GET /recruiters/rejection-reasons': () =>
        json([{ reasonId: 4, label: 'Role filled', retired: false, uses: 0 }]),
      'GET /recruiters/message-templates': () => json([]),
      'POST /recruiters/applicants/2/rejection': () => new Response(null, { status: 204 }),
    });
    renderConsole('/recruiters/openings/3/board');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Ann Doe to…' }));
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Ann Doe?' });
    await user.selectOptions(within(dialog).getByLabelText(/Reason/), 'Role filled');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByRole('heading', { name: 'Rejected 1 applicant' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New 1 applicant' })).toBeInTheDocument();
  });
});

describe('sorting and walking the applicants list', () => {
  it('sorts by a heading: aria-sort says how, the link turns it round, the filters stay', async () => {
    const asked: URLSearchParams[] = [];
    mockSignedIn({
      'GET /recruiters/job-choices': () => json([job()]),
      'GET /recruiters/applicants': (url) => {
        asked.push(url.searchParams);
        return json({ items: [row(1, 'Bo', 'New')], total: 1, page: 1, pageSize: 50 });
      },
    });
    renderConsole('/recruiters/applicants?jobId=3&sort=name');
    const name = await screen.findByRole('columnheader', { name: /Name/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(within(name).getByRole('link')).toHaveAttribute(
      'href',
      '/recruiters/applicants?jobId=3&sort=-name',
    );
    expect(screen.getByRole('columnheader', { name: /Applied/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    // Back to the default order (newest first): no sort in the URL.
    expect(
      within(screen.getByRole('columnheader', { name: /Applied/ })).getByRole('link'),
    ).toHaveAttribute('href', '/recruiters/applicants?jobId=3');
    expect(Object.fromEntries(asked[0]!)).toEqual({ jobId: '3', sort: 'name' });
    expect(screen.getByRole('table', { name: 'Applicants, by name, A to Z' })).toBeInTheDocument();
  });

  it('sorts with the Sort field too (on a phone the headings are hidden), keeping the filters', async () => {
    mockSignedIn({
      'GET /recruiters/job-choices': () => json([job()]),
      'GET /recruiters/applicants': () =>
        json({ items: [row(1, 'Bo', 'New')], total: 1, page: 1, pageSize: 50 }),
    });
    const { history } = renderConsole('/recruiters/applicants?stage=New&sort=name');
    const user = userEvent.setup();
    const sort = await screen.findByLabelText('Sort');
    expect(sort).toHaveValue('name');
    await user.selectOptions(sort, 'Stage, New first');
    expect(history.location.search).toBe('?stage=New&sort=stage');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Newest first');
    expect(history.location.search).toBe('?stage=New');
  });

  it("an applicant's page links the previous and next applicant of the list it came from", async () => {
    const asked: URLSearchParams[] = [];
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(applicant({ applicantId: 12 })),
      'GET /recruiters/applicants/12/neighbours': (url) => {
        asked.push(url.searchParams);
        return json({ previous: 11, next: 15, position: 2, total: 9 });
      },
      'GET /recruiters/message-templates': () => json([]),
    });
    renderConsole('/recruiters/applicants/12?jobId=3&sort=name');
    const walk = await screen.findByRole('navigation', { name: 'Applicants in this list' });
    expect(within(walk).getByRole('link', { name: '← Previous applicant' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/11?jobId=3&sort=name',
    );
    const next = within(walk).getByRole('link', { name: 'Next applicant →' });
    expect(next).toHaveAttribute('href', '/recruiters/applicants/15?jobId=3&sort=name');
    expect(next).toHaveAttribute('rel', 'next');
    expect(walk).toHaveTextContent('2 of 9');
    expect(Object.fromEntries(asked[0]!)).toEqual({ jobId: '3', sort: 'name' });
    expect(
      screen.getByRole('link', { name: '← Applicants for LTP-QA-1 · QA Engineer' }),
    ).toHaveAttribute('href', '/recruiters/applicants?jobId=3&sort=name');
  });

  it('the back link names the list that Previous and Next walk: all applicants without one', async () => {
    const asked: Record<string, string>[] = [];
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(applicant({ applicantId: 12 })),
      'GET /recruiters/applicants/12/neighbours': (url) => {
        asked.push(Object.fromEntries(url.searchParams));
        return json({ previous: 11, next: 15, position: 2, total: 60 });
      },
      'GET /recruiters/message-templates': () => json([]),
    });
    const { history } = renderConsole('/recruiters/applicants/12');
    const walk = await screen.findByRole('navigation', { name: 'Applicants in this list' });
    expect(walk).toHaveTextContent('2 of 60');
    expect(within(walk).getByRole('link', { name: 'Next applicant →' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/15',
    );
    expect(asked).toEqual([{}]);
    // Not "Applicants for LTP-QA-1": the walk is every applicant, and the link says so.
    const back = screen.getByRole('link', { name: '← All applicants' });
    expect(back).toHaveAttribute('href', '/recruiters/applicants');
    expect(screen.queryByRole('link', { name: /Applicants for/ })).toBeNull();

    // From an opening's list filtered to a stage: the same list both ways.
    history.push('/recruiters/applicants/12?jobId=3&stage=New');
    await waitFor(() => expect(asked.at(-1)).toEqual({ jobId: '3', stage: 'New' }));
    expect(
      await screen.findByRole('link', {
        name: '← Applicants for LTP-QA-1 · QA Engineer (filtered)',
      }),
    ).toHaveAttribute('href', '/recruiters/applicants?jobId=3&stage=New');
    expect(
      within(screen.getByRole('navigation', { name: 'Applicants in this list' })).getByRole(
        'link',
        { name: '← Previous applicant' },
      ),
    ).toHaveAttribute('href', '/recruiters/applicants/11?jobId=3&stage=New');
  });
});

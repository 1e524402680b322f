import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ScorecardInput, ScorecardPage } from '@lumenfield/contract';
import { json, mockSignedIn, renderConsole } from '../../shell/test-support';

const page = (overrides: Partial<ScorecardPage> = {}): ScorecardPage => ({
  interview: {
    interviewId: 5,
    name: 'Technical interview',
    applicantId: 12,
    applicantName: 'Noor Haddad',
    jobTitle: 'Data Engineer',
    startsAt: '2026-11-20T10:00:00.000Z',
    timeZone: 'Asia/Kolkata',
    durationMinutes: 60,
    status: 'scheduled',
  },
  kit: { focusAttributes: ['SQL', 'Communication'], questions: ['Tune this query.'] },
  mine: {
    interviewer: { userId: 2, name: 'Rita Recruiter' },
    ratings: [
      { attribute: 'SQL', rating: null, notes: '' },
      { attribute: 'Communication', rating: null, notes: '' },
    ],
    notes: '',
    recommendation: null,
    updatedAt: null,
    submittedAt: null,
  },
  others: null,
  ...overrides,
});

describe('the scorecard page', () => {
  it('keeps a draft, refuses to submit while an attribute is unrated, then submits and shows the others', async () => {
    let current = page();
    const saved: ScorecardInput[] = [];
    mockSignedIn({
      'GET /recruiters/interviews/5/scorecard': () => json(current),
      'PUT /recruiters/interviews/5/scorecard': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as ScorecardInput;
        saved.push(body);
        const submittedAt = body.submit ? '2026-11-20T12:00:00.000Z' : null;
        current = page({
          mine: { ...current.mine!, ...body, updatedAt: '2026-11-20T12:00:00.000Z', submittedAt },
          others: body.submit
            ? [
                {
                  interviewer: { userId: 9, name: 'Omar Odede' },
                  ratings: [{ attribute: 'SQL', rating: 4, notes: 'Quick' }],
                  notes: '',
                  recommendation: 'strong_yes',
                  updatedAt: submittedAt,
                  submittedAt,
                },
              ]
            : null,
        });
        return json({ submittedAt });
      },
    });
    renderConsole('/recruiters/interviews/5/scorecard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scorecard: Technical interview' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Noor Haddad' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/12',
    );
    expect(screen.getByText('Tune this query.')).toBeInTheDocument();
    expect(screen.getByText('They show once you have submitted yours.')).toBeInTheDocument();

    const sql = screen.getByRole('group', { name: 'SQL' });
    await userEvent.click(within(sql).getByRole('radio', { name: '3 Good' }));
    await userEvent.type(screen.getByLabelText('Notes on SQL'), 'Sound joins');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved. Only you see it.')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      ratings: [
        { attribute: 'SQL', rating: 3, notes: 'Sound joins' },
        { attribute: 'Communication', rating: null },
      ],
      submit: false,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Submit scorecard' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Rate Communication, or choose No opinion.',
    );
    expect(saved).toHaveLength(1);

    const communication = screen.getByRole('group', { name: 'Communication' });
    await userEvent.click(within(communication).getByRole('radio', { name: 'No opinion' }));
    const overall = screen.getByRole('group', { name: 'Overall recommendation' });
    await userEvent.click(within(overall).getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit scorecard' }));
    expect(await screen.findByText('Submitted.')).toBeInTheDocument();
    expect(saved[1]).toMatchObject({ recommendation: 'yes', submit: true });
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 3, name: 'Omar Odede: Strong yes' }),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('shows the submitted cards read only to someone who does not interview', async () => {
    mockSignedIn({
      'GET /recruiters/interviews/5/scorecard': () => json(page({ mine: null, others: [] })),
    });
    renderConsole('/recruiters/interviews/5/scorecard');
    expect(
      await screen.findByText(/You are not one of this interview’s interviewers/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit scorecard' })).not.toBeInTheDocument();
    expect(screen.getByText('None submitted yet.')).toBeInTheDocument();
  });
});

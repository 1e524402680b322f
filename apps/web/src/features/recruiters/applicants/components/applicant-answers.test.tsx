import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  applicant,
  applicantRow,
  job,
  json,
  mockSignedIn,
  renderConsole,
} from '../../shell/test-support';

const row = applicantRow({ doesNotMeet: ['Can you work nights?'] });

describe('answers and knock-out flags in the console', () => {
  it("the applicant's page shows each answer under the label as asked, and the flags", async () => {
    mockSignedIn({
      'GET /recruiters/applicants/12': () =>
        json(
          applicant({
            answers: [
              {
                key: 'nights',
                label: 'Can you work nights?',
                type: 'yes_no',
                options: ['Yes', 'No'],
                value: 'No',
                doesNotMeet: true,
              },
              {
                key: 'tools',
                label: 'Tools',
                type: 'multi_select',
                options: ['Playwright', 'Cypress'],
                value: ['Playwright', 'Cypress'],
                doesNotMeet: false,
              },
              { key: 'site', label: 'Portfolio', type: 'url', value: '', doesNotMeet: false },
            ],
            doesNotMeet: ['Can you work nights?'],
          }),
        ),
    });
    renderConsole('/recruiters/applicants/12');
    const section = await screen.findByRole('region', { name: 'Answers' });
    expect(within(section).getByText('Does not meet: Can you work nights?')).toBeInTheDocument();
    const answer = (label: string) =>
      within(section).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(answer('Can you work nights?')).toHaveTextContent('NoDoes not meet');
    expect(answer('Tools')).toHaveTextContent('Playwright; Cypress');
    expect(answer('Portfolio')).toHaveTextContent('—');
  });

  it('an applicant of an opening without questions has no Answers section', async () => {
    mockSignedIn({
      'GET /recruiters/applicants/12': () => json(applicant()),
    });
    renderConsole('/recruiters/applicants/12');
    await screen.findByRole('region', { name: 'What they sent' });
    expect(screen.queryByRole('region', { name: 'Answers' })).toBeNull();
  });

  it('the list shows the flag and filters on it by URL; the CSV link carries the filter', async () => {
    const asked: Record<string, string>[] = [];
    mockSignedIn({
      'GET /recruiters/job-choices': () => json([job()]),
      'GET /recruiters/applicants': (url) => {
        asked.push(Object.fromEntries(url.searchParams));
        return json({ items: [row], total: 1, page: 1, pageSize: 50 });
      },
    });
    const { history } = renderConsole('/recruiters/applicants?jobId=3');
    const name = await screen.findByRole('link', { name: 'Jane Doe' });
    expect(name.closest('td')).toHaveTextContent('Does not meet: Can you work nights?');
    await userEvent.selectOptions(
      screen.getByLabelText('Knock-out answers'),
      'Flagged: does not meet',
    );
    expect(history.location.search).toBe('?jobId=3&doesNotMeet=true');
    await vi.waitFor(() => expect(asked.at(-1)).toEqual({ jobId: '3', doesNotMeet: 'true' }));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/recruiters/applicants.csv?doesNotMeet=true&jobId=3',
    );
  });
});

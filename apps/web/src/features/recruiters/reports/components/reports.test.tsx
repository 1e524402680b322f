import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  InterviewsPerWeekReport,
  PassThroughReport,
  RejectionReasonsReport,
  ReportFilter,
  SourcesReport,
  TimeInStageReport,
  TimeToFeedbackReport,
  TimeToHireReport,
} from '@lumenfield/contract';
import {
  job,
  json,
  mockSignedIn,
  mockSignedInAs,
  problem,
  renderConsole,
} from '../../shell/test-support';
import { reportQueryFromParams } from './reports-page';

const filter = (url: URL): ReportFilter => ({
  from: url.searchParams.get('from')!,
  to: url.searchParams.get('to')!,
  jobId: url.searchParams.has('jobId') ? 3 : null,
  jobTitle: url.searchParams.has('jobId') ? 'QA Engineer' : null,
  applicants: 12,
});
const bands = (first: number) =>
  [
    'Up to 7 days',
    '8 to 14 days',
    '15 to 30 days',
    '31 to 60 days',
    '61 to 90 days',
    'Over 90 days',
  ].map((label, i) => ({ label, count: i === 0 ? first : i === 2 ? 1 : 0 }));

function api(calls: string[] = []) {
  return mockSignedIn({
    'GET /recruiters/job-choices': () => json([job()]),
    'GET /recruiters/reports/time-to-hire': (url) => {
      calls.push(url.search);
      return json({
        filter: filter(url),
        hires: 3,
        medianDays: 6.5,
        bands: bands(2),
        openings: [
          {
            jobId: 3,
            jobTitle: 'QA Engineer',
            jobCode: 'LTP-QA-1',
            hires: 3,
            medianDays: 6.5,
            bands: bands(2),
          },
        ],
      } satisfies TimeToHireReport);
    },
    'GET /recruiters/reports/time-in-stage': (url) =>
      json({
        filter: filter(url),
        stages: [
          { stage: 'New', stays: 10, medianDays: 1, current: 2 },
          { stage: 'Screening', stays: 6, medianDays: 4.5, current: 1 },
          { stage: 'Interview', stays: 4, medianDays: 9, current: 0 },
          { stage: 'Offer', stays: 0, medianDays: null, current: 3 },
        ],
      } satisfies TimeInStageReport),
    'GET /recruiters/reports/pass-through': (url) =>
      json({
        filter: filter(url),
        stages: [
          { stage: 'New', reached: 12, movedOn: 9, percentMovedOn: 75 },
          { stage: 'Screening', reached: 9, movedOn: 6, percentMovedOn: 66.7 },
          { stage: 'Interview', reached: 6, movedOn: 3, percentMovedOn: 50 },
          { stage: 'Offer', reached: 3, movedOn: 3, percentMovedOn: 100 },
          { stage: 'Hired', reached: 3, movedOn: null, percentMovedOn: null },
        ],
      } satisfies PassThroughReport),
    'GET /recruiters/reports/sources': (url) =>
      json({
        filter: filter(url),
        sources: [
          {
            source: 'LinkedIn',
            applicants: 8,
            reached: [
              { stage: 'Screening', count: 6 },
              { stage: 'Interview', count: 4 },
              { stage: 'Offer', count: 2 },
              { stage: 'Hired', count: 2 },
            ],
          },
          {
            source: null,
            applicants: 4,
            reached: [
              { stage: 'Screening', count: 3 },
              { stage: 'Interview', count: 2 },
              { stage: 'Offer', count: 1 },
              { stage: 'Hired', count: 1 },
            ],
          },
        ],
      } satisfies SourcesReport),
    'GET /recruiters/reports/rejection-reasons': (url) =>
      json({
        filter: filter(url),
        rejected: 3,
        reasons: [
          { reason: 'Skills', retired: false, count: 2 },
          { reason: null, retired: false, count: 1 },
        ],
      } satisfies RejectionReasonsReport),
    'GET /recruiters/reports/interviews-per-week': (url) =>
      json({
        filter: filter(url),
        weeks: [
          { week: '2025-W01', monday: '2024-12-30', held: 2, cancelled: 1 },
          { week: '2025-W02', monday: '2025-01-06', held: 0, cancelled: 0 },
          { week: '2025-W03', monday: '2025-01-13', held: 5, cancelled: 0 },
        ],
        held: 7,
        cancelled: 1,
        openings: [
          { jobId: 3, jobTitle: 'QA Engineer', jobCode: 'LTP-QA-1', held: 7, cancelled: 1 },
        ],
      } satisfies InterviewsPerWeekReport),
    'GET /recruiters/reports/time-to-feedback': (url) =>
      json({
        filter: filter(url),
        submitted: 6,
        medianHours: 20.5,
        p90Hours: 70,
        missing: 3,
        interviewers: [
          {
            userId: 8,
            name: 'Omar Okafor',
            submitted: 1,
            medianHours: 1,
            p90Hours: 1,
            missing: 2,
          },
          {
            userId: 9,
            name: 'Pia Park',
            submitted: 5,
            medianHours: 24,
            p90Hours: 70,
            missing: 1,
          },
          {
            userId: 10,
            name: 'Raj Rao',
            submitted: 0,
            medianHours: null,
            p90Hours: null,
            missing: 0,
          },
        ],
      } satisfies TimeToFeedbackReport),
  });
}

const rows = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

describe('the Reports page', () => {
  it('reads the dates from the URL, or the last 90 days to today', () => {
    const today = new Date('2026-11-26T12:00:00Z');
    expect(reportQueryFromParams(new URLSearchParams(''), today)).toEqual({
      from: '2026-08-29',
      to: '2026-11-26',
    });
    expect(
      reportQueryFromParams(new URLSearchParams('from=2025-01-01&to=2025-03-31&jobId=3'), today),
    ).toEqual({ from: '2025-01-01', to: '2025-03-31', jobId: '3' });
    expect(reportQueryFromParams(new URLSearchParams('from=junk&jobId=x'), today)).toEqual({
      from: '2026-08-29',
      to: '2026-11-26',
    });
  });

  it('shows each report as a table with its figures, a chart and its CSV link', async () => {
    api();
    renderConsole('/recruiters/reports?from=2025-01-01&to=2025-03-31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    expect(
      await screen.findByText('12 applicants applied from Jan 1, 2025 to Mar 31, 2025.'),
    ).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Pass-through by stage' })).toBeVisible();
    expect(rows('Pass-through by stage')).toEqual([
      ['New', '12', '9', '75 %'],
      ['Screening', '9', '6', '66.7 %'],
      ['Interview', '6', '3', '50 %'],
      ['Offer', '3', '3', '100 %'],
      ['Hired', '3', '–', '–'],
    ]);
    expect(rows('Time in stage')).toEqual([
      ['New', '1 day', '10', '2'],
      ['Screening', '4.5 days', '6', '1'],
      ['Interview', '9 days', '4', '0'],
      ['Offer', 'No figure', '0', '3'],
    ]);
    expect(rows('Time to hire by opening')).toEqual([['QA Engineer LTP-QA-1', '3', '6.5 days']]);
    expect(rows('Pass-through by source: applicants who reached each stage')).toEqual([
      ['LinkedIn', '8', '6 (75 %)', '4 (50 %)', '2 (25 %)', '2 (25 %)'],
      ['No source', '4', '3 (75 %)', '2 (50 %)', '1 (25 %)', '1 (25 %)'],
    ]);
    expect(rows('Rejection reasons')).toEqual([
      ['Skills', '2', '66.7 %'],
      ['No reason given', '1', '33.3 %'],
    ]);
    // The interview reports: weeks by their Monday, hours to feedback per interviewer.
    expect(rows('Interviews per week')).toEqual([
      ['Week of Dec 30, 2024 2025-W01', '2', '1'],
      ['Week of Jan 6, 2025 2025-W02', '0', '0'],
      ['Week of Jan 13, 2025 2025-W03', '5', '0'],
    ]);
    expect(rows('Interviews by opening')).toEqual([['QA Engineer LTP-QA-1', '7', '1']]);
    expect(rows('Time to feedback per interviewer')).toEqual([
      ['Omar Okafor', '1', '1 hour', '1 hour', '2'],
      ['Pia Park', '5', '24 hours', '70 hours', '1'],
      ['Raj Rao', '0', 'No figure', 'No figure', '0'],
    ]);
    const feedback = within(screen.getByRole('region', { name: 'Time to feedback' })).getByText(
      'Median time to feedback',
    ).parentElement!;
    expect(feedback).toHaveTextContent('Median time to feedback20.5 hours');
    expect(screen.getByRole('link', { name: /Download CSV\W+Time to feedback/ })).toHaveAttribute(
      'href',
      '/api/recruiters/reports/time-to-feedback.csv?from=2025-01-01&to=2025-03-31',
    );
    const csv = screen.getByRole('link', { name: /Download CSV\W+Rejection reasons/ });
    expect(csv).toHaveAttribute(
      'href',
      '/api/recruiters/reports/rejection-reasons.csv?from=2025-01-01&to=2025-03-31',
    );
    // jsdom measures no width: the charts draw once the browser lays them out (the browser test).
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Time to hire',
      'Time in stage',
      'Pass-through by stage',
      'Pass-through by source',
      'Rejection reasons',
      'Interviews per week',
      'Time to feedback',
    ]);
  });

  it('the filter form asks for one opening and new dates through the URL', async () => {
    const calls: string[] = [];
    api(calls);
    const { history } = renderConsole('/recruiters/reports?from=2025-01-01&to=2025-03-31');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Pass-through by stage' });
    await user.selectOptions(await screen.findByLabelText('Opening'), 'LTP-QA-1 · QA Engineer');
    await user.clear(screen.getByLabelText('Applied from'));
    await user.type(screen.getByLabelText('Applied from'), '2025-02-01');
    await user.click(screen.getByRole('button', { name: 'Show reports' }));
    expect(history.location.search).toBe('?from=2025-02-01&to=2025-03-31&jobId=3');
    expect(
      await screen.findByText(
        '12 applicants applied from Feb 1, 2025 to Mar 31, 2025 for QA Engineer.',
      ),
    ).toBeVisible();
    expect(calls).toContain('?from=2025-02-01&to=2025-03-31&jobId=3');
  });

  it('says what failed, per report', async () => {
    api();
    mockSignedIn({
      'GET /recruiters/job-choices': () => json([job()]),
      'GET /recruiters/reports/time-to-hire': () =>
        problem(400, 'The start date is after the end date.'),
    });
    renderConsole('/recruiters/reports?from=2025-03-31&to=2025-01-01');
    expect(await screen.findAllByText('The start date is after the end date.')).not.toHaveLength(0);
  });

  it('is not for the compliance role', async () => {
    mockSignedInAs('compliance');
    renderConsole('/recruiters/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  });
});

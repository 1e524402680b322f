import { JOB_ID_SESSION_KEY } from '@lumenfield/contract';
import { render, screen, within } from '@testing-library/react';
import { routeForPath } from '@lumenfield/routes';
import { Router, createMemoryHistory, useLocation } from '@lumenfield/page-kit';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import JobPage, { JOB_NOT_FOUND_TITLE, NO_JOB_TITLE, NO_SUCH_JOB_TITLE } from './job-page';
import { PageDataProvider } from '@/lib/page-data';
import { formatEffectiveFrom } from './job-details';
import {
  callsTo,
  installDialogPolyfill,
  publicOpening,
  json,
  mockApi,
  resetCareersState,
} from './test-support';

beforeAll(installDialogPolyfill);
beforeEach(resetCareersState);

function withDetail(detail = publicOpening()) {
  return mockApi({
    // Any other opening answers 404, as mockApi does for every path it is not given.
    [`/openings/${detail.id}`]: () => json(detail),
  });
}

/** The job screen at `url`, following its moves (the old /jobs lands on the opening's page). */
function JobRoutes() {
  const match = routeForPath(useLocation().pathname);
  return match ? <JobPage key={match.id} routeId={match.id} param={match.param} /> : null;
}
const renderJob = (url: string) =>
  render(
    <Router history={createMemoryHistory([url])}>
      <JobRoutes />
    </Router>,
  );

describe('Job detail screen', () => {
  it('says at once, without asking the API, that an opening the server answered 410 or 404 for is not there', async () => {
    const fetchMock = withDetail();
    const { unmount } = render(
      <PageDataProvider data={{ missingJob: { id: 9, closed: true } }}>
        <Router history={createMemoryHistory(['/careers/jobs/9'])}>
          <JobRoutes />
        </Router>
      </PageDataProvider>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: JOB_NOT_FOUND_TITLE }),
    ).toBeInTheDocument();
    expect(screen.getByText(/filled or closed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all openings' })).toHaveAttribute(
      'href',
      '/careers',
    );
    unmount();
    render(
      <PageDataProvider data={{ missingJob: { id: 9, closed: false } }}>
        <Router history={createMemoryHistory(['/careers/jobs/9/apply'])}>
          <JobRoutes />
        </Router>
      </PageDataProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: NO_SUCH_JOB_TITLE })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/openings/7')).toEqual([]);
  });

  it('shows the job from a bookmarked URL and remembers its id for the tab', async () => {
    const fetchMock = withDetail();
    renderJob('/careers/jobs/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'QA Automation Engineer' }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/openings/7')).toHaveLength(1);
    expect(sessionStorage.getItem(JOB_ID_SESSION_KEY)).toBe('7');
    expect(screen.getByRole('link', { name: /Back to All Jobs/ })).toHaveAttribute(
      'href',
      '/careers',
    );
    expect(screen.getByText('Pune, India')).toBeInTheDocument();
    expect(screen.getByText(formatEffectiveFrom('2026-11-19T09:05:00.000Z'))).toBeInTheDocument();

    const side = screen.getByRole('complementary', { name: 'Job summary' });
    expect(within(side).getByText('LTP-QA-2201')).toBeInTheDocument();
    const managers = within(side).getByRole('heading', { name: 'Recruitment Manager' });
    expect(
      within(managers.parentElement!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Meera Shah', 'Tom Alvarez']);
    expect(within(side).getByRole('link', { name: 'lena.ortiz@example.com' })).toHaveAttribute(
      'href',
      'mailto:lena.ortiz@example.com',
    );
    expect(within(side).getByText('Lena Ortiz')).toBeInTheDocument();
  });

  it('falls back to the JobID kept in sessionStorage when the query lacks it', async () => {
    withDetail();
    sessionStorage.setItem(JOB_ID_SESSION_KEY, '7');
    renderJob('/jobs');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'QA Automation Engineer' }),
    ).toBeInTheDocument();
  });

  it('with no JobID anywhere, says so and links back', async () => {
    withDetail();
    renderJob('/jobs');
    expect(screen.getByRole('heading', { level: 1, name: NO_JOB_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all openings' })).toHaveAttribute(
      'href',
      '/careers',
    );
  });

  it.each(['/careers/jobs/99', '/jobs?JobID=abc'])(
    '%s: a clear message and a way back',
    async (url) => {
      withDetail();
      renderJob(url);
      expect(
        await screen.findByRole('heading', { level: 1, name: JOB_NOT_FOUND_TITLE }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See all openings' })).toBeInTheDocument();
    },
  );

  it('sanitises the description again and keeps headings under the page h1', async () => {
    withDetail(
      publicOpening({
        description:
          '<h1>Big</h1><p onclick="steal()">Text <a href="javascript:alert(1)">bad</a> <a href="https://example.com/x">good</a></p><img src=x onerror="alert(1)"><script>alert(1)</script>',
      }),
    );
    renderJob('/careers/jobs/7');
    await screen.findByRole('heading', { level: 1, name: 'QA Automation Engineer' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'Big' })).toBeInTheDocument();
    const main = document.querySelector('.job-description')!;
    expect(main.querySelector('script, img, [onclick]')).toBeNull();
    // A refused link keeps its words as text, as the server's sanitiser does.
    expect(within(main as HTMLElement).queryByRole('link', { name: 'bad' })).toBeNull();
    expect(main.textContent).toContain('Text bad good');
    expect(within(main as HTMLElement).getByRole('link', { name: 'good' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
  });

  it('Apply opens the same apply dialog for this job', async () => {
    withDetail();
    const user = userEvent.setup({ delay: null });
    renderJob('/careers/jobs/7');
    // Two in the markup (band and phone bar); CSS shows one per width (checked in the browser).
    const buttons = await screen.findAllByRole('button', { name: 'Apply' });
    for (const button of buttons)
      expect(button).toHaveAccessibleDescription('QA Automation Engineer');
    await user.click(buttons[0]!);
    // The dialog's code loads when Apply is pressed.
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Job' });
    expect(
      await within(dialog).findByText('LTP-QA-2201 - QA Automation Engineer'),
    ).toBeInTheDocument();
  });
});

describe('formatEffectiveFrom', () => {
  it('writes year-month-day hour:minute in local time', () => {
    const local = new Date(2026, 0, 5, 7, 3);
    expect(formatEffectiveFrom(local.toISOString())).toBe('2026-01-05 07:03');
  });
});

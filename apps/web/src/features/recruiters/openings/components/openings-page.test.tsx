import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { job, jobsPage, json, mockSignedIn, renderConsole } from '../../shell/test-support';

describe('the openings list', () => {
  it('reads its words, state, sort and page from the URL and asks the server for them', async () => {
    const asked: Record<string, string>[] = [];
    mockSignedIn({
      'GET /recruiters/jobs': (url) => {
        asked.push(Object.fromEntries(url.searchParams));
        return json({ items: [job()], total: 120, page: 2, pageSize: 50 });
      },
    });
    const { history } = renderConsole(
      '/recruiters/openings?q=qa&state=open&sort=title&page=2&bad=1',
    );
    const table = await screen.findByRole('table', { name: 'Openings, by title, A to Z' });
    expect(asked[0]).toEqual({ q: 'qa', state: 'open', sort: 'title', page: '2' });
    expect(screen.getByText('120 openings')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('qa');
    expect(screen.getByLabelText('State')).toHaveValue('open');
    expect(screen.getByLabelText('Sort')).toHaveValue('title');
    // Either way through the pages, the filters kept.
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/recruiters/openings?q=qa&state=open&sort=title',
    );
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/recruiters/openings?q=qa&state=open&sort=title&page=3',
    );
    // A heading sorts the other way round from the first page, the filters kept.
    expect(within(table).getByRole('link', { name: /Title/ })).toHaveAttribute(
      'href',
      '/recruiters/openings?q=qa&state=open&sort=-title',
    );
    // The counts are shown, not sortable: that order would count every applicant.
    expect(within(table).queryByRole('link', { name: /^Applicants/ })).toBeNull();

    // A new filter is a new URL at its first page.
    await userEvent.selectOptions(screen.getByLabelText('State'), 'closed');
    expect(history.location.search).toBe('?q=qa&state=closed&sort=title');
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual({ q: 'qa', state: 'closed', sort: 'title' });
    // The back button brings the earlier list, its fields set as its URL says.
    history.back();
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveValue('open'));
    expect(history.location.search).toBe('?q=qa&state=open&sort=title&page=2&bad=1');
  });

  it('says when nothing matches, and keeps the filters to change them', async () => {
    mockSignedIn({ 'GET /recruiters/jobs': () => jobsPage([]) });
    renderConsole('/recruiters/openings?q=nothing');
    expect(await screen.findByText('No openings match.')).toBeInTheDocument();
    expect(screen.getByText('0 openings')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('nothing');
  });

  it('with no opening at all, says how to post the first', async () => {
    mockSignedIn({ 'GET /recruiters/jobs': () => jobsPage([]) });
    renderConsole('/recruiters/openings');
    expect(
      await screen.findByText('No openings yet. Create the first one with “New opening”.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('search', { name: 'Openings' })).toBeNull();
  });
});

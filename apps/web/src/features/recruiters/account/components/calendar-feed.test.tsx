import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@lumenfield/contract';
import { installDialogPolyfill } from '../../../careers/test-support';
import { json, mockSignedIn, renderConsole } from '../../shell/test-support';

installDialogPolyfill();

const TOKEN = 't'.repeat(43);
const URL_ = `https://careers.example.com/api/calendar/${TOKEN}/interviews.ics`;

describe('Calendar feed in Your account', () => {
  it('makes a link shown once, replaces it, and revokes it after a yes/no that starts on Cancel', async () => {
    let feed: CalendarFeed = { exists: false, createdAt: null };
    const calls: string[] = [];
    mockSignedIn({
      'GET /recruiters/session/calendar-feed': () => json(feed),
      'POST /recruiters/session/calendar-feed': () => {
        calls.push('POST');
        feed = { exists: true, createdAt: '2026-11-20T10:00:00.000Z' };
        return json(
          {
            createdAt: feed.createdAt,
            url: URL_,
            webcalUrl: URL_.replace('https:', 'webcal:'),
          },
          201,
        );
      },
      'DELETE /recruiters/session/calendar-feed': () => {
        calls.push('DELETE');
        feed = { exists: false, createdAt: null };
        return new Response(null, { status: 204 });
      },
    });
    renderConsole('/recruiters/account');
    const section = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(await within(section).findByText('You have no calendar feed.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Revoke link' })).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Make a link' }));
    const webcal = await within(section).findByLabelText('Subscription link');
    expect(webcal).toHaveValue(URL_.replace('https:', 'webcal:'));
    expect(webcal).toHaveAttribute('readonly');
    expect(webcal).toHaveAccessibleDescription(/will not be shown again/);
    await waitFor(() => expect(webcal).toHaveFocus());
    expect(within(section).getByLabelText(/Web address/)).toHaveValue(URL_);
    expect(within(section).getByRole('status')).toHaveTextContent('Link made.');
    expect(await within(section).findByText(/You have a link, made/)).toHaveTextContent(
      'Nov 20, 2026',
    );

    // A new link in its place: the page says the old one stops.
    await userEvent.click(within(section).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'New link made; the old one no longer works.',
      ),
    );

    await userEvent.click(within(section).getByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke your calendar feed?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual(['POST', 'POST']);

    await userEvent.click(within(section).getByRole('button', { name: 'Revoke link' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke link' }),
    );
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Calendar feed revoked: the link no longer works.',
      ),
    );
    expect(calls).toEqual(['POST', 'POST', 'DELETE']);
    expect(await within(section).findByText('You have no calendar feed.')).toBeInTheDocument();
    expect(within(section).queryByDisplayValue(URL_)).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleUser, Passkey } from '@lumenfield/contract';
import { installDialogPolyfill } from '../../../careers/test-support';
import {
  json,
  mockSignedIn,
  mockSignedInAs,
  renderConsole,
  session,
} from '../../shell/test-support';

installDialogPolyfill();

const laptop: Passkey = {
  id: 4,
  name: 'Work laptop',
  createdOn: '2026-11-20T10:00:00.000Z',
  lastUsedOn: null,
  synced: false,
};
const phone: Passkey = {
  id: 5,
  name: 'Phone',
  createdOn: '2026-11-21T10:00:00.000Z',
  lastUsedOn: '2026-11-22T10:00:00.000Z',
  synced: true,
};

describe('passkeys', () => {
  it('lists your passkeys with their dates and removes one only after a confirmation that starts on Keep', async () => {
    let passkeys = [phone, laptop];
    const removed: number[] = [];
    mockSignedIn({
      'GET /recruiters/session/passkeys': () => json({ passkeys }),
      'DELETE /recruiters/session/passkeys/4': () => {
        removed.push(4);
        passkeys = [phone];
        return new Response(null, { status: 204 });
      },
    });
    renderConsole('/recruiters/account');
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    const row = await within(section).findByRole('row', { name: /Work laptop/ });
    expect(row).toHaveTextContent('Never');
    expect(row).toHaveTextContent('Nov 20, 2026');
    expect(within(section).getByRole('row', { name: /Phone/ })).toHaveTextContent(
      'Synced between devices',
    );
    // jsdom has no WebAuthn: the page says so instead of offering a button that cannot work.
    expect(within(section).getByText('This browser cannot make passkeys.')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Remove passkey Work laptop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this passkey?' });
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(removed).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Remove passkey Work laptop' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Remove passkey',
      }),
    );
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Passkey “Work laptop” removed.',
      ),
    );
    expect(removed).toEqual([4]);
    expect(within(section).queryByRole('row', { name: /Work laptop/ })).toBeNull();
  });

  it('an admin opens a person’s passkeys from Users and removes one', async () => {
    const rita: ConsoleUser = { ...session('recruiter').user };
    let passkeys = [laptop];
    const removed: string[] = [];
    mockSignedInAs('admin', {
      'GET /recruiters/users': () =>
        json([session('admin').user, rita].map((user) => ({ ...user, twoStep: false }))),
      'GET /recruiters/users/2/passkeys': () => json({ passkeys }),
      'DELETE /recruiters/users/2/passkeys/4': () => {
        removed.push('2/4');
        passkeys = [];
        return new Response(null, { status: 204 });
      },
    });
    renderConsole('/recruiters/users');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Passkeys of Rita Recruiter' }),
    );
    const list = await screen.findByRole('dialog', { name: 'Rita Recruiter’s passkeys' });
    const row = await within(list).findByRole('row', { name: /Work laptop/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Remove passkey Work laptop' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this passkey?' });
    expect(confirm).toHaveTextContent('no longer signs Rita Recruiter in');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(removed).toEqual(['2/4']));
    expect(await within(list).findByText('No passkeys.')).toBeInTheDocument();
  });
});

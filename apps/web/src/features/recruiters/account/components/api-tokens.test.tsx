import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '@lumenfield/contract';
import { installDialogPolyfill } from '../../../careers/test-support';
import { json, mockSignedIn, problem, renderConsole } from '../../shell/test-support';

installDialogPolyfill();

const SECRET = `lft_${'s'.repeat(43)}`;

describe('API tokens in Your account', () => {
  it('makes a token whose secret is shown once, lists it with its dates, and revokes it after a confirmation that starts on Keep', async () => {
    let tokens: ApiToken[] = [];
    const revoked: string[] = [];
    mockSignedIn({
      'GET /recruiters/tokens': () => json(tokens),
      'POST /recruiters/tokens': (_url, init) => {
        const { name } = JSON.parse(String(init?.body)) as { name: string };
        if (!name.trim())
          return problem(400, 'Invalid', [{ field: 'name', message: 'is required' }]);
        const token = { id: 7, name, createdOn: '2026-11-20T10:00:00.000Z', lastUsedOn: null };
        tokens = [token];
        return json({ token, secret: SECRET }, 201);
      },
      'DELETE /recruiters/tokens/7': () => {
        revoked.push('7');
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    renderConsole('/recruiters/account');
    const section = await screen.findByRole('region', { name: 'API tokens' });
    expect(await within(section).findByText('You have no tokens.')).toBeInTheDocument();

    // No name: the field says so and takes focus.
    await userEvent.click(within(section).getByRole('button', { name: 'Create token' }));
    const name = within(section).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(/is required/);

    await userEvent.type(name, 'Nightly export');
    await userEvent.click(within(section).getByRole('button', { name: 'Create token' }));
    const secret = await within(section).findByLabelText('Your new token “Nightly export”');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    expect(secret).toHaveAccessibleDescription(/will not be shown again/);
    await waitFor(() => expect(secret).toHaveFocus());
    expect(within(section).getByRole('status')).toHaveTextContent('Token created');
    const row = await within(section).findByRole('row', { name: /Nightly export/ });
    expect(row).toHaveTextContent('Never');
    expect(row).toHaveTextContent('Nov 20, 2026');

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this token?' });
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(revoked).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Nightly export' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke token' }),
    );
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Token “Nightly export” revoked.',
      ),
    );
    expect(revoked).toEqual(['7']);
    expect(within(section).queryByRole('row', { name: /Nightly export/ })).toBeNull();
    // The secret is gone with it: it is never shown again.
    expect(within(section).queryByDisplayValue(SECRET)).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountSettingsAnswer, ConsoleUser } from '@lumenfield/contract';
import { json, mockSignedInAs, problem, renderConsole, session } from '../../shell/test-support';

const admin = session('admin').user;
const other: ConsoleUser = { ...admin, userId: 5, name: 'Gil Glass', email: 'gil@example.com' };
const recruiter = session('recruiter').user;

/** The Users list's rows: each person and their two-step sign-in. */
const listed = (users: ConsoleUser[]) => users.map((user) => ({ ...user, twoStep: false }));

const settings = (change: Partial<AccountSettingsAnswer> = {}): AccountSettingsAnswer => ({
  requireSecondFactor: false,
  passwordSignIn: 'everyone',
  breakGlassUserId: null,
  updatedAt: null,
  singleSignOn: true,
  ...change,
});

describe('Sign-in rules on the Users page', () => {
  it('turns password sign-in off but for the break-glass admin chosen among active admins', async () => {
    const patches: unknown[] = [];
    mockSignedInAs('admin', {
      'GET /recruiters/users': () => json(listed([admin, other, recruiter])),
      'GET /recruiters/account-settings': () => json(settings()),
      'PATCH /recruiters/account-settings': (_url, init) => {
        patches.push(JSON.parse(String(init?.body)));
        return json(settings({ passwordSignIn: 'break-glass', breakGlassUserId: 5 }));
      },
    });
    renderConsole('/recruiters/users');
    const card = await screen.findByRole('region', { name: 'Sign-in rules' });
    const rule = within(card).getByRole('group', { name: 'Password sign-in' });
    expect(within(rule).getByLabelText('Everyone may sign in with a password')).toBeChecked();
    await userEvent.click(
      within(rule).getByLabelText('Only the break-glass admin; everyone else uses single sign-on'),
    );
    const keeper = within(rule).getByLabelText('Break-glass admin');
    // Only active admins may be named.
    expect(
      within(keeper)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ada Admin (ada@example.com)', 'Gil Glass (gil@example.com)']);
    await userEvent.selectOptions(keeper, '5');
    await userEvent.click(within(card).getByRole('button', { name: 'Save sign-in rules' }));
    expect(await screen.findByText('The sign-in rules are saved.')).toBeInTheDocument();
    expect(patches).toEqual([{ passwordSignIn: 'break-glass', breakGlassUserId: 5 }]);
  });

  it("says the server's refusal, and cannot turn passwords off without single sign-on", async () => {
    mockSignedInAs('admin', {
      'GET /recruiters/users': () => json(listed([admin])),
      'GET /recruiters/account-settings': () => json(settings({ singleSignOn: false })),
      'PATCH /recruiters/account-settings': () =>
        problem(409, 'Sign in with single sign-on first.'),
    });
    renderConsole('/recruiters/users');
    const card = await screen.findByRole('region', { name: 'Sign-in rules' });
    expect(
      within(card).getByLabelText('Only the break-glass admin; everyone else uses single sign-on'),
    ).toBeDisabled();
    expect(within(card).getByText(/Single sign-on is not configured/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Save sign-in rules' }));
    expect(await within(card).findByText('Sign in with single sign-on first.')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleUser, ListedUser } from '@lumenfield/contract';
import {
  json,
  mockSignedIn,
  mockSignedInAs,
  problem,
  renderConsole,
  session,
} from '../../shell/test-support';

const rita: ListedUser = {
  userId: 2,
  email: 'rita@example.com',
  name: 'Rita Recruiter',
  role: 'recruiter',
  isActive: true,
  createdOn: '2026-11-01T10:00:00.000Z',
  lastSignInOn: null,
  twoStep: false,
};
/** The admin's own row in the list: two-step sign-in on. */
/** The sign-in rules as GET /recruiters/account-settings answers them. */
const rules = (requireSecondFactor: boolean) => ({
  requireSecondFactor,
  passwordSignIn: 'everyone',
  breakGlassUserId: null,
  updatedAt: null,
  singleSignOn: false,
});
const ada: ListedUser = { ...session('admin').user, twoStep: true };

describe('users (admins)', () => {
  it("shows each person's two-step sign-in, resets another's after a yes, and requires a second factor after a warning", async () => {
    let users: ListedUser[] = [ada, { ...rita, twoStep: true }];
    const writes: string[] = [];
    let required = false;
    mockSignedInAs('admin', {
      'GET /recruiters/users': () => json(users),
      'DELETE /recruiters/users/2/second-factor': () => {
        writes.push('reset 2');
        users = users.map((u) => (u.userId === 2 ? { ...u, twoStep: false } : u));
        return new Response(null, { status: 204 });
      },
      'GET /recruiters/account-settings': () => json(rules(required)),
      'PATCH /recruiters/account-settings': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { requireSecondFactor: boolean };
        writes.push(`rule ${String(body.requireSecondFactor)}`);
        required = body.requireSecondFactor;
        return json(rules(required));
      },
    });
    renderConsole('/recruiters/users');
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(within(table).getByRole('columnheader', { name: 'Two-step' })).toBeInTheDocument();
    const ritaRow = within(table).getByRole('row', { name: /Rita Recruiter/ });
    expect(within(ritaRow).getByText('On')).toBeInTheDocument();
    // No reset of one's own here (Your account turns it off).
    expect(
      screen.queryByRole('button', { name: 'Reset two-step sign-in of Ada Admin' }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Reset two-step sign-in of Rita Recruiter' }),
    );
    const ask = await screen.findByRole('alertdialog', {
      name: 'Reset Rita Recruiter’s two-step sign-in?',
    });
    expect(writes).toEqual([]);
    await userEvent.click(within(ask).getByRole('button', { name: 'Reset two-step sign-in' }));
    expect(
      await screen.findByText(
        'Rita Recruiter’s two-step sign-in is reset and they are signed out.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(ritaRow).getByText('Off')).toBeInTheDocument());

    const rule = await screen.findByRole('checkbox', { name: 'Require a second factor' });
    expect(rule).not.toBeChecked();
    await userEvent.click(rule);
    const warn = await screen.findByRole('alertdialog', { name: 'Require a second factor?' });
    expect(writes).toEqual(['reset 2']);
    await userEvent.click(within(warn).getByRole('button', { name: 'Require it' }));
    expect(await screen.findByText('A second factor is now required.')).toBeInTheDocument();
    expect(rule).toBeChecked();
    expect(writes).toEqual(['reset 2', 'rule true']);
  });

  it('adds a person, shows a password rule beside its field, deactivates and changes a role, each only after a yes', async () => {
    let users: ListedUser[] = [ada, rita];
    const writes: { method: string; path: string; body: unknown }[] = [];
    mockSignedInAs('admin', {
      'GET /recruiters/users': () => json(users),
      'POST /recruiters/users': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { password: string; name: string };
        writes.push({ method: 'POST', path: 'users', body });
        if (body.password.length < 12)
          return problem(400, 'Invalid', [
            { field: 'password', message: 'Use at least 12 characters.' },
          ]);
        return json({ ...rita, userId: 3, name: body.name, email: 'sam@example.com' }, 201);
      },
      'PATCH /recruiters/users/2': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as Partial<ConsoleUser>;
        writes.push({ method: 'PATCH', path: 'users/2', body });
        users = users.map((u) => (u.userId === 2 ? { ...u, ...body } : u));
        return json(users[1]);
      },
    });
    renderConsole('/recruiters/users');
    const form = await screen.findByRole('region', { name: 'Add a person' });
    await userEvent.type(within(form).getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(within(form).getByLabelText('Name'), 'Sam Sourcer');
    await userEvent.type(within(form).getByLabelText('Password'), 'short');
    await userEvent.click(within(form).getByRole('button', { name: 'Add person' }));
    const password = within(form).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(
      'At least 12 characters and hard to guess: a few uncommon words together work well. Use at least 12 characters.',
    );
    await userEvent.clear(password);
    await userEvent.type(password, 'a much longer passphrase');
    await userEvent.click(within(form).getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('Sam Sourcer is added.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue('');

    // One's own row cannot be changed here.
    expect(screen.getByLabelText('Role of Ada Admin')).toBeDisabled();
    // Deactivating asks first; Cancel (where the focus starts) changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Rita Recruiter' }));
    let ask = await screen.findByRole('alertdialog', { name: 'Deactivate Rita Recruiter?' });
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(writes.filter((w) => w.method === 'PATCH')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Rita Recruiter' }));
    ask = await screen.findByRole('alertdialog', { name: 'Deactivate Rita Recruiter?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Rita Recruiter is deactivated.')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Reactivate Rita Recruiter' }),
    ).toBeInTheDocument();

    // One arrow key in the role list promotes no one: the change waits for a yes.
    const role = screen.getByLabelText('Role of Rita Recruiter');
    await userEvent.selectOptions(role, 'admin');
    ask = await screen.findByRole('alertdialog', {
      name: 'Change Rita Recruiter’s role to Admin?',
    });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(role).toHaveValue('recruiter');
    await userEvent.selectOptions(role, 'admin');
    ask = await screen.findByRole('alertdialog', {
      name: 'Change Rita Recruiter’s role to Admin?',
    });
    await userEvent.click(within(ask).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Rita Recruiter is now Admin.')).toBeInTheDocument();
    expect(writes.filter((w) => w.method === 'PATCH').map((w) => w.body)).toEqual([
      { isActive: false },
      { role: 'admin' },
    ]);
  });

  it("offers one's own password change under Your account, never as a reset without the current one", async () => {
    const writes: string[] = [];
    mockSignedInAs('admin', {
      'GET /recruiters/users': () => json([ada, rita]),
      'PATCH /recruiters/users/1': (url) => {
        writes.push(url.pathname);
        return json(rita);
      },
    });
    renderConsole('/recruiters/users');
    const own = await screen.findByRole('link', { name: 'Change your password' });
    expect(own).toHaveAttribute('href', '/recruiters/account');
    const ownRow = own.closest('tr')!;
    expect(within(ownRow).queryByRole('button', { name: /Reset password/ })).toBeNull();
    // Another person's password is still reset here, by an admin.
    expect(
      screen.getByRole('button', { name: 'Reset password of Rita Recruiter' }),
    ).toBeInTheDocument();
    await userEvent.click(own);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account' }),
    ).toBeInTheDocument();
    expect(writes).toEqual([]);
  });
});

describe('the audit log (admins)', () => {
  it('asks with the filters in the URL and pages with them', async () => {
    const asked: Record<string, string>[] = [];
    mockSignedInAs('admin', {
      'GET /recruiters/audit': (url) => {
        asked.push(Object.fromEntries(url.searchParams));
        return json({
          items: [
            {
              auditId: 9,
              at: '2026-11-21T10:00:00.000Z',
              actor: 'Rita Recruiter',
              actorEmail: 'rita@example.com',
              action: 'applicant-stage',
              target: 'applicant 12',
              detail: 'New -> Interview',
            },
          ],
          total: 120,
          page: 2,
          pageSize: 50,
        });
      },
    });
    renderConsole(
      '/recruiters/audit?action=applicant-stage&actor=Rita&from=2026-11-01&to=nope&page=2',
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByText('New → Interview')).toBeInTheDocument();
    expect(asked[0]).toEqual({
      action: 'applicant-stage',
      actor: 'Rita',
      from: '2026-11-01',
      page: '2',
    });
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/recruiters/audit?action=applicant-stage&actor=Rita&from=2026-11-01&page=3',
    );
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/recruiters/audit?action=applicant-stage&actor=Rita&from=2026-11-01',
    );
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });
});

describe('the audit log links what it names', () => {
  const entry = (auditId: number, target: string | null, linked: boolean) => ({
    auditId,
    at: '2026-11-21T10:00:00.000Z',
    actor: 'Ada Admin',
    actorEmail: 'ada@example.com',
    action: 'applicant-view',
    target,
    linked,
    detail: null,
  });

  it('an applicant, an opening and a user that still exist are links; an erased applicant is not', async () => {
    mockSignedInAs('admin', {
      'GET /recruiters/audit': () =>
        json({
          items: [
            entry(1, 'applicant 47', true),
            entry(2, 'applicant 48', false),
            entry(3, 'opening 3', true),
            entry(4, 'user 4', true),
            entry(5, 'token 9', true),
            entry(6, null, false),
          ],
          total: 6,
          page: 1,
          pageSize: 50,
        }),
    });
    renderConsole('/recruiters/audit');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Applicant 47' })).toHaveAttribute(
      'href',
      '/recruiters/applicants/47',
    );
    expect(within(table).getByRole('link', { name: 'Opening 3' })).toHaveAttribute(
      'href',
      '/recruiters/openings/3',
    );
    expect(within(table).getByRole('link', { name: 'User 4' })).toHaveAttribute(
      'href',
      '/recruiters/users',
    );
    // Erased: the id as text, nothing more; a token has no page.
    expect(within(table).getByText('Applicant 48')).not.toHaveAttribute('href');
    expect(within(table).queryByRole('link', { name: 'Applicant 48' })).toBeNull();
    expect(within(table).queryByRole('link', { name: 'Token 9' })).toBeNull();
    expect(within(table).getByText('Token 9')).toBeInTheDocument();
  });

  it('filters apply as they change, with no button', async () => {
    const asked: Record<string, string>[] = [];
    mockSignedInAs('admin', {
      'GET /recruiters/audit': (url) => {
        asked.push(Object.fromEntries(url.searchParams));
        return json({ items: [], total: 0, page: 1, pageSize: 50 });
      },
    });
    const { history } = renderConsole('/recruiters/audit?actor=Rita');
    await screen.findByText('No entries match.');
    expect(screen.queryByRole('button', { name: 'Apply filters' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Moved an applicant');
    expect(history.location.search).toBe('?action=applicant-stage&actor=Rita');
    await userEvent.type(screen.getByLabelText('Who'), ' Roe');
    await waitFor(() =>
      expect(history.location.search).toBe('?action=applicant-stage&actor=Rita+Roe'),
    );
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ action: 'applicant-stage', actor: 'Rita Roe' }),
    );
  });
});

describe('your account', () => {
  it('changes your own password: the server names a wrong current one beside its field', async () => {
    const bodies: unknown[] = [];
    mockSignedIn({
      'PUT /recruiters/session/password': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { currentPassword: string };
        bodies.push(body);
        if (body.currentPassword !== 'my current passphrase 1')
          return problem(400, 'The current password is not right.', [
            { field: 'currentPassword', message: 'is not right' },
          ]);
        return json(session('recruiter', 'Rita Recruiter'));
      },
    });
    renderConsole('/recruiters/openings');
    await userEvent.click(await screen.findByRole('link', { name: 'Rita Recruiter' }));
    const form = await screen.findByRole('region', { name: 'Change your password' });
    const current = within(form).getByLabelText('Current password');
    await userEvent.type(current, 'a wrong guess here');
    await userEvent.type(within(form).getByLabelText(/^New password/), 'a brand new passphrase 9');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAccessibleDescription('Current password is not right.');

    await userEvent.clear(current);
    await userEvent.type(current, 'my current passphrase 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your password was changed.')).toBeInTheDocument();
    expect(current).toHaveValue('');
    expect(bodies).toHaveLength(2);
  });
});

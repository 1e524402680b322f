import { SECOND_FACTOR_FAILED_MESSAGE, SIGN_IN_FAILED_MESSAGE } from '@lumenfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  job,
  jobsPage,
  json,
  mockApi,
  mockSignedIn,
  mockSignedInAs,
  problem,
  renderConsole,
  session,
} from './test-support';

describe('signing in', () => {
  it('a console page without a session goes to sign-in and back to it after', async () => {
    let signedIn = false;
    const fetchMock = mockApi({
      'GET /recruiters/session': () => (signedIn ? json(session()) : problem(401, 'Sign in')),
      'POST /recruiters/session': () => {
        signedIn = true;
        return json(session());
      },
      'GET /recruiters/applicants': () => json({ items: [], total: 0, page: 1, pageSize: 50 }),
      'GET /recruiters/job-choices': () => json([job()]),
    });
    const { history } = renderConsole('/recruiters/applicants?stage=New');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(history.location.pathname + history.location.search).toBe(
      '/recruiters/sign-in?next=%2Frecruiters%2Fapplicants%3Fstage%3DNew',
    );
    expect(document.title).toBe('Sign in · Recruiters · Lumenfield Technology Partners');

    await userEvent.type(screen.getByLabelText('Email'), 'rita@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: 'Applicants' });
    expect(history.location.pathname + history.location.search).toBe(
      '/recruiters/applicants?stage=New',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      email: 'rita@example.com',
      password: 'a long enough password',
    });
    // The header names the person and role; a recruiter has no admin pages in the nav.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Rita Recruiter')).toBeInTheDocument();
    expect(within(banner).getByText('Recruiter')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Openings', 'Applicants', 'Feedback', 'Messages', 'Sources', 'Reports']);
  });

  it("shows the server's message in an alert and clears the password", async () => {
    mockApi({
      'GET /recruiters/session': () => problem(401, 'Sign in'),
      'POST /recruiters/session': () => problem(401, SIGN_IN_FAILED_MESSAGE),
    });
    renderConsole('/recruiters/sign-in');
    await userEvent.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password 1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_FAILED_MESSAGE);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('nobody@example.com');
  });

  it('an unsafe next is ignored: after sign-in the openings list', async () => {
    let signedIn = false;
    mockApi({
      'GET /recruiters/session': () => (signedIn ? json(session()) : problem(401, 'Sign in')),
      'POST /recruiters/session': () => {
        signedIn = true;
        return json(session());
      },
      'GET /recruiters/jobs': () => jobsPage([]),
    });
    const { history } = renderConsole('/recruiters/sign-in?next=https%3A%2F%2Fevil.example%2F');
    await userEvent.type(await screen.findByLabelText('Email'), 'rita@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Openings' });
    expect(history.location.pathname).toBe('/recruiters/openings');
  });
});

describe('two-step sign-in', () => {
  it('asks for a code after the password, keeps a wrong one typed, and takes a recovery code instead', async () => {
    let signedIn = false;
    const sent: unknown[] = [];
    mockApi({
      'GET /recruiters/session': () => (signedIn ? json(session()) : problem(401, 'Sign in')),
      'POST /recruiters/session': () =>
        json({ secondStep: 'totp', passkey: false, expiresOn: '2026-11-23T12:05:00.000Z' }),
      'POST /recruiters/session/second-factor': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { code?: string; recoveryCode?: string };
        sent.push(body);
        if (!body.recoveryCode) return problem(401, SECOND_FACTOR_FAILED_MESSAGE);
        signedIn = true;
        return json(session());
      },
      'GET /recruiters/jobs': () => jobsPage([]),
    });
    renderConsole('/recruiters/sign-in');
    await userEvent.type(await screen.findByLabelText('Email'), 'rita@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Code from your app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // The password form is gone: focus is on the code's field, ready to type.
    await waitFor(() => expect(code).toHaveFocus());
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECOND_FACTOR_FAILED_MESSAGE);
    // What was typed stays, to correct a digit.
    expect(screen.getByLabelText('Code from your app')).toHaveValue('123456');

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcdef-ghjkmn-pqrstu-vwxyz2');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Openings' });
    expect(sent).toEqual([{ code: '123456' }, { recoveryCode: 'abcdef-ghjkmn-pqrstu-vwxyz2' }]);
  });

  it('a pending sign-in that has ended goes back to the password with the reason', async () => {
    mockApi({
      'GET /recruiters/session': () => problem(401, 'Sign in'),
      'POST /recruiters/session': () =>
        json({ secondStep: 'totp', passkey: false, expiresOn: '2026-11-23T12:05:00.000Z' }),
      'POST /recruiters/session/second-factor': () =>
        problem(401, 'Your sign-in has expired. Please sign in again.'),
    });
    renderConsole('/recruiters/sign-in');
    await userEvent.type(await screen.findByLabelText('Email'), 'rita@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Code from your app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in has expired.');
    expect(screen.getByLabelText('Email')).toHaveValue('rita@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});

describe('two-step sign-in with a passkey', () => {
  it('a passkey as the step: its button has focus, and the other ways in step aside', async () => {
    // A browser that can do passkeys: the page offers its own passkey sign-in beside the form.
    vi.stubGlobal('PublicKeyCredential', class {});
    try {
      mockApi({
        'GET /recruiters/session': () => problem(401, 'Sign in'),
        'POST /recruiters/session': () =>
          json({ secondStep: 'passkey', passkey: true, expiresOn: '2026-11-23T12:05:00.000Z' }),
      });
      renderConsole('/recruiters/sign-in');
      expect(
        await screen.findByRole('button', { name: 'Sign in with a passkey' }),
      ).toBeInTheDocument();
      await userEvent.type(await screen.findByLabelText('Email'), 'rita@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

      const use = await screen.findByRole('button', { name: 'Use your passkey' });
      await waitFor(() => expect(use).toHaveFocus());
      expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
      // A passkey is this person's only factor: no code, no recovery code offered.
      expect(screen.queryByLabelText('Code from your app')).toBeNull();
      expect(screen.queryByRole('button', { name: /instead/ })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with an app and a passkey, the code comes first and the passkey is offered instead', async () => {
    mockApi({
      'GET /recruiters/session': () => problem(401, 'Sign in'),
      'POST /recruiters/session': () =>
        json({ secondStep: 'totp', passkey: true, expiresOn: '2026-11-23T12:05:00.000Z' }),
    });
    renderConsole('/recruiters/sign-in');
    await userEvent.type(await screen.findByLabelText('Email'), 'rita@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Code from your app')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from your app')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a code from your app instead' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  });
});

describe('the shell', () => {
  it('a recruiter on an admin page is told it is not allowed', async () => {
    const fetchMock = mockSignedInAs('recruiter');
    renderConsole('/recruiters/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/recruiters/users'))).toBe(
      false,
    );
  });

  it('an admin sees Users and Audit log; the openings list shows state and counts', async () => {
    mockSignedInAs('admin', {
      'GET /recruiters/jobs': () =>
        jobsPage([
          job(),
          job({
            id: 4,
            code: 'LTP-2',
            title: 'Later',
            state: 'scheduled',
            newApplicants: 0,
          }),
        ]),
    });
    renderConsole('/recruiters');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Openings',
      'Applicants',
      'Feedback',
      'Messages',
      'Sources',
      'Reports',
      'Site content',
      'Users',
      'Audit log',
      'Unmatched replies',
      'Outbox',
    ]);
    expect(within(nav).getByRole('link', { name: 'Openings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Open')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Scheduled')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('link', { name: '4 applicants for QA Engineer' }),
    ).toHaveAttribute('href', '/recruiters/applicants?jobId=3');
    expect(document.title).toBe('Openings · Recruiters · Lumenfield Technology Partners');
  });

  it('a 401 from a page call (session ended) asks to sign in again in place, then sends the call again', async () => {
    let sessionEnded = true;
    const fetchMock = mockSignedIn({
      'POST /recruiters/session': () => {
        sessionEnded = false;
        return json(session());
      },
      'GET /recruiters/jobs': () => (sessionEnded ? problem(401, 'Sign in') : jobsPage([job()])),
    });
    const { history, signedOut } = renderConsole('/recruiters/openings');
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    // The person is known: the e-mail is filled in and the password has the focus.
    expect(within(dialog).getByLabelText('Email')).toHaveValue('rita@example.com');
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a long enough password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('link', { name: '4 applicants for QA Engineer' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(history.location.pathname).toBe('/recruiters/openings');
    expect(signedOut).not.toHaveBeenCalled();
    const jobCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/jobs'));
    expect(jobCalls).toHaveLength(2);
  });

  it('"Not now" closes the dialog and leaves the page with its error, not the sign-in page', async () => {
    mockSignedIn({
      'GET /recruiters/jobs': () => problem(401, 'Your session has ended. Please sign in again.'),
    });
    const { history } = renderConsole('/recruiters/openings');
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await screen.findByText('Your session has ended. Please sign in again.');
    expect(history.location.pathname).toBe('/recruiters/openings');
  });

  it('Sign out ends the session and shows the sign-in page', async () => {
    let signedIn = true;
    const fetchMock = mockApi({
      'GET /recruiters/session': () => (signedIn ? json(session()) : problem(401, 'Sign in')),
      'DELETE /recruiters/session': () => {
        signedIn = false;
        return new Response(null, { status: 204 });
      },
      'GET /recruiters/jobs': () => jobsPage([]),
    });
    const { history } = renderConsole('/recruiters/openings');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(history.location.pathname).toBe('/recruiters/sign-in');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  SECOND_FACTOR_FAILED_MESSAGE,
  SIGN_IN_AGAIN_TO_CHANGE_MESSAGE,
  type SecondFactors,
} from '@lumenfield/contract';
import { json, mockSignedIn, problem, renderConsole, session } from '../../shell/test-support';

const KEY = 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `aaaaa${i}-bbbbbb-cccccc-dddddd`);

describe('Two-step sign-in in Your account', () => {
  it('sets up an app from a QR code drawn in the page, keeps a wrong code typed, shows the recovery codes once, and turns off with the password', async () => {
    let state: SecondFactors = { totp: false, recoveryCodesLeft: 0 };
    const sent: unknown[] = [];
    mockSignedIn({
      'GET /recruiters/session/totp': () => json(state),
      'POST /recruiters/session/totp': () =>
        json({ secret: KEY, uri: `otpauth://totp/x?secret=${KEY.replace(/ /g, '')}` }),
      'PUT /recruiters/session/totp': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { code: string };
        sent.push(body);
        if (body.code !== '654321') return problem(400, SECOND_FACTOR_FAILED_MESSAGE);
        state = { totp: true, recoveryCodesLeft: 10 };
        return json({ recoveryCodes: CODES });
      },
      'DELETE /recruiters/session/totp': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        state = { totp: false, recoveryCodesLeft: 0 };
        return new Response(null, { status: 204 });
      },
    });
    renderConsole('/recruiters/account');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Set up an authenticator app' }),
    );
    const qr = await within(section).findByRole('img', { name: /QR code/ });
    // Drawn here: an SVG of the matrix, no image fetched from anywhere.
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(section).getByLabelText('Key')).toHaveValue(KEY);

    const code = within(section).getByLabelText('Code from your app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '123456');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText(SECOND_FACTOR_FAILED_MESSAGE)).toBeInTheDocument();
    expect(code).toHaveValue('123456');
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await waitFor(() => expect(section).toHaveTextContent('Recovery codes left: 10'));

    await userEvent.type(
      within(section).getByLabelText('Code from your app, or your password'),
      'correct horse battery staple 7',
    );
    await userEvent.click(
      within(section).getByRole('button', { name: 'Turn off two-step sign-in' }),
    );
    expect(await within(section).findByText('Two-step sign-in is off.')).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
    expect(sent).toEqual([
      { code: '123456' },
      { code: '654321' },
      { password: 'correct horse battery staple 7' },
    ]);
  });

  it('signed in a while ago, setting up an app asks to sign in again in place, then goes on', async () => {
    let signedInAgain = false;
    const fetchMock = mockSignedIn({
      'GET /recruiters/session/totp': () => json({ totp: false, recoveryCodesLeft: 0 }),
      'POST /recruiters/session/totp': () =>
        signedInAgain
          ? json({ secret: KEY, uri: `otpauth://totp/x?secret=${KEY.replace(/ /g, '')}` })
          : problem(403, SIGN_IN_AGAIN_TO_CHANGE_MESSAGE),
      'POST /recruiters/session': () => {
        signedInAgain = true;
        return json(session());
      },
    });
    renderConsole('/recruiters/account');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Set up an authenticator app' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('rita@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a long enough password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    // The call is sent again once signed in: the set-up goes on where it was.
    expect(await within(section).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const setups = fetchMock.mock.calls.filter(
      ([url, init]) => String(url).endsWith('/session/totp') && init?.method === 'POST',
    );
    expect(setups).toHaveLength(2);
  });
});

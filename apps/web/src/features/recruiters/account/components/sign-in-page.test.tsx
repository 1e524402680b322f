import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SSO_FAILURE_MESSAGES, type SignInOptions } from '@lumenfield/contract';
import { installDialogPolyfill } from '../../../careers/test-support';
import { json, mockApi, mockSignedIn, problem, renderConsole } from '../../shell/test-support';

installDialogPolyfill();

const signedOutWith = (options: SignInOptions) =>
  mockApi({
    'GET /recruiters/session': () => problem(401, 'Sign in'),
    'GET /recruiters/sso': () => json(options),
  });

describe('the sign-in page with single sign-on', () => {
  it("offers the provider's button above the password form", async () => {
    signedOutWith({ provider: { button: 'Sign in with Okta' }, passwordSignIn: 'everyone' });
    renderConsole('/recruiters/sign-in?next=%2Frecruiters%2Fapplicants%2F7');
    const button = await screen.findByRole('link', { name: 'Sign in with Okta' });
    // The page to come back to goes through the provider's round trip.
    expect(button).toHaveAttribute(
      'href',
      '/api/recruiters/sso/start?next=%2Frecruiters%2Fapplicants%2F7',
    );
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('keeps the password form behind "break-glass" while passwords are off', async () => {
    signedOutWith({ provider: { button: 'Sign in with Okta' }, passwordSignIn: 'break-glass' });
    renderConsole('/recruiters/sign-in');
    await screen.findByRole('link', { name: 'Sign in with Okta' });
    const disclosure = screen.getByText('Sign in with a password (break-glass)');
    expect(screen.getByLabelText('Password')).not.toBeVisible();
    await userEvent.click(disclosure);
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('shows no button without single sign-on, and says why single sign-on sent the person back', async () => {
    signedOutWith({ provider: null, passwordSignIn: 'everyone' });
    renderConsole('/recruiters/sign-in?sso=refused');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(SSO_FAILURE_MESSAGES.refused)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(within(main).queryByRole('link')).toBeNull();
    expect(screen.getByLabelText('Password')).toBeVisible();
  });
  it('offers the button in the "session has ended" dialog too, saying it leaves the page', async () => {
    mockSignedIn({
      'GET /recruiters/jobs': () => problem(401, 'Sign in'),
      'GET /recruiters/sso': () =>
        json({ provider: { button: 'Sign in with Okta' }, passwordSignIn: 'everyone' }),
    });
    renderConsole('/recruiters/openings');
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    const link = await within(dialog).findByRole('link', { name: 'Sign in with Okta' });
    expect(link).toHaveAttribute('href', '/api/recruiters/sso/start?next=%2Frecruiters%2Fopenings');
    expect(within(dialog).getByText(/what you typed is not kept/)).toBeInTheDocument();
  });
});

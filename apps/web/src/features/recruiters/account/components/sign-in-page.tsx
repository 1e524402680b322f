import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  API_BASE_PATH,
  consolePaths,
  SSO_FAILURE_MESSAGES,
  SSO_FAILURE_PARAM,
  ssoFailureSchema,
  type ConsoleSession,
} from '@lumenfield/contract';
import { useSearchParams } from '@lumenfield/page-kit';
import { useQuery } from '@tanstack/react-query';
import { Logo } from '@/components/logo';
import { signInOptionsQuery, useSignIn } from '../api';
import { failureText } from '../../common/api/query-client';
import { FormActions } from '../../common/components/fields';
import { useConsoleTitle } from '../../common/components/page-heading';
import './sign-in-page.css';

/**
 * The sign-in form (docs/recruiters.md): `Email`, `Password`, `Sign in`; the server's message on
 * failure. The sign-in page and the dialog that signs in again in place (sign-in-again.tsx)
 * both use it.
 */
export function SignInForm({
  onSignedIn,
  email: knownEmail = '',
  idPrefix = 'signin',
  secondary = false,
  children,
}: {
  /** After the session is in the console's cache (account/api.ts). */
  onSignedIn?: (session: ConsoleSession) => void;
  /** Filled in when the console knows who was signed in. */
  email?: string;
  idPrefix?: string;
  /** The form's button is not the page's main action (single sign-on's button is). */
  secondary?: boolean;
  /** More actions beside Sign in (the dialog's "Not now"). */
  children?: ReactNode;
}) {
  const [email, setEmail] = useState(knownEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signingIn = useSignIn();
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    signingIn.mutate(
      { email, password },
      {
        onSuccess: (session) => onSignedIn?.(session),
        onError: (failure) => {
          setPassword('');
          setError(failureText(failure, 'Signing in failed. Please try again.'));
          passwordRef.current?.focus();
        },
      },
    );
  };

  return (
    <>
      <div aria-live="assertive" role="alert" className="rc-signin__alert">
        {error ? <p className="rc-alert rc-alert--error">{error}</p> : null}
      </div>
      <form onSubmit={submit} noValidate>
        <div className="rc-field">
          <label htmlFor={`${idPrefix}-email`}>Email</label>
          <input
            id={`${idPrefix}-email`}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="rc-field">
          <label htmlFor={`${idPrefix}-password`}>Password</label>
          <input
            id={`${idPrefix}-password`}
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            data-autofocus={knownEmail ? true : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {children ? (
          <FormActions submit="Sign in" busy={signingIn.isPending}>
            {children}
          </FormActions>
        ) : (
          <button
            type="submit"
            className={`button ${secondary ? 'button--secondary' : 'button--primary'} rc-signin__submit`}
            disabled={signingIn.isPending}
          >
            Sign in
          </button>
        )}
      </form>
    </>
  );
}

/** Where the single sign-on button goes: a navigation to the server, which sends it on. */
export const SSO_START_URL = `${API_BASE_PATH}${consolePaths.ssoStart}`;

/**
 * The sign-in page: the identity provider's button when single sign-on is configured, the
 * password form (behind "Sign in with a password (break-glass)" while password sign-in is off
 * for everyone but the break-glass admin), and why single sign-on sent the person back.
 */
export function SignInPage() {
  useConsoleTitle('Sign in');
  const params = useSearchParams();
  const options = useQuery(signInOptionsQuery);
  const failure = ssoFailureSchema.safeParse(params.get(SSO_FAILURE_PARAM));
  const provider = options.data?.provider ?? null;
  const breakGlassOnly = provider !== null && options.data?.passwordSignIn === 'break-glass';
  return (
    <main className="rc-signin" id="rc-main">
      <div className="rc-signin__card">
        <div className="rc-signin__brand">
          <Logo />
        </div>
        <h1>Sign in to the recruiters&rsquo; console</h1>
        {failure.success ? (
          <p className="rc-alert rc-alert--error" role="alert">
            {SSO_FAILURE_MESSAGES[failure.data]}
          </p>
        ) : null}
        {provider ? (
          <>
            <a className="button button--primary rc-signin__submit" href={SSO_START_URL}>
              {provider.button}
            </a>
            {breakGlassOnly ? null : (
              <p className="rc-signin__or">
                <span>or with your password</span>
              </p>
            )}
          </>
        ) : null}
        {breakGlassOnly ? (
          <details className="rc-signin__break-glass">
            <summary>Sign in with a password (break-glass)</summary>
            <p className="rc-signin__hint">
              Password sign-in is kept for one admin, for when single sign-on is down.
            </p>
            <SignInForm secondary />
          </details>
        ) : (
          <SignInForm secondary={provider !== null} />
        )}
      </div>
    </main>
  );
}

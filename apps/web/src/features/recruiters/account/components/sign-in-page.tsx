import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ConsoleSession } from '@lumenfield/contract';
import { Logo } from '@/components/logo';
import { passkeyFailureText, usePasskeySignIn, useSignIn } from '../api';
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
  children,
}: {
  /** After the session is in the console's cache (account/api.ts). */
  onSignedIn?: (session: ConsoleSession) => void;
  /** Filled in when the console knows who was signed in. */
  email?: string;
  idPrefix?: string;
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
            className="button button--primary rc-signin__submit"
            disabled={signingIn.isPending}
          >
            Sign in
          </button>
        )}
      </form>
    </>
  );
}

/**
 * "Sign in with a passkey": no e-mail asked, the browser offers this site's passkeys on the
 * device (or a phone's, by QR code), and the one chosen says who signs in.
 */
function PasskeySignIn() {
  const signingIn = usePasskeySignIn();
  const [error, setError] = useState<string | null>(null);
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return null;
  return (
    <div className="rc-signin__passkey">
      <p className="rc-signin__or">or</p>
      {/* An alert made when there is something to say: the form's own stays the page's one
          standing alert, so a password's failure is not read beside an empty second one. */}
      {error ? (
        <p role="alert" className="rc-alert rc-alert--error rc-signin__alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary rc-signin__submit"
        disabled={signingIn.isPending}
        onClick={() => {
          setError(null);
          signingIn.mutate(undefined, {
            onError: (failure) =>
              setError(passkeyFailureText(failure, 'Signing in failed. Please try again.')),
          });
        }}
      >
        Sign in with a passkey
      </button>
    </div>
  );
}

export function SignInPage() {
  useConsoleTitle('Sign in');
  return (
    <main className="rc-signin" id="rc-main">
      <div className="rc-signin__card">
        <div className="rc-signin__brand">
          <Logo />
        </div>
        <h1>Sign in to the recruiters&rsquo; console</h1>
        <SignInForm />
        <PasskeySignIn />
      </div>
    </main>
  );
}

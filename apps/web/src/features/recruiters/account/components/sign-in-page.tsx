import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  API_BASE_PATH,
  consolePaths,
  isSecondStep,
  PASSKEY_SIGN_IN_FAILED_MESSAGE,
  SECOND_FACTOR_FAILED_MESSAGE,
  SIGN_IN_RETURN_PARAM,
  SSO_FAILURE_MESSAGES,
  SSO_FAILURE_PARAM,
  ssoFailureSchema,
  type ConsoleSession,
  type SecondFactorDone,
} from '@lumenfield/contract';
import { useSearchParams } from '@lumenfield/page-kit';
import { useQuery } from '@tanstack/react-query';
import { Logo } from '@/components/logo';
import { ApiError } from '@/lib/api-client';
import {
  accountApi,
  passkeyFailureText,
  signInOptionsQuery,
  usePasskeySecondStep,
  usePasskeySignIn,
  useSecondFactor,
  useSignedInBy,
  useSignIn,
} from '../api';
import { OneTimeCodeField, RecoveryCodeList, TotpSetupPanel } from './totp-setup';
import { failureText } from '../../common/api/query-client';
import { FormActions } from '../../common/components/fields';
import { useConsoleTitle } from '../../common/components/page-heading';
import './sign-in-page.css';

type Step =
  | { kind: 'password' }
  /** The second step: `passkey`, one of the person's passkeys can do it. */
  | { kind: 'totp' | 'passkey' | 'enrol'; passkey: boolean }
  /** Enrolled at sign-in: the recovery codes, shown once, before the console opens. */
  | { kind: 'codes'; done: SecondFactorDone };

/** The alert above the form: the server's words on a failure, read out at once. */
function SignInAlert({ error }: { error: string | null }) {
  return (
    <div aria-live="assertive" role="alert" className="rc-signin__alert">
      {error ? <p className="rc-alert rc-alert--error">{error}</p> : null}
    </div>
  );
}

/** What the second step is being done with. */
type Proof = 'code' | 'recovery' | 'passkey';

/**
 * The second step (docs/recruiters.md, "Two-step sign-in"): a code from the app, one of the
 * recovery codes, or one of the person's passkeys; at enrolment, the app's set-up first. What was
 * typed stays on an error; a pending sign-in that has ended sends the person back to their
 * password.
 */
function SecondStepForm({
  kind,
  passkey,
  idPrefix,
  onDone,
  onRestart,
}: {
  kind: 'totp' | 'passkey' | 'enrol';
  passkey: boolean;
  idPrefix: string;
  onDone: (done: SecondFactorDone) => void;
  onRestart: (message: string) => void;
}) {
  const enrol = kind === 'enrol';
  const [proof, setProof] = useState<Proof>(kind === 'passkey' ? 'passkey' : 'code');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verifying = useSecondFactor();
  const withPasskey = usePasskeySecondStep();
  const fieldsRef = useRef<HTMLDivElement>(null);
  const setup = useQuery({
    queryKey: ['account', 'sign-in-setup'],
    queryFn: () => accountApi.secondFactorSetup(),
    enabled: enrol,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const focusField = () =>
    requestAnimationFrame(() =>
      fieldsRef.current?.querySelector<HTMLElement>('input, button')?.focus(),
    );
  useEffect(() => {
    if (setup.isError) onRestart(failureText(setup.error, 'Please sign in again.'));
  }, [setup.isError, setup.error, onRestart]);
  // The password form is gone: the step's field or button (or, to enrol, its heading) takes focus.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (enrol) headingRef.current?.focus();
    else fieldsRef.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [enrol]);

  /** A failure the person can try again from is shown; an ended sign-in starts again. */
  const failed = (failure: unknown, retryable: string) => {
    const message =
      proof === 'passkey'
        ? passkeyFailureText(failure, 'Signing in failed. Please try again.')
        : failureText(failure, 'Signing in failed. Please try again.');
    if (failure instanceof ApiError && failure.status === 401 && message !== retryable) {
      onRestart(message);
      return;
    }
    setError(message);
    focusField();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (proof === 'passkey') {
      withPasskey.mutate(undefined, {
        onSuccess: onDone,
        onError: (failure) => failed(failure, PASSKEY_SIGN_IN_FAILED_MESSAGE),
      });
      return;
    }
    verifying.mutate(proof === 'recovery' ? { recoveryCode } : { code }, {
      onSuccess: onDone,
      onError: (failure) => failed(failure, SECOND_FACTOR_FAILED_MESSAGE),
    });
  };
  const switchTo = (next: Proof) => {
    setProof(next);
    setError(null);
    focusField();
  };
  // The other ways this step can be done, each a link-styled button.
  const others: { proof: Proof; label: string }[] =
    kind === 'totp'
      ? [
          { proof: 'code' as const, label: 'Use a code from your app instead' },
          { proof: 'passkey' as const, label: 'Use a passkey instead' },
          { proof: 'recovery' as const, label: 'Use a recovery code instead' },
        ].filter((other) => other.proof !== proof && (other.proof !== 'passkey' || passkey))
      : [];
  const busy = verifying.isPending || withPasskey.isPending;

  return (
    <>
      <SignInAlert error={error} />
      {enrol ? (
        <>
          <h2 ref={headingRef} tabIndex={-1} className="rc-signin__step">
            Set up two-step sign-in
          </h2>
          <p>
            Your organisation asks everyone to sign in with a code from an authenticator app as well
            as their password. Set one up now to continue.
          </p>
          {setup.isSuccess ? <TotpSetupPanel setup={setup.data} /> : <p>Making your key…</p>}
        </>
      ) : (
        <>
          <h2 className="rc-signin__step">Two-step sign-in</h2>
          <p>
            {proof === 'passkey'
              ? 'Confirm it is you with your passkey: your device asks for its PIN, fingerprint or face.'
              : proof === 'recovery'
                ? 'Type one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
                : 'Open your authenticator app and type the 6-digit code it shows for the Lumenfield console.'}
          </p>
        </>
      )}
      <form onSubmit={submit} noValidate>
        <div ref={fieldsRef}>
          {proof === 'passkey' ? (
            <button
              type="submit"
              className="button button--primary rc-signin__submit"
              disabled={busy}
            >
              Use your passkey
            </button>
          ) : proof === 'recovery' ? (
            <div className="rc-field">
              <label htmlFor={`${idPrefix}-recovery`}>Recovery code</label>
              <input
                id={`${idPrefix}-recovery`}
                name="recoveryCode"
                type="text"
                autoComplete="off"
                spellCheck={false}
                data-autofocus
                value={recoveryCode}
                onChange={(event) => setRecoveryCode(event.target.value)}
              />
            </div>
          ) : (
            <OneTimeCodeField id={`${idPrefix}-code`} value={code} onChange={setCode} />
          )}
        </div>
        {proof === 'passkey' ? null : (
          <button
            type="submit"
            className="button button--primary rc-signin__submit"
            disabled={busy || (enrol && !setup.isSuccess)}
          >
            {enrol ? 'Turn on and sign in' : 'Verify'}
          </button>
        )}
        {others.map((other) => (
          <button
            key={other.proof}
            type="button"
            className="rc-signin__switch"
            onClick={() => switchTo(other.proof)}
          >
            {other.label}
          </button>
        ))}
      </form>
    </>
  );
}

/**
 * The sign-in form (docs/recruiters.md): `Email`, `Password`, `Sign in`; the server's message on
 * failure; then, for an account with two-step sign-in, its second step. The sign-in page and the
 * dialog that signs in again in place (sign-in-again.tsx) both use it.
 */
export function SignInForm({
  onSignedIn,
  email: knownEmail = '',
  idPrefix = 'signin',
  secondary = false,
  children,
  onSecondStep,
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
  /** Told when the second step starts or ends: the page's other ways in step aside meanwhile. */
  onSecondStep?: (inSecondStep: boolean) => void;
}) {
  const [email, setEmail] = useState(knownEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const signingIn = useSignIn();
  const signedInBy = useSignedInBy();
  const passwordRef = useRef<HTMLInputElement>(null);

  const finish = (done: SecondFactorDone) => {
    signedInBy(done);
    onSignedIn?.(done);
  };
  const restart = useCallback(
    (message: string) => {
      setStep({ kind: 'password' });
      onSecondStep?.(false);
      setError(message);
      requestAnimationFrame(() => passwordRef.current?.focus());
    },
    [onSecondStep],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    signingIn.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          setPassword('');
          if (isSecondStep(answer)) {
            setStep({ kind: answer.secondStep, passkey: answer.passkey });
            onSecondStep?.(true);
          } else onSignedIn?.(answer);
        },
        onError: (failure) => {
          setPassword('');
          setError(failureText(failure, 'Signing in failed. Please try again.'));
          passwordRef.current?.focus();
        },
      },
    );
  };

  if (step.kind === 'totp' || step.kind === 'passkey' || step.kind === 'enrol') {
    return (
      <SecondStepForm
        kind={step.kind}
        passkey={step.passkey}
        idPrefix={idPrefix}
        onRestart={restart}
        onDone={(done) => (done.recoveryCodes ? setStep({ kind: 'codes', done }) : finish(done))}
      />
    );
  }
  if (step.kind === 'codes') {
    return (
      <>
        <p role="status">Two-step sign-in is on.</p>
        <RecoveryCodeList codes={step.done.recoveryCodes ?? []} />
        <button
          type="button"
          className="button button--primary rc-signin__submit"
          data-autofocus
          onClick={() => finish(step.done)}
        >
          I have saved my codes: continue
        </button>
      </>
    );
  }

  return (
    <>
      <SignInAlert error={error} />
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

/**
 * Where the single sign-on button goes: a navigation to the server, which sends it on, carrying
 * the console page to come back to (`next`; the server judges it as the page does).
 */
export function ssoStartHref(next: string | null): string {
  const start = `${API_BASE_PATH}${consolePaths.ssoStart}`;
  return next ? `${start}?${SIGN_IN_RETURN_PARAM}=${encodeURIComponent(next)}` : start;
}

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
  // While a password's second step runs, it is the page's one way on.
  const [inSecondStep, setInSecondStep] = useState(false);
  return (
    <main className="rc-signin" id="rc-main">
      <div className="rc-signin__card">
        <div className="rc-signin__brand">
          <Logo />
        </div>
        <h1>Sign in to the recruiters&rsquo; console</h1>
        {failure.success && !inSecondStep ? (
          <p className="rc-alert rc-alert--error" role="alert">
            {SSO_FAILURE_MESSAGES[failure.data]}
          </p>
        ) : null}
        {provider && !inSecondStep ? (
          <>
            <a
              className="button button--primary rc-signin__submit"
              href={ssoStartHref(params.get(SIGN_IN_RETURN_PARAM))}
            >
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
            <SignInForm secondary onSecondStep={setInSecondStep} />
          </details>
        ) : (
          <SignInForm secondary={provider !== null} onSecondStep={setInSecondStep} />
        )}
        {inSecondStep ? null : <PasskeySignIn />}
      </div>
    </main>
  );
}

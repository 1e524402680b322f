import { useRef, useState, type FormEvent } from 'react';
import type { TotpSetup } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { accountApi, secondFactorsQuery, useSecondFactorChange } from '../api';
import { failureText } from '../../common/api/query-client';
import { ErrorNote, Pending } from '../../common/components/status';
import { FormActions, TextField } from '../../common/components/fields';
import { OneTimeCodeField, RecoveryCodeList, TotpSetupPanel } from './totp-setup';

/** Six digits typed (spaces dropped) are a code; anything else is taken as the password. */
const asCodeOrPassword = (value: string) =>
  /^\d{6}$/.test(value.replace(/\s+/g, ''))
    ? { code: value.replace(/\s+/g, '') }
    : { password: value };

/**
 * "Two-step sign-in" in Your account (docs/recruiters.md): set up an authenticator app (QR
 * code, a code to confirm, recovery codes shown once), make new recovery codes, turn it off.
 */
export function TwoStepSignIn() {
  const factors = useQuery(secondFactorsQuery);
  const setUp = useSecondFactorChange(accountApi.setUpTotp);
  const confirm = useSecondFactorChange(accountApi.confirmTotp);
  const renew = useSecondFactorChange(accountApi.newRecoveryCodes);
  const disable = useSecondFactorChange(accountApi.disableTotp);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [offWith, setOffWith] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const codeRef = useRef<HTMLDivElement>(null);
  const focusCode = () =>
    requestAnimationFrame(() => codeRef.current?.querySelector<HTMLElement>('input')?.focus());
  const showCodes = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    requestAnimationFrame(() => document.getElementById('recovery-codes-heading')?.focus());
  };
  const failed = (fallback: string) => (error: unknown) => {
    setFailure(failureText(error, fallback));
    focusCode();
  };
  const start = () => {
    setFailure(null);
    setCodes(null);
    setUp.mutate(undefined, {
      onSuccess: (answer) => {
        setSetup(answer);
        setCode('');
        focusCode();
      },
      onError: failed('The authenticator app could not be set up.'),
    });
  };
  const turnOn = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    confirm.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        setSetup(null);
        setCode('');
        setStatus('Two-step sign-in is on.');
        showCodes(recoveryCodes);
      },
      onError: failed('Two-step sign-in was not turned on.'),
    });
  };
  const makeCodes = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    renew.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        setCode('');
        setStatus('New recovery codes made: the old ones no longer work.');
        showCodes(recoveryCodes);
      },
      onError: failed('No new recovery codes were made.'),
    });
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    disable.mutate(asCodeOrPassword(offWith), {
      onSuccess: () => {
        setOffWith('');
        setCodes(null);
        setStatus('Two-step sign-in is off.');
      },
      onError: (error) => setFailure(failureText(error, 'Two-step sign-in was not turned off.')),
    });
  };
  const busy = setUp.isPending || confirm.isPending || renew.isPending || disable.isPending;

  return (
    <section className="rc-card" aria-labelledby="two-step-heading">
      <h2 id="two-step-heading">Two-step sign-in</h2>
      <p role="status" className="rc-muted">
        {status}
      </p>
      {failure ? <ErrorNote message={failure} /> : null}
      {codes ? <RecoveryCodeList codes={codes} /> : null}
      <Pending query={factors} what="your two-step sign-in" />
      {factors.isSuccess && !factors.data.totp ? (
        setup ? (
          <form className="rc-form" onSubmit={turnOn} noValidate>
            <TotpSetupPanel setup={setup} />
            <div ref={codeRef} className="rc-grid">
              <OneTimeCodeField id="two-step-confirm" value={code} onChange={setCode} />
            </div>
            <FormActions
              submit="Turn on"
              busy={busy}
              onCancel={() => {
                setSetup(null);
                setFailure(null);
              }}
            />
          </form>
        ) : (
          <>
            <p>
              <strong>Off.</strong> With two-step sign-in, your password alone does not open the
              console: you also type a code from an authenticator app on your phone.
            </p>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={start}
            >
              Set up an authenticator app
            </button>
          </>
        )
      ) : null}
      {factors.isSuccess && factors.data.totp ? (
        <>
          <p>
            <strong>On.</strong> You sign in with your password and a code from your authenticator
            app. Recovery codes left: {factors.data.recoveryCodesLeft}.
          </p>
          <form className="rc-form" onSubmit={makeCodes} noValidate>
            <h3>New recovery codes</h3>
            <p>The codes you have stop working; you get ten new ones.</p>
            <div ref={codeRef} className="rc-grid">
              <OneTimeCodeField id="two-step-renew" value={code} onChange={setCode} />
            </div>
            <FormActions submit="Make new recovery codes" busy={busy} />
          </form>
          <form className="rc-form" onSubmit={turnOff} noValidate>
            <h3>Turn off</h3>
            <div className="rc-grid">
              <TextField
                id="two-step-off"
                label="Code from your app, or your password"
                type="password"
                autoComplete="current-password"
                value={offWith}
                onChange={setOffWith}
              />
            </div>
            <FormActions submit="Turn off two-step sign-in" danger busy={busy} />
          </form>
        </>
      ) : null}
    </section>
  );
}

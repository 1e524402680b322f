import { useState } from 'react';
import { consolePagePaths } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import { accountSettingsQuery, useUpdateAccountSettings } from '../api';
import { failureText } from '../../common/api/query-client';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { ErrorNote, Pending } from '../../common/components/status';

/**
 * "Two-step sign-in rule" on Users (admins; docs/recruiters.md, "Two-step sign-in"), beside the
 * other sign-in rules: require a second factor of everyone. It takes effect at once; turning it
 * on signs out every session opened with a password alone, so it asks first.
 */
export function SecondFactorRule() {
  const settings = useQuery(accountSettingsQuery);
  const changing = useUpdateAccountSettings();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const required = settings.data?.requireSecondFactor ?? false;

  const change = (requireSecondFactor: boolean) => {
    setFailure(null);
    changing.mutate(
      { requireSecondFactor },
      {
        onSuccess: () =>
          setStatus(
            requireSecondFactor
              ? 'A second factor is now required.'
              : 'A second factor is no longer required.',
          ),
        onError: (error) => setFailure(failureText(error, 'The rule was not changed.')),
        onSettled: () => setAsking(false),
      },
    );
  };

  return (
    <section className="rc-card" aria-labelledby="second-factor-rule-heading">
      <h2 id="second-factor-rule-heading">Two-step sign-in rule</h2>
      <p role="status" className="rc-muted">
        {status}
      </p>
      {failure ? <ErrorNote message={failure} /> : null}
      <Pending query={settings} what="the sign-in rules" />
      {settings.isSuccess ? (
        <div className="rc-checkbox-rule">
          <input
            id="rule-require-second-factor"
            type="checkbox"
            checked={required}
            disabled={changing.isPending}
            aria-describedby="rule-require-second-factor-hint"
            onChange={(event) => (event.target.checked ? setAsking(true) : change(false))}
          />
          <label htmlFor="rule-require-second-factor">Require a second factor</label>
          <p id="rule-require-second-factor-hint" className="rc-field__hint">
            After their password, everyone also gives a code from an authenticator app or uses a
            passkey; people with neither set up an app at their next sign-in. Turn on your own
            first, in <Link to={consolePagePaths.account}>Your account</Link>.
          </p>
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title="Require a second factor?"
          confirmLabel="Require it"
          busy={changing.isPending}
          onConfirm={() => change(true)}
          onCancel={() => setAsking(false)}
        >
          <p>
            Everyone signed in with a password alone is signed out now, and signs in again with a
            code from their app or a passkey (or sets an app up first). API tokens made with a
            password alone stop working.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import type { AccountSettingsAnswer, ConsoleUser, PasswordSignIn } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { accountSettingsQuery, useUpdateAccountSettings } from '../api';
import { failureText } from '../../common/api/query-client';
import { FormActions } from '../../common/components/fields';
import { FormCard } from '../../common/components/form-card';
import { Pending } from '../../common/components/status';

/** What the admin has chosen, before it is saved. */
interface Draft {
  passwordSignIn: PasswordSignIn;
  breakGlassUserId: number | null;
}

/**
 * The password rule: everyone, or only the break-glass admin (single sign-on for everyone
 * else). Off only while single sign-on is configured, with an active admin named.
 */
function PasswordSignInRule({
  settings,
  admins,
  draft,
  onChange,
}: {
  settings: AccountSettingsAnswer;
  admins: ConsoleUser[];
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const off = draft.passwordSignIn === 'break-glass';
  return (
    <li>
      <fieldset className="rc-rule">
        <legend>Password sign-in</legend>
        <label className="rc-rule__choice">
          <input
            type="radio"
            name="password-sign-in"
            checked={!off}
            onChange={() => onChange({ ...draft, passwordSignIn: 'everyone' })}
          />
          Everyone may sign in with a password
        </label>
        <label className="rc-rule__choice">
          <input
            type="radio"
            name="password-sign-in"
            checked={off}
            disabled={!settings.singleSignOn}
            aria-describedby="password-sign-in-hint"
            onChange={() =>
              onChange({
                passwordSignIn: 'break-glass',
                breakGlassUserId: draft.breakGlassUserId ?? admins[0]?.userId ?? null,
              })
            }
          />
          Only the break-glass admin; everyone else uses single sign-on
        </label>
        <p className="rc-field__hint" id="password-sign-in-hint">
          {settings.singleSignOn
            ? 'Turning passwords off signs out everyone who signed in with one, but the break-glass admin.'
            : 'Single sign-on is not configured on the server, so passwords stay on for everyone.'}
        </p>
        {off ? (
          <div className="rc-field">
            <label htmlFor="break-glass-admin">Break-glass admin</label>
            <select
              id="break-glass-admin"
              value={draft.breakGlassUserId ?? ''}
              onChange={(event) =>
                onChange({ ...draft, breakGlassUserId: Number(event.target.value) || null })
              }
            >
              {admins.map((admin) => (
                <option key={admin.userId} value={admin.userId}>
                  {admin.name} ({admin.email})
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </fieldset>
    </li>
  );
}

/**
 * "Sign-in rules" on the Users page (docs/recruiters.md): a list of the site-wide rules for
 * signing in, each one item, saved together.
 */
export function SignInRules({
  users,
  onSaved,
}: {
  users: ConsoleUser[];
  onSaved: (text: string) => void;
}) {
  const settings = useQuery(accountSettingsQuery);
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>();
  const [message, setMessage] = useState<string | null>(null);
  const saving = useUpdateAccountSettings();
  if (!settings.isSuccess) return <Pending query={settings} what="the sign-in rules" />;
  const shown: Draft = draft ?? settings.data;
  const admins = users.filter((user) => user.role === 'admin' && user.isActive);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    saving.mutate(
      {
        passwordSignIn: shown.passwordSignIn,
        ...(shown.passwordSignIn === 'break-glass' && {
          breakGlassUserId: shown.breakGlassUserId,
        }),
      },
      {
        onSuccess: () => {
          setDraft(undefined);
          onSaved('The sign-in rules are saved.');
        },
        onError: (failure) => setMessage(failureText(failure, 'The rules were not saved.')),
      },
    );
  };

  return (
    <FormCard
      titleId="sign-in-rules-heading"
      title="Sign-in rules"
      message={message}
      formRef={formRef}
      onSubmit={submit}
    >
      <ul className="rc-rules">
        <PasswordSignInRule
          settings={settings.data}
          admins={admins}
          draft={shown}
          onChange={setDraft}
        />
      </ul>
      <FormActions submit="Save sign-in rules" busy={saving.isPending} />
    </FormCard>
  );
}

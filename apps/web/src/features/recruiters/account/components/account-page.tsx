import { useRef, useState, type FormEvent } from 'react';
import type { FieldError } from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api';
import { ApiTokens } from './api-tokens';
import { Passkeys } from './passkeys';
import { CalendarFeed } from './calendar-feed';
import { YourSessions } from './sessions';
import { TwoStepSignIn } from './two-step';
import { WorkingHours } from '../../interviews/components/working-hours';
import { ApplicationNoticesSetting } from '../../notifications/components/application-notices';
import { ROLE_LABELS } from '../../common/routes';
import { useSession } from '../../common/session';
import { ErrorNote } from '../../common/components/status';
import {
  PASSWORD_HINT,
  TextField,
  fieldErrorFor,
  focusFirstInvalid,
  FormActions,
} from '../../common/components/fields';
import { PageHeading } from '../../common/components/page-heading';

const EMPTY = { currentPassword: '', newPassword: '' };

/** The signed-in person's own account: who they are, their password, their API tokens. */
export default function AccountPage() {
  const { user } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const changing = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setDone(false);
    changing.mutate(form, {
      onSuccess: () => {
        setErrors([]);
        setForm(EMPTY);
        setDone(true);
      },
      onError: (failure) => {
        const apiError = failure instanceof ApiError ? failure : undefined;
        setErrors(apiError?.fieldErrors ?? []);
        // Field errors stand beside their fields; the note above says what happened.
        setMessage(
          apiError?.fieldErrors.length
            ? 'Your password was not changed: please correct the field marked below.'
            : (apiError?.message ?? 'Your password was not changed.'),
        );
        focusFirstInvalid(formRef.current);
      },
    });
  };

  return (
    <>
      <PageHeading title="Your account" />
      <p>
        {user.name} · {user.email} · {ROLE_LABELS[user.role]}
      </p>
      <section className="rc-card" aria-labelledby="password-heading">
        <h2 id="password-heading">Change your password</h2>
        <p>Every other session of yours ends; you stay signed in here.</p>
        {message ? <ErrorNote message={message} /> : null}
        <p role="status" className="rc-muted">
          {done ? 'Your password was changed.' : ''}
        </p>
        <form ref={formRef} className="rc-form" onSubmit={submit} noValidate>
          <div className="rc-grid">
            <TextField
              id="account-currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={form.currentPassword}
              error={fieldErrorFor(errors, 'currentPassword')}
              onChange={(value) => setForm((current) => ({ ...current, currentPassword: value }))}
            />
            <TextField
              id="account-newPassword"
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={PASSWORD_HINT}
              value={form.newPassword}
              error={fieldErrorFor(errors, 'newPassword')}
              onChange={(value) => setForm((current) => ({ ...current, newPassword: value }))}
            />
          </div>
          <FormActions submit="Change password" busy={changing.isPending} />
        </form>
      </section>
      <TwoStepSignIn />
      <YourSessions />
      <Passkeys />
      <WorkingHours />
      <ApplicationNoticesSetting />
      <ApiTokens />
      <CalendarFeed />
    </>
  );
}

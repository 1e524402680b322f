import { useRef, useState, type FormEvent } from 'react';
import {
  userRoleSchema,
  type ConsoleUser,
  type FieldError,
  type UserPatch,
  type UserRole,
} from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';
import { consoleApi } from './api';
import { useSession } from './session';
import {
  ErrorNote,
  ListTable,
  PASSWORD_HINT,
  PageHeading,
  Pending,
  TextField,
  When,
  fieldErrorFor,
  focusFirstInvalid,
} from './ui';
import { useResource } from '@/lib/use-resource';

const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', recruiter: 'Recruiter' };

function AddUser({ onAdded }: { onAdded: (name: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState({ Email: '', Name: '', Role: 'recruiter', Password: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const role = userRoleSchema.safeParse(form.Role);
    setBusy(true);
    setMessage(null);
    consoleApi.createUser({ ...form, Role: role.success ? role.data : 'recruiter' }).then(
      () => {
        setBusy(false);
        setErrors([]);
        onAdded(form.Name);
        setForm({ Email: '', Name: '', Role: 'recruiter', Password: '' });
      },
      (failure: unknown) => {
        setBusy(false);
        const apiError = failure instanceof ApiError ? failure : undefined;
        setErrors(apiError?.fieldErrors ?? []);
        setMessage(apiError?.message ?? 'The account was not added.');
        focusFirstInvalid(formRef.current);
      },
    );
  };

  const field = (
    name: 'Email' | 'Name' | 'Password',
    label: string,
    type: string,
    hint?: string,
  ) => (
    <TextField
      id={`user-${name}`}
      label={label}
      type={type}
      value={form[name]}
      autoComplete={name === 'Password' ? 'new-password' : 'off'}
      error={fieldErrorFor(errors, name)}
      hint={hint}
      onChange={(value) => setForm((current) => ({ ...current, [name]: value }))}
    />
  );

  return (
    <section className="rc-card" aria-labelledby="add-user-heading">
      <h2 id="add-user-heading">Add a person</h2>
      {message ? <ErrorNote message={message} /> : null}
      <form ref={formRef} className="rc-form" onSubmit={submit} noValidate>
        <div className="rc-grid">
          {field('Email', 'Email', 'email')}
          {field('Name', 'Name', 'text')}
          <div className="rc-field">
            <label htmlFor="user-Role">Role</label>
            <select
              id="user-Role"
              value={form.Role}
              onChange={(event) => setForm((current) => ({ ...current, Role: event.target.value }))}
            >
              <option value="recruiter">Recruiter</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          {field('Password', 'Password', 'password', PASSWORD_HINT)}
        </div>
        <div className="rc-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Add person
          </button>
        </div>
      </form>
    </section>
  );
}

function UserRow({
  user,
  isSelf,
  onChange,
}: {
  user: ConsoleUser;
  isSelf: boolean;
  onChange: (patch: UserPatch, done: string) => Promise<boolean>;
}) {
  const [password, setPassword] = useState('');
  const [showReset, setShowReset] = useState(false);
  const passwordId = `reset-${user.UserID}`;
  return (
    <tr>
      <td data-label="Name">
        {user.Name}
        <span className="rc-sub">{user.Email}</span>
      </td>
      <td data-label="Role">
        <label className="visually-hidden" htmlFor={`role-${user.UserID}`}>
          Role of {user.Name}
        </label>
        <select
          id={`role-${user.UserID}`}
          value={user.Role}
          disabled={isSelf}
          onChange={(event) => {
            const role = userRoleSchema.safeParse(event.target.value);
            if (role.success)
              void onChange({ Role: role.data }, `${user.Name} is now ${ROLE_LABELS[role.data]}.`);
          }}
        >
          <option value="recruiter">Recruiter</option>
          <option value="admin">Admin</option>
        </select>
      </td>
      <td data-label="Status">{user.IsActive ? 'Active' : 'Deactivated'}</td>
      <td data-label="Last sign-in">
        {user.LastSignInOn ? <When iso={user.LastSignInOn} /> : 'Never'}
      </td>
      <td data-label="Actions" className="rc-actions">
        {isSelf ? (
          <span className="rc-muted">You</span>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              void onChange(
                { IsActive: !user.IsActive },
                user.IsActive ? `${user.Name} is deactivated.` : `${user.Name} is active again.`,
              )
            }
          >
            {user.IsActive ? 'Deactivate' : 'Reactivate'}
            <span className="visually-hidden"> {user.Name}</span>
          </button>
        )}
        {showReset ? (
          <form
            className="rc-inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void onChange({ Password: password }, `${user.Name}'s password is reset.`).then(
                (ok) => {
                  if (ok) {
                    setPassword('');
                    setShowReset(false);
                  }
                },
              );
            }}
          >
            <label htmlFor={passwordId}>New password for {user.Name}</label>
            <input
              id={passwordId}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button type="submit" className="button button--primary">
              Set password
            </button>
          </form>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setShowReset(true)}
          >
            Reset password<span className="visually-hidden"> of {user.Name}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** Admins: the accounts, adding one, changing a role, deactivating, resetting a password. */
export default function UsersPage() {
  const { User: me } = useSession();
  const [users, reload] = useResource('users', (signal) => consoleApi.users(signal), {
    keepWhileReloading: true,
  });
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const change = (user: ConsoleUser) => (patch: UserPatch, done: string) =>
    consoleApi.updateUser(user.UserID, patch).then(
      () => {
        setNotice({ kind: 'ok', text: done });
        reload();
        return true;
      },
      (failure: unknown) => {
        setNotice({
          kind: 'error',
          text: failure instanceof ApiError ? failure.message : 'The change was not saved.',
        });
        return false;
      },
    );

  return (
    <>
      <PageHeading title="Users" />
      <div aria-live="polite">
        {notice?.kind === 'ok' ? <p className="rc-alert rc-alert--ok">{notice.text}</p> : null}
      </div>
      {notice?.kind === 'error' ? <ErrorNote message={notice.text} /> : null}
      <Pending resource={users} what="users" onRetry={reload} />
      {users.status === 'ready' ? (
        <ListTable
          caption="Accounts"
          columns={['Name', 'Role', 'Status', 'Last sign-in', 'Actions']}
        >
          {users.data.map((user) => (
            <UserRow
              key={user.UserID}
              user={user}
              isSelf={user.UserID === me.UserID}
              onChange={change(user)}
            />
          ))}
        </ListTable>
      ) : null}
      <AddUser
        onAdded={(name) => {
          setNotice({ kind: 'ok', text: `${name} is added.` });
          reload();
        }}
      />
    </>
  );
}

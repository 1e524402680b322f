import { useRef, useState, type FormEvent } from 'react';
import {
  consolePagePaths,
  userRoleSchema,
  type ConsoleUser,
  type FieldError,
  type UserPatch,
  type UserRole,
} from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { usersApi } from '../api';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { useSession } from '../../shared/session';
import { ErrorNote, Pending } from '../../shared/components/status';
import { ListTable } from '../../shared/components/list-table';
import {
  PASSWORD_HINT,
  TextField,
  fieldErrorFor,
  focusFirstInvalid,
} from '../../shared/components/fields';
import { PageHeading } from '../../shared/components/page-heading';
import { When } from '../../shared/components/when';
import { EmailText } from '../../shared/components/email-text';
import { useResource } from '@/lib/use-resource';
import { ROLE_LABELS } from '../../shared/routes';
import './users-page.css';

/** Every role, as the select offers it (compliance: the self-identification report only). */
const roleOptions = Object.entries(ROLE_LABELS).map(([role, label]) => (
  <option key={role} value={role}>
    {label}
  </option>
));

/** What a role may do, said when a role is about to change (docs/recruiters.md, "Roles"). */
const ROLE_POWERS: Record<UserRole, string> = {
  admin:
    'Admins can also add and deactivate accounts, change roles, read the audit log and erase a person’s data.',
  recruiter:
    'Recruiters post openings and review applicants; they can no longer manage accounts, read the audit log or erase data.',
  compliance:
    'Compliance people read only the self-identification report (counts per opening); they can no longer open openings, applicants or resumes.',
};

/** A change waiting for the admin's yes: a new role, or an account's access. */
type Pending = { kind: 'role'; role: UserRole } | { kind: 'active'; isActive: boolean };

function AddUser({ onAdded }: { onAdded: (name: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState({ email: '', name: '', role: 'recruiter', password: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const role = userRoleSchema.safeParse(form.role);
    setBusy(true);
    setMessage(null);
    usersApi.createUser({ ...form, role: role.success ? role.data : 'recruiter' }).then(
      () => {
        setBusy(false);
        setErrors([]);
        onAdded(form.name);
        setForm({ email: '', name: '', role: 'recruiter', password: '' });
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
    name: 'email' | 'name' | 'password',
    label: string,
    type: string,
    hint?: string,
  ) => (
    <TextField
      id={`user-${name}`}
      label={label}
      type={type}
      value={form[name]}
      autoComplete={name === 'password' ? 'new-password' : 'off'}
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
          {field('email', 'Email', 'email')}
          {field('name', 'Name', 'text')}
          <div className="rc-field">
            <label htmlFor="user-role">Role</label>
            <select
              id="user-role"
              value={form.role}
              onChange={(event) => setForm((current) => ({ ...current, role: event.target.value }))}
            >
              {roleOptions}
            </select>
          </div>
          {field('password', 'Password', 'password', PASSWORD_HINT)}
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
  const [pending, setPending] = useState<Pending>();
  // A role the server took, shown until the list's reload brings it: between the two the row
  // would show the old role, and choosing that one again would ask nothing.
  const [savedRole, setSavedRole] = useState<UserRole>();
  // Once the reload has brought it, the list's own value is shown again (a later change by
  // someone else then shows too).
  if (savedRole !== undefined && savedRole === user.role) setSavedRole(undefined);
  const role = savedRole ?? user.role;
  const [busy, setBusy] = useState(false);
  const passwordId = `reset-${user.userId}`;
  const confirm = () => {
    if (!pending) return;
    setBusy(true);
    const done =
      pending.kind === 'role'
        ? onChange({ role: pending.role }, `${user.name} is now ${ROLE_LABELS[pending.role]}.`)
        : onChange(
            { isActive: pending.isActive },
            pending.isActive ? `${user.name} is active again.` : `${user.name} is deactivated.`,
          );
    void done.then((saved) => {
      if (saved && pending.kind === 'role') setSavedRole(pending.role);
      setBusy(false);
      setPending(undefined);
    });
  };
  return (
    <tr>
      <td data-label="Name">
        {user.name}
        <EmailText className="rc-sub" email={user.email} />
      </td>
      <td data-label="Role">
        <label className="visually-hidden" htmlFor={`role-${user.userId}`}>
          Role of {user.name}
        </label>
        <select
          id={`role-${user.userId}`}
          value={pending?.kind === 'role' ? pending.role : role}
          disabled={isSelf}
          onChange={(event) => {
            const chosen = userRoleSchema.safeParse(event.target.value);
            // Nothing changes until the admin says yes in the dialog.
            if (chosen.success && chosen.data !== role)
              setPending({ kind: 'role', role: chosen.data });
          }}
        >
          {roleOptions}
        </select>
      </td>
      <td data-label="Status">{user.isActive ? 'Active' : 'Deactivated'}</td>
      <td data-label="Last sign-in">
        {user.lastSignInOn ? <When iso={user.lastSignInOn} /> : 'Never'}
      </td>
      <td data-label="Actions" className="rc-actions">
        {/* Two slots, the first as wide as its widest word, so every row's "Reset password"
            starts at the same place. */}
        <div className="rc-user-actions">
          {isSelf ? (
            <span className="rc-muted">You</span>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setPending({ kind: 'active', isActive: !user.isActive })}
            >
              {user.isActive ? 'Deactivate' : 'Reactivate'}
              <span className="visually-hidden"> {user.name}</span>
            </button>
          )}
          {isSelf ? (
            // One's own password changes only with the current one, under "Your account".
            <Link className="button button--secondary" to={consolePagePaths.account}>
              Change your password
            </Link>
          ) : showReset ? (
            <form
              className="rc-inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                void onChange({ password: password }, `${user.name}'s password is reset.`).then(
                  (ok) => {
                    if (ok) {
                      setPassword('');
                      setShowReset(false);
                    }
                  },
                );
              }}
            >
              <label htmlFor={passwordId}>New password for {user.name}</label>
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
              Reset password<span className="visually-hidden"> of {user.name}</span>
            </button>
          )}
        </div>
        {pending?.kind === 'role' ? (
          <ConfirmDialog
            title={`Change ${user.name}’s role to ${ROLE_LABELS[pending.role]}?`}
            confirmLabel="Change role"
            busy={busy}
            onConfirm={confirm}
            onCancel={() => setPending(undefined)}
          >
            <p>{ROLE_POWERS[pending.role]}</p>
          </ConfirmDialog>
        ) : null}
        {pending?.kind === 'active' ? (
          <ConfirmDialog
            title={pending.isActive ? `Reactivate ${user.name}?` : `Deactivate ${user.name}?`}
            confirmLabel={pending.isActive ? 'Reactivate' : 'Deactivate'}
            danger={!pending.isActive}
            busy={busy}
            onConfirm={confirm}
            onCancel={() => setPending(undefined)}
          >
            <p>
              {pending.isActive
                ? `${user.name} can sign in again with their password.`
                : `${user.name} is signed out at once and can no longer sign in or use their API tokens. Their notes and the openings they posted stay.`}
            </p>
          </ConfirmDialog>
        ) : null}
      </td>
    </tr>
  );
}

/** Admins: the accounts, adding one, changing a role, deactivating, resetting a password. */
export default function UsersPage() {
  const { user: me } = useSession();
  const [users, reload] = useResource('users', (signal) => usersApi.users(signal), {
    keepWhileReloading: true,
  });
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const change = (user: ConsoleUser) => (patch: UserPatch, done: string) =>
    usersApi.updateUser(user.userId, patch).then(
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
              key={user.userId}
              user={user}
              isSelf={user.userId === me.userId}
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

import { useRef, useState, type FormEvent } from 'react';
import {
  consolePagePaths,
  userRoleSchema,
  type FieldError,
  type ListedUser,
  type UserPatch,
  type UserRole,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { Link } from '@lumenfield/page-kit';
import { useCreateUser, useResetSecondFactor, usersQuery, useUpdateUser } from '../api';
import { SignInRules } from './sign-in-rules';
import { failureText } from '../../common/api/query-client';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { useSession } from '../../common/session';
import { Pending, NoticeNote, type Notice } from '../../common/components/status';
import { ListTable } from '../../common/components/list-table';
import {
  PASSWORD_HINT,
  TextField,
  fieldErrorFor,
  focusFirstInvalid,
  FormActions,
} from '../../common/components/fields';
import { FormCard } from '../../common/components/form-card';
import { PageHeading } from '../../common/components/page-heading';
import { When } from '../../common/components/when';
import { EmailText } from '../../common/components/email-text';
import { ROLE_LABELS } from '../../common/routes';
import { NamedButton } from '../../common/components/named-button';
import { Modal } from '@/components/modal';
import { SessionList } from '../../account/components/sessions';
import { PasskeyList } from '../../account/components/passkeys';
import { SecondFactorRule } from './second-factor-rule';
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
  hiring_manager:
    'Hiring managers read the openings whose hiring team names them hiring manager, and work on those openings’ applicants (stage, notes, board, CSV, reports); nothing else.',
  interviewer:
    'Interviewers read only the applicants they interview: what they sent and the resume; no notes, stages, openings or reports.',
  editor:
    'Editors change the site’s words (the pages and the blocks they share): drafts, previews, publishing and revisions; they can no longer open openings, applicants or resumes.',
  compliance:
    'Compliance people read only the self-identification report (counts per opening); they can no longer open openings, applicants or resumes.',
};

/** A change waiting for the admin's yes: a new role, or an account's access. */
type Pending =
  { kind: 'role'; role: UserRole } | { kind: 'active'; isActive: boolean } | { kind: 'two-step' };

function AddUser({ onAdded }: { onAdded: (name: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState({ email: '', name: '', role: 'recruiter', password: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const adding = useCreateUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const role = userRoleSchema.safeParse(form.role);
    setMessage(null);
    adding.mutate(
      { ...form, role: role.success ? role.data : 'recruiter' },
      {
        onSuccess: () => {
          setErrors([]);
          onAdded(form.name);
          setForm({ email: '', name: '', role: 'recruiter', password: '' });
        },
        onError: (failure) => {
          const apiError = failure instanceof ApiError ? failure : undefined;
          setErrors(apiError?.fieldErrors ?? []);
          setMessage(apiError?.message ?? 'The account was not added.');
          focusFirstInvalid(formRef.current);
        },
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
    <FormCard
      titleId="add-user-heading"
      title="Add a person"
      message={message}
      formRef={formRef}
      onSubmit={submit}
    >
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
      <FormActions submit="Add person" busy={adding.isPending} />
    </FormCard>
  );
}

function UserRow({
  user,
  isSelf,
  onNotice,
}: {
  user: ListedUser;
  isSelf: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const [password, setPassword] = useState('');
  const [showReset, setShowReset] = useState(false);
  const [showSessions, setShowSessions] = useState(false);
  const [showPasskeys, setShowPasskeys] = useState(false);
  const [pending, setPending] = useState<Pending>();
  const updating = useUpdateUser();
  const resetting = useResetSecondFactor();
  const passwordId = `reset-${user.userId}`;
  const change = (patch: UserPatch, done: string, then?: () => void) =>
    updating.mutate(
      { userId: user.userId, patch },
      {
        onSuccess: () => {
          onNotice({ kind: 'ok', text: done });
          then?.();
        },
        onError: (failure) =>
          onNotice({ kind: 'error', text: failureText(failure, 'The change was not saved.') }),
        onSettled: () => setPending(undefined),
      },
    );
  const resetTwoStep = () =>
    resetting.mutate(user.userId, {
      onSuccess: () =>
        onNotice({
          kind: 'ok',
          text: `${user.name}’s two-step sign-in is reset and they are signed out.`,
        }),
      onError: (failure) =>
        onNotice({ kind: 'error', text: failureText(failure, 'Two-step sign-in was not reset.') }),
      onSettled: () => setPending(undefined),
    });
  const confirm = () => {
    if (!pending || pending.kind === 'two-step') return;
    if (pending.kind === 'role')
      change({ role: pending.role }, `${user.name} is now ${ROLE_LABELS[pending.role]}.`);
    else
      change(
        { isActive: pending.isActive },
        pending.isActive ? `${user.name} is active again.` : `${user.name} is deactivated.`,
      );
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
          value={pending?.kind === 'role' ? pending.role : user.role}
          disabled={isSelf}
          onChange={(event) => {
            const chosen = userRoleSchema.safeParse(event.target.value);
            // Nothing changes until the admin says yes in the dialog.
            if (chosen.success && chosen.data !== user.role)
              setPending({ kind: 'role', role: chosen.data });
          }}
        >
          {roleOptions}
        </select>
      </td>
      <td data-label="Status">{user.isActive ? 'Active' : 'Deactivated'}</td>
      <td data-label="Two-step">{user.twoStep ? 'On' : 'Off'}</td>
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
            <NamedButton
              label={user.isActive ? 'Deactivate' : 'Reactivate'}
              name={user.name}
              onClick={() => setPending({ kind: 'active', isActive: !user.isActive })}
            />
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
                change({ password: password }, `${user.name}'s password is reset.`, () => {
                  setPassword('');
                  setShowReset(false);
                });
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
          {isSelf ? null : (
            <NamedButton
              label="Sessions"
              name={`of ${user.name}`}
              onClick={() => setShowSessions(true)}
            />
          )}
          {isSelf || !user.twoStep ? null : (
            <NamedButton
              label="Reset two-step sign-in"
              name={`of ${user.name}`}
              onClick={() => setPending({ kind: 'two-step' })}
            />
          )}
          {isSelf ? null : (
            <NamedButton
              label="Passkeys"
              name={`of ${user.name}`}
              onClick={() => setShowPasskeys(true)}
            />
          )}
        </div>
        <Modal
          open={showPasskeys}
          onClose={() => setShowPasskeys(false)}
          title={`${user.name}’s passkeys`}
        >
          {showPasskeys ? <PasskeyList userId={user.userId} name={user.name} /> : null}
        </Modal>
        <Modal
          open={showSessions}
          onClose={() => setShowSessions(false)}
          title={`${user.name}’s sessions`}
        >
          {showSessions ? <SessionList userId={user.userId} name={user.name} /> : null}
        </Modal>
        {pending?.kind === 'role' ? (
          <ConfirmDialog
            title={`Change ${user.name}’s role to ${ROLE_LABELS[pending.role]}?`}
            confirmLabel="Change role"
            busy={updating.isPending}
            onConfirm={confirm}
            onCancel={() => setPending(undefined)}
          >
            <p>{ROLE_POWERS[pending.role]}</p>
          </ConfirmDialog>
        ) : null}
        {pending?.kind === 'two-step' ? (
          <ConfirmDialog
            title={`Reset ${user.name}’s two-step sign-in?`}
            confirmLabel="Reset two-step sign-in"
            danger
            busy={resetting.isPending}
            onConfirm={resetTwoStep}
            onCancel={() => setPending(undefined)}
          >
            <p>
              Their authenticator app and recovery codes stop working and they are signed out. Do
              this only once you know it is them asking (they lost their phone). Where two-step
              sign-in is required, they set up a new app at their next sign-in.
            </p>
          </ConfirmDialog>
        ) : null}
        {pending?.kind === 'active' ? (
          <ConfirmDialog
            title={pending.isActive ? `Reactivate ${user.name}?` : `Deactivate ${user.name}?`}
            confirmLabel={pending.isActive ? 'Reactivate' : 'Deactivate'}
            danger={!pending.isActive}
            busy={updating.isPending}
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

/**
 * Admins: the accounts, adding one, changing a role, deactivating, resetting a password, and
 * the sign-in rules.
 */
export default function UsersPage() {
  const { user: me } = useSession();
  const users = useQuery(usersQuery);
  const [notice, setNotice] = useState<Notice>(null);

  return (
    <>
      <PageHeading title="Users" />
      <NoticeNote notice={notice} />
      <Pending query={users} what="users" />
      {users.isSuccess ? (
        <ListTable
          caption="Accounts"
          columns={['Name', 'Role', 'Status', 'Two-step', 'Last sign-in', 'Actions']}
        >
          {users.data.map((user) => (
            <UserRow
              key={user.userId}
              user={user}
              isSelf={user.userId === me.userId}
              onNotice={setNotice}
            />
          ))}
        </ListTable>
      ) : null}
      <AddUser onAdded={(name) => setNotice({ kind: 'ok', text: `${name} is added.` })} />
      {users.isSuccess ? (
        <SignInRules users={users.data} onSaved={(text) => setNotice({ kind: 'ok', text })} />
      ) : null}
      <SecondFactorRule />
    </>
  );
}

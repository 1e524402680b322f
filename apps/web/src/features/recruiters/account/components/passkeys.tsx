import { useRef, useState, type FormEvent } from 'react';
import type { Passkey } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { passkeyFailureText, passkeysQuery, useAddPasskey, useRemovePasskey } from '../api';
import { failureText } from '../../common/api/query-client';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { ErrorNote, Pending } from '../../common/components/status';
import { ListTable } from '../../common/components/list-table';
import { TextField, fieldErrorFor, FormActions } from '../../common/components/fields';
import { When } from '../../common/components/when';
import { NamedButton } from '../../common/components/named-button';
import './passkeys.css';

/**
 * A person's passkeys: name, when added and last used, each with Remove after a confirmation.
 * Yours without `userId`; an admin's view of another person's with `userId` and `name`.
 */
export function PasskeyList({
  userId,
  name,
  onRemoved,
}: {
  userId?: number;
  name?: string;
  /** After a removal, with what the status line should say. */
  onRemoved?: (status: string) => void;
}) {
  const passkeys = useQuery(passkeysQuery(userId));
  const removing = useRemovePasskey(userId);
  const [asked, setAsked] = useState<Passkey | null>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = passkeys.isSuccess ? passkeys.data.passkeys : [];
  const own = userId === undefined;
  const whose = own ? 'Your' : `${name ?? 'This person'}’s`;

  const remove = (passkey: Passkey) => {
    setFailure(null);
    removing.mutate(passkey.id, {
      onSuccess: () => {
        setAsked(null);
        const said = `Passkey “${passkey.name}” removed.`;
        setStatus(said);
        onRemoved?.(said);
        // Its Remove button is gone: focus goes to the list's heading.
        requestAnimationFrame(() => headingRef.current?.focus());
      },
      onError: (error) => {
        setAsked(null);
        setFailure(failureText(error, 'The passkey was not removed.'));
      },
    });
  };

  return (
    <div className="rc-passkeys__list">
      <h3 ref={headingRef} tabIndex={-1}>
        {whose} passkeys
      </h3>
      {onRemoved ? null : (
        <p role="status" className="rc-muted">
          {status}
        </p>
      )}
      {failure ? <ErrorNote message={failure} /> : null}
      <Pending query={passkeys} what="passkeys" />
      {passkeys.isSuccess && shown.length === 0 ? (
        <p>{own ? 'You have no passkeys yet.' : 'No passkeys.'}</p>
      ) : null}
      {shown.length > 0 ? (
        <ListTable
          caption={`${whose} passkeys`}
          columns={['Name', 'Added', 'Last used', 'Actions']}
        >
          {shown.map((passkey) => (
            <tr key={passkey.id}>
              <td data-label="Name">
                {passkey.name}
                {passkey.synced ? <span className="rc-sub">Synced between devices</span> : null}
              </td>
              <td data-label="Added">
                <When iso={passkey.createdOn} />
              </td>
              <td data-label="Last used">
                {passkey.lastUsedOn ? <When iso={passkey.lastUsedOn} /> : 'Never'}
              </td>
              <td data-label="Actions" className="rc-actions">
                <NamedButton
                  label="Remove"
                  name={`passkey ${passkey.name}`}
                  onClick={() => setAsked(passkey)}
                />
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {asked ? (
        <ConfirmDialog
          title="Remove this passkey?"
          confirmLabel="Remove passkey"
          cancelLabel="Keep"
          danger
          busy={removing.isPending}
          onConfirm={() => remove(asked)}
          onCancel={() => setAsked(null)}
        >
          <p>
            &ldquo;{asked.name}&rdquo; no longer signs {own ? 'you' : (name ?? 'this person')} in.
            The device may still list it: delete it there too.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/**
 * "Passkeys" in Your account: add one (the person names it, then the browser asks the device),
 * and the list with Remove.
 */
export function Passkeys() {
  const adding = useAddPasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const add = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setStatus('');
    if (!name.trim()) {
      setNameError('is required');
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input')?.focus());
      return;
    }
    adding.mutate(name.trim(), {
      onSuccess: (passkey) => {
        setNameError(undefined);
        setName('');
        setStatus(`Passkey “${passkey.name}” added. You can sign in with it now.`);
      },
      onError: (error) => {
        setFailure(passkeyFailureText(error, 'The passkey was not added.'));
        setNameError(fieldErrorFor(error instanceof ApiError ? error.fieldErrors : [], 'name'));
      },
    });
  };

  return (
    <section className="rc-card rc-passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p>
        A passkey signs you in with this device&rsquo;s screen lock (a fingerprint, your face or a
        PIN) instead of your password. It works only on this site, so a look-alike site cannot use
        it.
      </p>
      <p role="status" className="rc-muted">
        {status}
      </p>
      {failure ? <ErrorNote message={failure} /> : null}
      {supported ? (
        <form ref={formRef} className="rc-form" onSubmit={add} noValidate>
          <div className="rc-grid">
            <TextField
              id="passkey-name"
              label="Name"
              hint="Which device it is on, such as “Work laptop”."
              value={name}
              error={nameError}
              onChange={setName}
            />
          </div>
          <FormActions submit="Add a passkey" busy={adding.isPending} />
        </form>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
      <PasskeyList onRemoved={setStatus} />
    </section>
  );
}

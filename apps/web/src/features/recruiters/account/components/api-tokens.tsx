import { useRef, useState, type FormEvent } from 'react';
import type { ApiToken, ApiTokenCreated } from '@lumenfield/contract';
import { Modal } from '@/components/modal';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { tokensQuery, useCreateToken, useRevokeToken } from '../api';
import { failureText } from '../../common/api/query-client';
import { ErrorNote, Pending } from '../../common/components/status';
import { ListTable } from '../../common/components/list-table';
import { TextField, fieldErrorFor, FormActions } from '../../common/components/fields';
import { When } from '../../common/components/when';
import { CopyField } from './copy-field';
import { NamedButton } from '../../common/components/named-button';
import './api-tokens.css';

/** The new token's secret, shown this once: a read-only field to copy it from. */
function NewSecret({ created, onCopied }: { created: ApiTokenCreated; onCopied: () => void }) {
  return (
    <div className="rc-alert rc-alert--ok">
      <CopyField
        id="new-token-secret"
        label={`Your new token “${created.token.name}”`}
        value={created.secret}
        hint="Copy it now and keep it like a password: it will not be shown again."
        focus
        onCopied={onCopied}
      />
    </div>
  );
}

/**
 * "API tokens" in Your account: make a named token (its secret shown once), see when each was
 * made and last used, revoke one after a confirmation.
 */
export function ApiTokens() {
  const tokens = useQuery(tokensQuery);
  const creating = useCreateToken();
  const revoking = useRevokeToken();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [asked, setAsked] = useState<ApiToken | null>(null);
  const busy = creating.isPending || revoking.isPending;
  const nameRef = useRef<HTMLFormElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const shown = tokens.isSuccess ? tokens.data : [];

  const create = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setStatus('');
    setCreated(null);
    creating.mutate(name, {
      onSuccess: (answer) => {
        setNameError(undefined);
        setName('');
        setCreated(answer);
        setStatus('Token created.');
      },
      onError: (error) => {
        setFailure(failureText(error, 'The token was not created.'));
        setNameError(fieldErrorFor(error instanceof ApiError ? error.fieldErrors : [], 'name'));
        requestAnimationFrame(() =>
          nameRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
      },
    });
  };

  const revoke = (token: ApiToken) => {
    setFailure(null);
    revoking.mutate(token.id, {
      onSuccess: () => {
        setAsked(null);
        if (created?.token.id === token.id) setCreated(null);
        setStatus(`Token “${token.name}” revoked.`);
        // Its Revoke button is gone: focus goes to the list's heading instead of the page's end.
        requestAnimationFrame(() => listHeadingRef.current?.focus());
      },
      onError: (error) => {
        setAsked(null);
        setFailure(failureText(error, 'The token was not revoked.'));
      },
    });
  };

  return (
    <section className="rc-card rc-tokens" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">API tokens</h2>
      <p>
        A token lets a script call the console&rsquo;s API as you, with your role: send it as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. Anyone who holds it can do what you can,
        so give each script its own and revoke the ones you no longer use.
      </p>
      <p role="status" className="rc-muted">
        {status}
      </p>
      {failure ? <ErrorNote message={failure} /> : null}
      {created ? <NewSecret created={created} onCopied={() => setStatus('Token copied.')} /> : null}
      <form ref={nameRef} className="rc-form" onSubmit={create} noValidate>
        <div className="rc-grid">
          <TextField
            id="token-name"
            label="Name"
            hint="What it is for, such as “Nightly CSV export”."
            value={name}
            error={nameError}
            onChange={setName}
          />
        </div>
        <FormActions submit="Create token" busy={busy} />
      </form>
      <h3 ref={listHeadingRef} tabIndex={-1}>
        Your tokens
      </h3>
      <Pending query={tokens} what="tokens" />
      {tokens.isSuccess && shown.length === 0 ? <p>You have no tokens.</p> : null}
      {shown.length > 0 ? (
        <ListTable caption="Your API tokens" columns={['Name', 'Created', 'Last used', 'Actions']}>
          {shown.map((token) => (
            <tr key={token.id}>
              <td data-label="Name">{token.name}</td>
              <td data-label="Created">
                <When iso={token.createdOn} />
              </td>
              <td data-label="Last used">
                {token.lastUsedOn ? <When iso={token.lastUsedOn} /> : 'Never'}
              </td>
              <td data-label="Actions" className="rc-actions">
                <NamedButton label="Revoke" name={token.name} onClick={() => setAsked(token)} />
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      <Modal
        open={asked !== null}
        onClose={() => setAsked(null)}
        title="Revoke this token?"
        role="alertdialog"
      >
        <p>
          Scripts that use &ldquo;{asked?.name}&rdquo; stop working at once. This cannot be undone.
        </p>
        <div className="rc-form__actions">
          <button
            type="button"
            className="button rc-button--danger"
            disabled={busy}
            onClick={() => asked && revoke(asked)}
          >
            Revoke token
          </button>
          <button
            type="button"
            className="button button--secondary"
            data-autofocus
            onClick={() => setAsked(null)}
          >
            Keep
          </button>
        </div>
      </Modal>
    </section>
  );
}

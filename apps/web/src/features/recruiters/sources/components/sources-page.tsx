import { useRef, useState, type FormEvent } from 'react';
import {
  counted,
  sourceKindLabels,
  sourceKinds,
  type FieldError,
  type OpeningChoice,
  type Source,
  type SourceKind,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import {
  sourcesQuery,
  useCreateLink,
  useCreateSource,
  useDeleteSource,
  useSetLinkActive,
} from '../api';
import { jobChoicesQuery } from '../../openings/api';
import { usersQuery } from '../../users/api';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { useSession } from '../../common/session';
import '../../messages/components/messages.css';
import { Pending, NoticeNote, type Notice } from '../../common/components/status';
import { ListTable } from '../../common/components/list-table';
import { FormCard } from '../../common/components/form-card';
import { PageHeading } from '../../common/components/page-heading';
import {
  TextField,
  fieldErrorFor,
  focusFirstInvalid,
  FormActions,
} from '../../common/components/fields';
import { TitledCard } from '../../common/components/titled-card';
import { NamedButton } from '../../common/components/named-button';

type Opening = OpeningChoice;

const failed = (failure: unknown, fallback: string) =>
  failure instanceof ApiError ? failure.message : fallback;

/** The link as a visitor is given it: the site's origin and /r/<token>. */
const fullLink = (path: string) => `${window.location.origin}${path}`;

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        window.setTimeout(() => setCopied(false), 2000);
      },
      () => setCopied(false),
    );
  };
  return <NamedButton label={copied ? 'Copied' : 'Copy'} name={label} onClick={copy} />;
}

function NewLinkForm({
  source,
  openings,
  onMade,
}: {
  source: Source;
  openings: Opening[];
  onMade: (notice: Notice) => void;
}) {
  const [jobId, setJobId] = useState('');
  const making = useCreateLink();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (making.isPending) return;
    making.mutate(
      { sourceId: source.id, jobId: jobId ? Number(jobId) : null },
      {
        onSuccess: (link) =>
          onMade({ kind: 'ok', text: `New link for ${source.name}: ${fullLink(link.path)}` }),
        onError: (failure) =>
          onMade({ kind: 'error', text: failed(failure, 'The link was not made.') }),
      },
    );
  };
  const id = `link-opening-${source.id}`;
  return (
    <form className="rc-filters" onSubmit={submit} aria-label={`New link for ${source.name}`}>
      <div className="rc-field">
        <label htmlFor={id}>Lands on</label>
        <select id={id} value={jobId} onChange={(event) => setJobId(event.target.value)}>
          <option value="">The careers list</option>
          {openings.map((opening) => (
            <option key={opening.id} value={String(opening.id)}>
              {opening.code} · {opening.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary">
        Make link<span className="visually-hidden"> for {source.name}</span>
      </button>
    </form>
  );
}

function SourceCard({
  source,
  openings,
  isAdmin,
  onChanged,
  onDelete,
}: {
  source: Source;
  openings: Opening[];
  isAdmin: boolean;
  onChanged: (notice: Notice) => void;
  onDelete: (source: Source) => void;
}) {
  const switching = useSetLinkActive();
  const toggle = (linkId: number, active: boolean) =>
    switching.mutate(
      { linkId, active },
      {
        onSuccess: () =>
          onChanged({
            kind: 'ok',
            text: active
              ? 'The link is on again: it credits its source.'
              : 'The link is off: it still lands, and credits nothing.',
          }),
        onError: (failure) =>
          onChanged({ kind: 'error', text: failed(failure, 'The link was not changed.') }),
      },
    );
  return (
    <TitledCard
      title={source.name}
      titleId={`source-${source.id}`}
      actions={isAdmin ? [{ label: 'Delete', onClick: () => onDelete(source) }] : undefined}
    >
      <p className="rc-muted">
        {sourceKindLabels[source.kind]}
        {source.referrerName ? ` · referred by ${source.referrerName}` : ''} ·{' '}
        {counted(source.applicants, ['applicant credited', 'applicants credited'])}
      </p>
      {source.links.length === 0 ? (
        <p className="rc-muted">No tracking links yet.</p>
      ) : (
        <ListTable
          caption={`Tracking links for ${source.name}`}
          columns={['Link', 'Lands on', { label: 'Applicants', numeric: true }, 'State', 'Actions']}
        >
          {source.links.map((link) => (
            <tr key={link.id}>
              <td data-label="Link">
                <code className="rc-link-code">{fullLink(link.path)}</code>
              </td>
              <td data-label="Lands on">{link.jobTitle ?? 'The careers list'}</td>
              <td data-label="Applicants" className="rc-num">
                {link.applicants}
              </td>
              <td data-label="State">{link.active ? 'On' : 'Off'}</td>
              <td data-label="Actions" className="rc-actions">
                <CopyButton text={fullLink(link.path)} label={`the link ${link.path}`} />
                <NamedButton
                  label={link.active ? 'Turn off' : 'Turn on'}
                  name={link.path}
                  onClick={() => toggle(link.id, !link.active)}
                />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <NewLinkForm source={source} openings={openings} onMade={onChanged} />
    </TitledCard>
  );
}

const emptySource = { name: '', kind: 'job-board' as SourceKind, referrerUserId: '' };

function NewSourceForm({ onAdded }: { onAdded: (notice: Notice) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(emptySource);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const users = useQuery(usersQuery);
  const adding = useCreateSource();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (adding.isPending) return;
    if (form.name.trim() === '') {
      setErrors([{ field: 'name', message: 'Please give the source a name.' }]);
      setMessage(null);
      window.setTimeout(() => focusFirstInvalid(formRef.current));
      return;
    }
    setMessage(null);
    adding.mutate(
      {
        name: form.name,
        kind: form.kind,
        referrerUserId:
          form.kind === 'referral' && form.referrerUserId ? Number(form.referrerUserId) : null,
      },
      {
        onSuccess: () => {
          setErrors([]);
          onAdded({ kind: 'ok', text: `“${form.name.trim()}” is added. Make its links below.` });
          setForm(emptySource);
        },
        onError: (failure) => {
          // What was typed stays: the sentence says what to change.
          setErrors(failure instanceof ApiError ? (failure.fieldErrors ?? []) : []);
          setMessage(failed(failure, 'The source was not added.'));
          focusFirstInvalid(formRef.current);
        },
      },
    );
  };
  return (
    <FormCard
      titleId="new-source-heading"
      title="New source"
      message={message}
      formRef={formRef}
      onSubmit={submit}
    >
      <TextField
        id="source-name"
        label="Name"
        hint="As recruiters will read it: “LinkedIn”, “Spring career fair”."
        value={form.name}
        error={fieldErrorFor(errors, 'name')}
        onChange={(name) => setForm((current) => ({ ...current, name }))}
      />
      <div className="rc-field">
        <label htmlFor="source-kind">Kind</label>
        <select
          id="source-kind"
          value={form.kind}
          onChange={(event) =>
            setForm((current) => ({ ...current, kind: event.target.value as SourceKind }))
          }
        >
          {sourceKinds.map((kind) => (
            <option key={kind} value={kind}>
              {sourceKindLabels[kind]}
            </option>
          ))}
        </select>
      </div>
      {form.kind === 'referral' ? (
        <div className="rc-field">
          <label htmlFor="source-referrer">Referred by (optional)</label>
          <select
            id="source-referrer"
            value={form.referrerUserId}
            onChange={(event) =>
              setForm((current) => ({ ...current, referrerUserId: event.target.value }))
            }
          >
            <option value="">Nobody in particular</option>
            {users.isSuccess
              ? users.data.map((user) => (
                  <option key={user.userId} value={String(user.userId)}>
                    {user.name}
                  </option>
                ))
              : null}
          </select>
        </div>
      ) : null}
      <FormActions submit="Add source" />
    </FormCard>
  );
}

/**
 * Sources (docs/recruiters.md, "Sources"): admins name where applicants come from; admins and
 * recruiters make tracking links `/r/<token>` for a source, per opening or for the careers list.
 */
export default function SourcesPage() {
  const { user } = useSession();
  const isAdmin = user.role === 'admin';
  const overview = useQuery(sourcesQuery);
  const openings: Opening[] = useQuery(jobChoicesQuery).data ?? [];
  const [notice, setNotice] = useState<Notice>(null);
  const [deleting, setDeleting] = useState<Source>();
  const removing = useDeleteSource();
  const remove = () => {
    if (!deleting) return;
    removing.mutate(deleting.id, {
      onSuccess: () =>
        setNotice({
          kind: 'ok',
          text: `“${deleting.name}” is deleted. Its links still land, and credit nothing.`,
        }),
      onError: (failure) =>
        setNotice({ kind: 'error', text: failed(failure, 'The source was not deleted.') }),
      onSettled: () => setDeleting(undefined),
    });
  };
  return (
    <>
      <PageHeading title="Sources" />
      <p className="rc-muted">
        Where applicants come from. Share a source’s tracking link; whoever applies after following
        it is credited to that source.
        {isAdmin ? '' : ' Only admins add and delete sources.'}
      </p>
      <NoticeNote notice={notice} />
      <div className="rc-columns">
        <div className="rc-columns__main">
          <Pending query={overview} what="sources" />
          {overview.isSuccess && overview.data.sources.length === 0 ? (
            <p className="rc-card rc-muted">
              No sources yet.{isAdmin ? ' Add the first one.' : ' An admin adds them.'}
            </p>
          ) : null}
          {overview.isSuccess
            ? overview.data.sources.map((source) => (
                <SourceCard
                  key={source.id}
                  source={source}
                  openings={openings}
                  isAdmin={isAdmin}
                  onChanged={setNotice}
                  onDelete={setDeleting}
                />
              ))
            : null}
        </div>
        {isAdmin ? (
          <div className="rc-columns__side">
            <NewSourceForm onAdded={setNotice} />
          </div>
        ) : null}
      </div>
      {deleting ? (
        <ConfirmDialog
          title={`Delete “${deleting.name}”?`}
          confirmLabel="Delete source"
          danger
          busy={removing.isPending}
          onConfirm={remove}
          onCancel={() => setDeleting(undefined)}
        >
          <p>
            Its tracking links keep landing on their pages but credit nobody from now on. Applicants
            already credited keep the name.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import {
  counted,
  type FieldError,
  type MessageTemplate,
  type RejectionReason,
} from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';
import { useQuery } from '@tanstack/react-query';
import {
  reasonsQuery,
  templatesQuery,
  useChangeReason,
  useCreateReason,
  useDeleteTemplate,
  useSaveTemplate,
} from '../api';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { PlaceholderList } from './placeholder-list';
import { useSession } from '../../common/session';
import { NamedButton } from '../../common/components/named-button';
import './messages.css';
import { Pending, NoticeNote, type Notice } from '../../common/components/status';
import {
  FieldFrame,
  TextField,
  fieldErrorFor,
  focusFirstInvalid,
  FormActions,
} from '../../common/components/fields';
import { FormCard } from '../../common/components/form-card';
import { PageHeading } from '../../common/components/page-heading';
import { TitledCard } from '../../common/components/titled-card';
import { When } from '../../common/components/when';

const failed = (failure: unknown, fallback: string) =>
  failure instanceof ApiError ? failure.message : fallback;

const emptyTemplate = { name: '', subject: '', body: '' };

function TemplateForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: MessageTemplate | undefined;
  onSaved: (template: MessageTemplate, created: boolean) => void;
  onCancel: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(
    editing ? { name: editing.name, subject: editing.subject, body: editing.body } : emptyTemplate,
  );
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const saving = useSaveTemplate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving.isPending) return;
    setMessage(null);
    saving.mutate(
      { id: editing?.templateId, body: form },
      {
        onSuccess: (saved) => {
          setErrors([]);
          if (!editing) setForm(emptyTemplate);
          onSaved(saved, !editing);
        },
        onError: (failure) => {
          // What was typed stays: the sentence says what to change.
          setErrors(failure instanceof ApiError ? (failure.fieldErrors ?? []) : []);
          setMessage(failed(failure, 'The template was not saved.'));
          focusFirstInvalid(formRef.current);
        },
      },
    );
  };
  const set = (name: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [name]: value }));
  const bodyError = fieldErrorFor(errors, 'body');
  return (
    <FormCard
      titleId="template-form-heading"
      title={editing ? `Edit “${editing.name}”` : 'New template'}
      message={message}
      formRef={formRef}
      onSubmit={submit}
    >
      <TextField
        id="template-name"
        label="Name"
        hint="For you and your colleagues; the applicant never sees it."
        value={form.name}
        error={fieldErrorFor(errors, 'name')}
        onChange={set('name')}
      />
      <TextField
        id="template-subject"
        label="Subject"
        value={form.subject}
        error={fieldErrorFor(errors, 'subject')}
        onChange={set('subject')}
      />
      <FieldFrame id="template-body" label="Message" error={bodyError}>
        {(control) => (
          <textarea
            {...control}
            aria-describedby={[control['aria-describedby'], 'template-placeholders']
              .filter(Boolean)
              .join(' ')}
            rows={9}
            maxLength={10_000}
            value={form.body}
            onChange={(event) => set('body')(event.target.value)}
          />
        )}
      </FieldFrame>
      <PlaceholderList id="template-placeholders" />
      <FormActions
        submit={editing ? 'Save template' : 'Add template'}
        onCancel={editing ? onCancel : undefined}
      />
    </FormCard>
  );
}

function Templates({
  templates,
  isAdmin,
  onChanged,
}: {
  templates: MessageTemplate[];
  isAdmin: boolean;
  onChanged: (notice: Notice) => void;
}) {
  const [editing, setEditing] = useState<MessageTemplate>();
  const [deleting, setDeleting] = useState<MessageTemplate>();
  const removing = useDeleteTemplate();
  const remove = () => {
    if (!deleting) return;
    removing.mutate(deleting.templateId, {
      onSuccess: () => {
        if (editing?.templateId === deleting.templateId) setEditing(undefined);
        onChanged({ kind: 'ok', text: `“${deleting.name}” is deleted.` });
      },
      onError: (failure) =>
        onChanged({ kind: 'error', text: failed(failure, 'The template was not deleted.') }),
      onSettled: () => setDeleting(undefined),
    });
  };
  return (
    <>
      <section className="rc-card" aria-labelledby="templates-heading">
        <h2 id="templates-heading">Templates</h2>
        {templates.length === 0 ? (
          <p className="rc-muted">
            No templates yet.{isAdmin ? ' Add the first one below.' : ' An admin adds them.'}
          </p>
        ) : null}
        <ul className="rc-templates">
          {templates.map((template) => (
            <TitledCard
              key={template.templateId}
              item
              level={3}
              title={template.name}
              actions={
                isAdmin
                  ? [
                      { label: 'Edit', onClick: () => setEditing(template) },
                      { label: 'Delete', onClick: () => setDeleting(template) },
                    ]
                  : undefined
              }
            >
              <p className="rc-templates__subject">
                <span className="rc-muted">Subject:</span> {template.subject}
              </p>
              {/* A long message scrolls in its box: a keyboard reaches it too (WCAG 2.1.1). */}
              <div
                className="rc-message-body"
                role="region"
                tabIndex={0}
                aria-label={`The message of “${template.name}”`}
              >
                {template.body}
              </div>
              <p className="rc-muted rc-templates__when">
                Last changed <When iso={template.updatedOn} />
              </p>
            </TitledCard>
          ))}
        </ul>
      </section>
      {isAdmin ? (
        <TemplateForm
          key={editing?.templateId ?? 'new'}
          editing={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(saved, created) => {
            setEditing(undefined);
            onChanged({
              kind: 'ok',
              text: created ? `“${saved.name}” is added.` : `“${saved.name}” is saved.`,
            });
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete the template “${deleting.name}”?`}
          confirmLabel="Delete template"
          danger
          busy={removing.isPending}
          onConfirm={remove}
          onCancel={() => setDeleting(undefined)}
        >
          <p>Messages already sent from it stay on the applicants’ pages as they were sent.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function Reasons({
  reasons,
  isAdmin,
  onChanged,
}: {
  reasons: RejectionReason[];
  isAdmin: boolean;
  onChanged: (notice: Notice) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string>();
  const adding = useCreateReason();
  const changing = useChangeReason();
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (adding.isPending) return;
    if (label.trim() === '') {
      setError('Write the reason first.');
      focusFirstInvalid(formRef.current);
      return;
    }
    adding.mutate(label, {
      onSuccess: (made) => {
        setLabel('');
        setError(undefined);
        onChanged({ kind: 'ok', text: `“${made.label}” is added.` });
      },
      onError: (failure) => {
        setError(failed(failure, 'The reason was not added.'));
        focusFirstInvalid(formRef.current);
      },
    });
  };
  /** Retires or offers again (`retired` set), or removes the reason. */
  const act = (reason: RejectionReason, retired: boolean | undefined, done: string) =>
    changing.mutate(
      { id: reason.reasonId, ...(retired === undefined ? {} : { retired }) },
      {
        onSuccess: () => onChanged({ kind: 'ok', text: done }),
        onError: (failure) =>
          onChanged({ kind: 'error', text: failed(failure, `“${reason.label}” was not changed.`) }),
      },
    );
  return (
    <section className="rc-card" aria-labelledby="reasons-heading">
      <h2 id="reasons-heading">Rejection reasons</h2>
      <p className="rc-muted">
        A recruiter picks one whenever they reject an applicant. A reason applicants stand rejected
        with is retired rather than removed, so they keep it; once every such rejection is undone,
        it can be removed.
      </p>
      {reasons.length === 0 ? <p className="rc-muted">No reasons yet.</p> : null}
      <ul className="rc-reasons">
        {reasons.map((reason) => (
          <li key={reason.reasonId}>
            <span className="rc-reasons__label">
              {reason.label}
              <span className="rc-sub">
                {reason.retired ? 'Retired · ' : ''}
                {reason.uses === 0
                  ? 'No applicants rejected with it'
                  : `${counted(reason.uses, ['applicant', 'applicants'])} rejected with it`}
              </span>
            </span>
            {isAdmin ? (
              <span className="rc-actions">
                <NamedButton
                  label={reason.retired ? 'Offer again' : 'Retire'}
                  name={reason.label}
                  onClick={() =>
                    act(
                      reason,
                      !reason.retired,
                      reason.retired
                        ? `“${reason.label}” is offered again.`
                        : `“${reason.label}” is retired.`,
                    )
                  }
                />
                {reason.uses === 0 ? (
                  <NamedButton
                    label="Remove"
                    name={reason.label}
                    onClick={() => act(reason, undefined, `“${reason.label}” is removed.`)}
                  />
                ) : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {isAdmin ? (
        <form ref={formRef} className="rc-form rc-reasons__add" onSubmit={add} noValidate>
          <TextField
            id="reason-label"
            label="New reason"
            hint="Short, as a report would list it: “Position filled”."
            value={label}
            error={error}
            onChange={setLabel}
          />
          <FormActions submit="Add reason" />
        </form>
      ) : null}
    </section>
  );
}

/** Message templates and rejection reasons: admins keep them, recruiters read them. */
export default function MessagesPage() {
  const { user } = useSession();
  const isAdmin = user.role === 'admin';
  const templates = useQuery(templatesQuery);
  const reasons = useQuery(reasonsQuery);
  // Each change loads its list again (messages/api.ts): the page says what happened.
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <>
      <PageHeading title="Messages" />
      <p className="rc-muted">
        What recruiters send to applicants from an applicant’s page.
        {isAdmin ? '' : ' Only admins change templates and reasons.'}
      </p>
      <NoticeNote notice={notice} />
      <div className="rc-columns">
        <div className="rc-columns__main">
          <Pending query={templates} what="templates" />
          {templates.isSuccess ? (
            <Templates templates={templates.data} isAdmin={isAdmin} onChanged={setNotice} />
          ) : null}
        </div>
        <div className="rc-columns__side">
          <Pending query={reasons} what="rejection reasons" />
          {reasons.isSuccess ? (
            <Reasons reasons={reasons.data} isAdmin={isAdmin} onChanged={setNotice} />
          ) : null}
        </div>
      </div>
    </>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import {
  consolePagePaths,
  type ConsoleApplicant,
  type FieldError,
  type MessageDraft,
  type MessagePreview,
} from '@lumenfield/contract';
import { Modal } from '@/components/modal';
import { ApiError } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { useResource } from '@/lib/use-resource';
import { messagesApi } from '../api';
import { PlaceholderList } from './placeholder-list';
import { ErrorNote } from '../../shared/components/status';
import { FieldFrame, TextField, fieldErrorFor } from '../../shared/components/fields';
import './messages.css';
import { RejectionFields } from './rejection-fields';

const failed = (failure: unknown, fallback: string) =>
  failure instanceof ApiError ? failure.message : fallback;

/** A message as the applicant will read it (placeholders filled), before it is sent. */
function PreviewBox({ preview, label }: { preview: MessagePreview; label: string }) {
  return (
    <section className="rc-preview" aria-label={label}>
      <p className="rc-preview__subject">
        <span className="rc-muted">Subject:</span> {preview.subject}
      </p>
      <p className="rc-message-body">{preview.body}</p>
    </section>
  );
}

/** The admins' templates, for a select; loaded once per page. */
export function useTemplates() {
  return useResource('message-templates', (signal) => messagesApi.templates(signal), {
    keepWhileReloading: true,
  });
}

/**
 * A template or a message written here, to the applicant: previewed as they will read it, then
 * sent (queued; the mail goes out within a minute).
 */
export function MessagePanel({
  applicant,
  onSent,
}: {
  applicant: ConsoleApplicant;
  onSent: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [templates] = useTemplates();
  const [mode, setMode] = useState<'template' | 'written'>('template');
  const [templateId, setTemplateId] = useState('');
  const [written, setWritten] = useState({ subject: '', body: '' });
  const [preview, setPreview] = useState<MessagePreview>();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = useRef(false);
  const name = `${applicant.firstName} ${applicant.lastName}`;

  const draft = (): MessageDraft | undefined => {
    if (mode === 'template') {
      if (templateId === '') {
        setErrors([{ field: 'templateId', message: 'Choose a template.' }]);
        return undefined;
      }
      return { templateId: Number(templateId) };
    }
    const missing: FieldError[] = [];
    if (written.subject.trim() === '')
      missing.push({ field: 'subject', message: 'Write a subject.' });
    if (written.body.trim() === '') missing.push({ field: 'body', message: 'Write the message.' });
    if (missing.length > 0) {
      setErrors(missing);
      return undefined;
    }
    return written;
  };

  const run = <T,>(work: Promise<T>, then: (value: T) => void, fallback: string) => {
    busy.current = true;
    setMessage(null);
    work.then(
      (value) => {
        busy.current = false;
        setErrors([]);
        then(value);
      },
      (failure: unknown) => {
        busy.current = false;
        setErrors(failure instanceof ApiError ? (failure.fieldErrors ?? []) : []);
        setMessage(failed(failure, fallback));
        setPreview(undefined);
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setDone(null);
    const body = draft();
    if (!body) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    if (!preview) {
      run(messagesApi.previewMessage(applicant.applicantId, body), setPreview, 'No preview.');
      return;
    }
    run(
      messagesApi.sendMessage(applicant.applicantId, body),
      () => {
        setPreview(undefined);
        setTemplateId('');
        setWritten({ subject: '', body: '' });
        setDone(`Sent to ${name}. It is on the timeline.`);
        onSent();
      },
      'The message was not sent.',
    );
  };
  // Any change to the draft asks for a new preview before it is sent.
  const changed = () => {
    setPreview(undefined);
    setDone(null);
  };
  const list = templates.status === 'ready' ? templates.data : [];

  return (
    <section className="rc-card" aria-labelledby="message-heading">
      <h2 id="message-heading">Message {applicant.firstName}</h2>
      {message ? <ErrorNote message={message} /> : null}
      <form ref={formRef} className="rc-form" onSubmit={submit} noValidate>
        <fieldset className="rc-choice">
          <legend>What to send</legend>
          {(
            [
              ['template', 'A template'],
              ['written', 'A message I write'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="rc-stage-option">
              <input
                type="radio"
                name="message-mode"
                value={value}
                checked={mode === value}
                onChange={() => {
                  setMode(value);
                  setErrors([]);
                  changed();
                }}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {mode === 'template' ? (
          <FieldFrame
            id="message-template"
            label="Template"
            hint={
              list.length === 0 ? 'No templates yet: an admin adds them under Messages.' : undefined
            }
            error={fieldErrorFor(errors, 'templateId')}
          >
            {(control) => (
              <select
                {...control}
                value={templateId}
                onChange={(event) => {
                  setTemplateId(event.target.value);
                  changed();
                }}
              >
                <option value="">Choose a template</option>
                {list.map((template) => (
                  <option key={template.templateId} value={template.templateId}>
                    {template.name}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        ) : (
          <>
            <TextField
              id="message-subject"
              label="Subject"
              value={written.subject}
              error={fieldErrorFor(errors, 'subject')}
              onChange={(subject) => {
                setWritten((current) => ({ ...current, subject }));
                changed();
              }}
            />
            <FieldFrame id="message-body" label="Message" error={fieldErrorFor(errors, 'body')}>
              {(control) => (
                <textarea
                  {...control}
                  aria-describedby={[control['aria-describedby'], 'message-placeholders']
                    .filter(Boolean)
                    .join(' ')}
                  rows={6}
                  maxLength={10_000}
                  value={written.body}
                  onChange={(event) => {
                    setWritten((current) => ({ ...current, body: event.target.value }));
                    changed();
                  }}
                />
              )}
            </FieldFrame>
            <details className="rc-placeholders-help">
              <summary>Placeholders</summary>
              <PlaceholderList id="message-placeholders" />
            </details>
          </>
        )}
        {preview ? <PreviewBox preview={preview} label={`What ${name} will read`} /> : null}
        <div className="rc-form__actions">
          <button type="submit" className="button button--primary">
            {preview ? 'Send message' : 'Preview'}
          </button>
          {preview ? (
            <button type="button" className="button button--secondary" onClick={changed}>
              Change it
            </button>
          ) : null}
        </div>
        <p className="rc-muted" role="status">
          {done}
        </p>
      </form>
    </section>
  );
}

/**
 * Rejecting an applicant: a reason from the admins' list (required) and, if chosen, a rejection
 * mail from a template, shown as the applicant will read it. One step on the server: the stage,
 * the reason, the mail and the audit row together.
 */
export function RejectDialog({
  applicant,
  onClose,
  onRejected,
}: {
  /** Who is rejected: the applicant's page, or a card on the board. */
  applicant: Pick<ConsoleApplicant, 'applicantId' | 'firstName' | 'lastName' | 'email'>;
  onClose: () => void;
  onRejected: () => void;
}) {
  const [reasons] = useResource('rejection-reasons', (signal) => messagesApi.reasons(signal));
  const [templates] = useTemplates();
  const [reasonId, setReasonId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [preview, setPreview] = useState<{ templateId: string; preview: MessagePreview }>();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${applicant.firstName} ${applicant.lastName}`;
  const offered = reasons.status === 'ready' ? reasons.data.filter((r) => !r.retired) : [];
  const list = templates.status === 'ready' ? templates.data : [];

  const chooseTemplate = (value: string) => {
    setTemplateId(value);
    setPreview(undefined);
    if (value === '') return;
    messagesApi.previewMessage(applicant.applicantId, { templateId: Number(value) }).then(
      (shown) => setPreview({ templateId: value, preview: shown }),
      (failure: unknown) => setMessage(failed(failure, 'No preview.')),
    );
  };

  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (reasonId === '') {
      setErrors([{ field: 'reasonId', message: 'Choose a reason.' }]);
      document.getElementById('reject-reason')?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    messagesApi
      .reject(applicant.applicantId, {
        reasonId: Number(reasonId),
        templateId: templateId === '' ? null : Number(templateId),
      })
      .then(
        () => {
          setBusy(false);
          onRejected();
        },
        (failure: unknown) => {
          setBusy(false);
          setErrors(failure instanceof ApiError ? (failure.fieldErrors ?? []) : []);
          setMessage(failed(failure, `${name} was not rejected.`));
        },
      );
  };

  return (
    <Modal open onClose={onClose} title={`Reject ${name}?`}>
      <form className="rc-form" onSubmit={reject} noValidate>
        {message ? <ErrorNote message={message} /> : null}
        <RejectionFields
          reasons={reasons}
          templates={list}
          reasonId={reasonId}
          templateId={templateId}
          errors={errors}
          mailHint={`Sent to ${applicant.email} with the rejection.`}
          onReason={(value) => {
            setReasonId(value);
            setErrors([]);
          }}
          onTemplate={chooseTemplate}
        />
        {preview && preview.templateId === templateId ? (
          <PreviewBox preview={preview.preview} label={`The mail ${name} will read`} />
        ) : null}
        <div className="rc-form__actions">
          <button type="submit" className="button rc-button--danger" disabled={busy}>
            {templateId === '' ? 'Reject' : 'Reject and send'}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
        {offered.length === 0 && reasons.status === 'ready' ? (
          <p className="rc-muted">
            <Link to={consolePagePaths.messages}>Rejection reasons</Link>
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

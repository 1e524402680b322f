import { useRef, useState, type FormEvent } from 'react';
import type {
  ConsoleApplicant,
  FieldError,
  MessageDraft,
  MessagePreview,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { templatesQuery, usePreviewMessage, useSendMessage } from '../api';
import { PlaceholderList } from './placeholder-list';
import { PreviewBox } from './preview-box';
import { failureText } from '../../common/api/query-client';
import { DoneNote } from '../../common/components/status';
import { FormCard } from '../../common/components/form-card';
import { FieldFrame, TextField, fieldErrorFor, FormActions } from '../../common/components/fields';
import { RadioChoices } from '../../common/components/radio-choices';
import './messages.css';

const MODE_LABELS = { template: 'A template', written: 'A message I write' } as const;

/**
 * A template or a message written here, to the applicant: previewed as they will read it, then
 * sent (queued; the mail goes out within a minute).
 */
export function MessagePanel({ applicant }: { applicant: ConsoleApplicant }) {
  const formRef = useRef<HTMLFormElement>(null);
  const templates = useQuery(templatesQuery);
  const previewing = usePreviewMessage();
  const sending = useSendMessage();
  const [mode, setMode] = useState<'template' | 'written'>('template');
  const [templateId, setTemplateId] = useState('');
  const [written, setWritten] = useState({ subject: '', body: '' });
  const [preview, setPreview] = useState<MessagePreview>();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = previewing.isPending || sending.isPending;
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

  const said = {
    onSuccess: () => setErrors([]),
    onError: (failure: Error, fallback: string) => {
      setErrors(failure instanceof ApiError ? (failure.fieldErrors ?? []) : []);
      setMessage(failureText(failure, fallback));
      setPreview(undefined);
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setDone(null);
    const body = draft();
    if (!body) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setMessage(null);
    const sent = { applicantId: applicant.applicantId, draft: body };
    if (!preview) {
      previewing.mutate(sent, {
        onSuccess: (shown) => {
          said.onSuccess();
          setPreview(shown);
        },
        onError: (failure) => said.onError(failure, 'No preview.'),
      });
      return;
    }
    // The applicant's page is loaded again to show it on the timeline (messages/api.ts).
    sending.mutate(sent, {
      onSuccess: () => {
        said.onSuccess();
        setPreview(undefined);
        setTemplateId('');
        setWritten({ subject: '', body: '' });
        setDone(`Sent to ${name}. It is on the timeline.`);
      },
      onError: (failure) => said.onError(failure, 'The message was not sent.'),
    });
  };
  // Any change to the draft asks for a new preview before it is sent.
  const changed = () => {
    setPreview(undefined);
    setDone(null);
  };
  const list = templates.data ?? [];

  return (
    <FormCard
      titleId="message-heading"
      title={`Message ${applicant.firstName}`}
      message={message}
      formRef={formRef}
      onSubmit={submit}
    >
      <fieldset className="rc-choice">
        <legend>What to send</legend>
        <RadioChoices
          className="rc-stage-option"
          name="message-mode"
          choices={['template', 'written']}
          labelOf={(choice) => MODE_LABELS[choice]}
          value={mode}
          onChange={(choice) => {
            setMode(choice);
            setErrors([]);
            changed();
          }}
        />
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
      <FormActions submit={preview ? 'Send message' : 'Preview'}>
        {preview ? (
          <button type="button" className="button button--secondary" onClick={changed}>
            Change it
          </button>
        ) : null}
      </FormActions>
      <DoneNote>{done}</DoneNote>
    </FormCard>
  );
}

import { useState, type FormEvent } from 'react';
import {
  consolePagePaths,
  type ConsoleApplicant,
  type FieldError,
  type MessagePreview,
  type MessageTemplate,
  type RejectionReason,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '@/components/modal';
import { ApiError } from '@/lib/api-client';
import { Link } from '@lumenfield/page-kit';
import { reasonsQuery, templatesQuery, usePreviewMessage, useReject } from '../api';
import { PreviewBox } from './preview-box';
import { failureText } from '../../common/api/query-client';
import { ErrorNote } from '../../common/components/status';
import { FieldFrame, fieldErrorFor, FormActions } from '../../common/components/fields';
import './messages.css';

/**
 * A rejection's reason (the admins' list, retired ones left out) and its optional mail from a
 * template: the fields the one-applicant dialog and the bulk bar's rejection share.
 */
export function RejectionFields({
  reasons,
  templates,
  reasonId,
  templateId,
  errors,
  mailHint,
  onReason,
  onTemplate,
}: {
  /** The admins' reasons, once loaded. */
  reasons: RejectionReason[] | undefined;
  templates: MessageTemplate[];
  reasonId: string;
  templateId: string;
  errors: FieldError[];
  mailHint: string;
  onReason: (value: string) => void;
  onTemplate: (value: string) => void;
}) {
  const offered = reasons?.filter((r) => !r.retired) ?? [];
  return (
    <>
      <FieldFrame
        id="reject-reason"
        label="Reason"
        hint={
          reasons && offered.length === 0
            ? 'There are no reasons yet: an admin adds them under Messages.'
            : 'Kept with the application, for reports; the applicant does not see it.'
        }
        error={fieldErrorFor(errors, 'reasonId')}
      >
        {(control) => (
          <select
            {...control}
            data-autofocus
            value={reasonId}
            onChange={(event) => onReason(event.target.value)}
          >
            <option value="">Choose a reason</option>
            {offered.map((reason) => (
              <option key={reason.reasonId} value={reason.reasonId}>
                {reason.label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame
        id="reject-template"
        label="Rejection mail"
        hint={mailHint}
        error={fieldErrorFor(errors, 'templateId')}
      >
        {(control) => (
          <select
            {...control}
            value={templateId}
            onChange={(event) => onTemplate(event.target.value)}
          >
            <option value="">No mail</option>
            {templates.map((template) => (
              <option key={template.templateId} value={template.templateId}>
                {template.name}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </>
  );
}

/** A rejection as sent: the reason, and the template of its mail or none. */
export interface RejectionChoice {
  reasonId: number;
  templateId: number | null;
}

/**
 * What both rejection dialogs hold: the reasons and templates to choose from, the choice, and
 * its field errors. `fields` are RejectionFields' own props; `chosen()` is the choice to send,
 * or null once it has said that a reason is missing (and moved the focus there).
 */
export function useRejectionChoice() {
  const reasons = useQuery(reasonsQuery).data;
  const templates = useQuery(templatesQuery).data ?? [];
  const [reasonId, setReasonId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const chosen = (): RejectionChoice | null => {
    if (reasonId === '') {
      setErrors([{ field: 'reasonId', message: 'Choose a reason.' }]);
      document.getElementById('reject-reason')?.focus();
      return null;
    }
    return {
      reasonId: Number(reasonId),
      templateId: templateId === '' ? null : Number(templateId),
    };
  };
  const fields = {
    reasons,
    templates,
    reasonId,
    templateId,
    errors,
    onReason: (value: string) => {
      setReasonId(value);
      setErrors([]);
    },
    onTemplate: setTemplateId,
  };
  return { fields, reasons, templateId, setErrors, chosen };
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
  const choice = useRejectionChoice();
  const { reasons, templateId } = choice;
  const previewing = usePreviewMessage();
  const rejecting = useReject();
  const [preview, setPreview] = useState<{ templateId: string; preview: MessagePreview }>();
  const [message, setMessage] = useState<string | null>(null);
  const name = `${applicant.firstName} ${applicant.lastName}`;
  const offered = reasons?.filter((r) => !r.retired) ?? [];

  const chooseTemplate = (value: string) => {
    choice.fields.onTemplate(value);
    setPreview(undefined);
    if (value === '') return;
    previewing.mutate(
      { applicantId: applicant.applicantId, draft: { templateId: Number(value) } },
      {
        onSuccess: (shown) => setPreview({ templateId: value, preview: shown }),
        onError: (failure) => setMessage(failureText(failure, 'No preview.')),
      },
    );
  };

  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (rejecting.isPending) return;
    const rejection = choice.chosen();
    if (!rejection) return;
    setMessage(null);
    rejecting.mutate(
      { applicantId: applicant.applicantId, rejection },
      {
        onSuccess: onRejected,
        onError: (failure) => {
          choice.setErrors(failure instanceof ApiError ? (failure.fieldErrors ?? []) : []);
          setMessage(failureText(failure, `${name} was not rejected.`));
        },
      },
    );
  };

  return (
    <Modal open onClose={onClose} title={`Reject ${name}?`}>
      <form className="rc-form" onSubmit={reject} noValidate>
        {message ? <ErrorNote message={message} /> : null}
        <RejectionFields
          {...choice.fields}
          mailHint={`Sent to ${applicant.email} with the rejection.`}
          onTemplate={chooseTemplate}
        />
        {preview && preview.templateId === templateId ? (
          <PreviewBox preview={preview.preview} label={`The mail ${name} will read`} />
        ) : null}
        <FormActions
          submit={templateId === '' ? 'Reject' : 'Reject and send'}
          danger
          busy={rejecting.isPending}
          onCancel={onClose}
        />
        {offered.length === 0 && reasons ? (
          <p className="rc-muted">
            <Link to={consolePagePaths.messages}>Rejection reasons</Link>
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

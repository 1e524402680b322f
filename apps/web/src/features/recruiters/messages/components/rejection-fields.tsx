import type { FieldError, MessageTemplate, RejectionReason } from '@lumenfield/contract';
import type { Resource } from '@/lib/use-resource';
import { FieldFrame, fieldErrorFor } from '../../shared/components/fields';

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
  reasons: Resource<RejectionReason[]>;
  templates: MessageTemplate[];
  reasonId: string;
  templateId: string;
  errors: FieldError[];
  mailHint: string;
  onReason: (value: string) => void;
  onTemplate: (value: string) => void;
}) {
  const offered = reasons.status === 'ready' ? reasons.data.filter((r) => !r.retired) : [];
  return (
    <>
      <FieldFrame
        id="reject-reason"
        label="Reason"
        hint={
          reasons.status === 'ready' && offered.length === 0
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

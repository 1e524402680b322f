import { useState, type FormEvent } from 'react';
import {
  AUTOMATIC_MAIL_STAGES,
  STAGE_MAIL_HOLD_SECONDS,
  type MessageTemplate,
  type StageTemplates,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../common/api/query-client';
import { FormActions } from '../../common/components/fields';
import { DoneNote, ErrorNote, Pending } from '../../common/components/status';
import { templatesQuery } from '../../messages/api';
import { stageTemplatesQuery, useSaveStageTemplates } from '../stage-templates-api';

type Choice = Record<string, string>;

function StageTemplatesForm({
  jobId,
  saved,
  templates,
}: {
  jobId: number;
  saved: StageTemplates;
  templates: readonly MessageTemplate[];
}) {
  const [choice, setChoice] = useState<Choice>(() =>
    Object.fromEntries(
      saved.stageTemplates.map((entry) => [entry.stage, String(entry.templateId)]),
    ),
  );
  const [done, setDone] = useState('');
  const saving = useSaveStageTemplates(jobId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving.isPending) return;
    setDone('');
    const stageTemplates = AUTOMATIC_MAIL_STAGES.filter((stage) => choice[stage]).map((stage) => ({
      stage,
      templateId: Number(choice[stage]),
    }));
    saving.mutate({ stageTemplates }, { onSuccess: () => setDone('Automatic messages saved.') });
  };
  return (
    <form className="rc-form" onSubmit={submit} noValidate>
      {saving.isError ? (
        <ErrorNote message={failureText(saving.error, 'The automatic messages were not saved.')} />
      ) : null}
      {AUTOMATIC_MAIL_STAGES.map((stage) => (
        <div className="rc-field" key={stage}>
          <label htmlFor={`stage-template-${stage}`}>On a move to {stage}</label>
          <select
            id={`stage-template-${stage}`}
            value={choice[stage] ?? ''}
            onChange={(event) => setChoice({ ...choice, [stage]: event.target.value })}
          >
            <option value="">No message</option>
            {templates.map((template) => (
              <option key={template.templateId} value={String(template.templateId)}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
      ))}
      <FormActions submit="Save automatic messages" busy={saving.isPending} />
      <DoneNote>{done}</DoneNote>
    </form>
  );
}

/**
 * An opening's automatic messages (docs/recruiters.md): per stage, a message template that a
 * move into the stage sends to the candidate, held STAGE_MAIL_HOLD_SECONDS so an undo takes it
 * back. Admins and recruiters.
 */
export function StageTemplatesEditor({ jobId }: { jobId: number }) {
  const saved = useQuery(stageTemplatesQuery(jobId));
  const templates = useQuery(templatesQuery);
  return (
    <section className="rc-card rc-card--after" aria-labelledby="stage-templates-heading">
      <h2 id="stage-templates-heading">Automatic messages</h2>
      <p>
        A template sent to the candidate when they are moved to a stage, alone or in bulk. It waits{' '}
        {STAGE_MAIL_HOLD_SECONDS} seconds before it goes: an undo, or a move on, takes it back. A
        rejection sends only the mail chosen when rejecting.
      </p>
      <Pending query={saved} what="the automatic messages" />
      <Pending query={templates} what="the templates" />
      {saved.data && templates.data ? (
        templates.data.length === 0 ? (
          <p className="rc-muted">
            There are no message templates yet: an admin adds them under Messages.
          </p>
        ) : (
          <StageTemplatesForm jobId={jobId} saved={saved.data} templates={templates.data} />
        )
      ) : null}
    </section>
  );
}

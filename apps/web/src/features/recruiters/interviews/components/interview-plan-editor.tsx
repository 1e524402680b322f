import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  PLAN_LIMITS,
  interviewKindLabels,
  interviewKinds,
  type ApplicantStage,
  type FieldError,
  type InterviewKind,
  type InterviewPlan,
  type PlanInterviewInput,
} from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';
import { planQuery, useSavePlan } from '../api';
import { failureText } from '../../common/api/query-client';
import { DoneNote, ErrorNote, Pending } from '../../common/components/status';
import { FieldFrame, FormActions, TextField } from '../../common/components/fields';
import './interviews.css';

/** An interview as edited: its kit as one line per attribute or question. */
interface Draft {
  key: number;
  id?: number | undefined;
  name: string;
  durationMinutes: string;
  kind: InterviewKind;
  focusAttributes: string;
  questions: string;
}
type Stages = { stage: ApplicantStage; interviews: Draft[] }[];

let nextKey = 0;
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function toDrafts(plan: InterviewPlan): Stages {
  return plan.stages.map(({ stage, interviews }) => ({
    stage,
    interviews: interviews.map((interview) => ({
      key: nextKey++,
      id: interview.id,
      name: interview.name,
      durationMinutes: String(interview.durationMinutes),
      kind: interview.kind,
      focusAttributes: interview.focusAttributes.join('\n'),
      questions: interview.questions.join('\n'),
    })),
  }));
}

const toInput = (draft: Draft): PlanInterviewInput => ({
  ...(draft.id === undefined ? {} : { id: draft.id }),
  name: draft.name,
  durationMinutes: Number(draft.durationMinutes),
  kind: draft.kind,
  focusAttributes: lines(draft.focusAttributes),
  questions: lines(draft.questions),
});

/** The server's error for one interview's field ("stages.2.interviews.0.name"). */
function errorAt(errors: FieldError[], stage: number, index: number, field: string) {
  const path = `stages.${stage}.interviews.${index}.${field}`;
  return errors.find((error) => error.field === path || error.field.startsWith(`${path}.`))
    ?.message;
}

/** The kit's two lists, each a text of one entry a line. */
const KIT_FIELDS = [
  {
    field: 'focusAttributes',
    label: 'Focus attributes',
    hint: `One a line, up to ${PLAN_LIMITS.focusAttributes}: what the interviewer rates.`,
  },
  {
    field: 'questions',
    label: 'Questions',
    hint: `One a line, up to ${PLAN_LIMITS.questions}: what the interviewer asks.`,
  },
] as const;

function InterviewCard({
  draft,
  id,
  errors,
  first,
  last,
  onChange,
  onMove,
  onRemove,
}: {
  draft: Draft;
  id: string;
  errors: (field: string) => string | undefined;
  first: boolean;
  last: boolean;
  onChange: (draft: Draft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const title = draft.name.trim() || 'New interview';
  return (
    <li className="rc-plan__item">
      <h4>{title}</h4>
      <div className="rc-grid">
        <TextField
          id={`${id}-name`}
          label="Name"
          value={draft.name}
          error={errors('name')}
          onChange={(name) => onChange({ ...draft, name })}
        />
        <TextField
          id={`${id}-duration`}
          label="Duration (minutes)"
          type="number"
          hint={`${PLAN_LIMITS.minDuration}–${PLAN_LIMITS.maxDuration}, in steps of ${PLAN_LIMITS.durationStep}.`}
          value={draft.durationMinutes}
          error={errors('durationMinutes')}
          onChange={(durationMinutes) => onChange({ ...draft, durationMinutes })}
        />
        <FieldFrame id={`${id}-kind`} label="Kind" error={errors('kind')}>
          {(control) => (
            <select
              {...control}
              value={draft.kind}
              onChange={(e) => onChange({ ...draft, kind: e.target.value as InterviewKind })}
            >
              {interviewKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {interviewKindLabels[kind]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        {KIT_FIELDS.map(({ field, label, hint }) => (
          <FieldFrame
            key={field}
            id={`${id}-${field}`}
            label={label}
            hint={hint}
            error={errors(field)}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                value={draft[field]}
                onChange={(e) => onChange({ ...draft, [field]: e.target.value })}
              />
            )}
          </FieldFrame>
        ))}
      </div>
      <div className="rc-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={first}
          onClick={() => onMove(-1)}
        >
          Move up<span className="visually-hidden"> {title}</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={last}
          onClick={() => onMove(1)}
        >
          Move down<span className="visually-hidden"> {title}</span>
        </button>
        <button type="button" className="button button--secondary" onClick={onRemove}>
          Remove<span className="visually-hidden"> {title}</span>
        </button>
      </div>
    </li>
  );
}

function PlanForm({ jobId, plan }: { jobId: number; plan: InterviewPlan }) {
  const [stages, setStages] = useState(() => toDrafts(plan));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const saving = useSavePlan(jobId);
  const change = (stage: number, update: (interviews: Draft[]) => Draft[]) => {
    setDone('');
    setStages((all) =>
      all.map((s, i) => (i === stage ? { ...s, interviews: update(s.interviews) } : s)),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone('');
    const body = {
      stages: stages.map(({ stage, interviews }) => ({
        stage,
        interviews: interviews.map(toInput),
      })),
    };
    saving.mutate(body, {
      onSuccess: (saved) => {
        setErrors([]);
        setStages(toDrafts(saved));
        setDone('The interview plan was saved.');
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? error.fieldErrors : []);
        setFailure(failureText(error, 'The interview plan was not saved.'));
      },
    });
  };

  return (
    <form className="rc-form rc-plan" onSubmit={submit} noValidate>
      {failure ? <ErrorNote message={failure} /> : null}
      {stages.map(({ stage, interviews }, s) => (
        <fieldset key={stage} className="rc-plan__stage">
          <legend>{stage}</legend>
          {interviews.length === 0 ? <p className="rc-muted">No interviews in {stage}.</p> : null}
          <ol className="rc-plan__list">
            {interviews.map((draft, i) => (
              <InterviewCard
                key={draft.key}
                draft={draft}
                id={`plan-${stage}-${draft.key}`}
                errors={(field) => errorAt(errors, s, i, field)}
                first={i === 0}
                last={i === interviews.length - 1}
                onChange={(next) => change(s, (all) => all.map((d, j) => (j === i ? next : d)))}
                onMove={(by) =>
                  change(s, (all) => {
                    const moved = [...all];
                    [moved[i], moved[i + by]] = [moved[i + by]!, moved[i]!];
                    return moved;
                  })
                }
                onRemove={() => change(s, (all) => all.filter((_, j) => j !== i))}
              />
            ))}
          </ol>
          <div className="rc-actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                change(s, (all) => [
                  ...all,
                  {
                    key: nextKey++,
                    name: '',
                    durationMinutes: '45',
                    kind: 'video',
                    focusAttributes: '',
                    questions: '',
                  },
                ])
              }
            >
              Add an interview to {stage}
            </button>
          </div>
        </fieldset>
      ))}
      <FormActions submit="Save interview plan" busy={saving.isPending} />
      <DoneNote>{done}</DoneNote>
    </form>
  );
}

/**
 * "Interview plan" on an opening's page: per open stage, its interviews in order, each with
 * its kit (focus attributes and questions). Saving replaces the plan; an interview removed
 * here keeps its kit in the interviews already scheduled from it.
 */
export function InterviewPlanEditor({ jobId }: { jobId: number }) {
  const plan = useQuery(planQuery(jobId));
  return (
    <section className="rc-card rc-card--after" aria-labelledby="plan-heading">
      <h2 id="plan-heading">Interview plan</h2>
      <p>The interviews of each stage, in order, with what each interviewer rates and asks.</p>
      <Pending query={plan} what="the interview plan" />
      {plan.data ? <PlanForm jobId={jobId} plan={plan.data} /> : null}
    </section>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import {
  consolePagePaths,
  employmentTypeSchema,
  payPeriodSchema,
  workplaceTypeSchema,
  type FieldError,
  type RecruiterOpening,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { Link, useNavigate } from '@lumenfield/page-kit';
import { jobQuery, useCreateJob, useUpdateJob } from '../api';
import {
  PlaceEditor,
  placesBody,
  placesDraftOf,
  placesLine,
  useCountryChoices,
} from './place-editor';
import { RichTextEditor } from './rich-text-editor';
import { QuestionBuilder } from './question-builder';
import { withKeys } from '../question-drafts';
import { applicantsOfOpening, boardPath, isStaff, openingPath } from '../../common/routes';
import { useSession } from '../../common/session';
import { HiringTeam } from './hiring-team';
import { StageTemplatesEditor } from './stage-templates-editor';
import { OpeningOverview } from './opening-overview';
import { ErrorNote, Pending } from '../../common/components/status';
import {
  FieldFrame,
  type FieldFrameProps,
  fieldErrorFor,
  fieldSentence,
  focusFirstInvalid,
  FormActions,
} from '../../common/components/fields';
import { PageHeading } from '../../common/components/page-heading';
import { StateBadge } from '../../common/components/badges';
import { useLeaveGuard } from '../leave-guard';
import { InterviewPlanEditor } from '../../interviews/components/interview-plan-editor';
import {
  EMPLOYMENT_LABELS,
  PERIOD_LABELS,
  WORKPLACE_LABELS,
  bodyFromForm,
  formFromJob,
  payErrors,
  type OpeningForm,
} from '../opening-form';

/** A field of the opening form: its id and error come from the form's field name. */
function Field({
  name,
  errors,
  ...rest
}: {
  name: Exclude<keyof OpeningForm, 'questions'>;
  label: string;
  hint?: string;
  errors: FieldError[];
  children: FieldFrameProps['children'];
}) {
  return <FieldFrame id={`opening-${name}`} error={fieldErrorFor(errors, name)} {...rest} />;
}

function OpeningEditor({ job }: { job?: RecruiterOpening }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<OpeningForm>(() => formFromJob(job));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const creating = useCreateJob();
  // The opening as last saved is the cached one (openings/api.ts): its state is the server's.
  const updating = useUpdateJob(job?.id ?? 0);
  const busy = creating.isPending || updating.isPending;
  const current = job;
  const [places, setPlaces] = useState(() => placesDraftOf(job));
  const countries = useCountryChoices();
  const descriptionLabel = useId();
  // Typed into since it was loaded or last saved: leaving asks first (leave-guard.ts).
  const [changed, setChanged] = useState(false);
  useLeaveGuard(changed);

  const set =
    (name: Exclude<keyof OpeningForm, 'questions'>) => (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value }));

  const fail = (error: unknown) => {
    const apiError = error instanceof ApiError ? error : undefined;
    setErrors(apiError?.fieldErrors ?? []);
    setMessage({
      kind: 'error',
      text:
        apiError && apiError.fieldErrors.length > 0
          ? 'The opening was not saved: please correct the fields marked below.'
          : (apiError?.message ?? 'The opening was not saved. Please try again.'),
    });
    focusFirstInvalid(formRef.current);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    // "150,000" or "$140k" is not a figure the server could read (it would arrive as no figure
    // and be called missing): said here, beside the field, before anything is sent.
    const unreadable = payErrors(form);
    if (unreadable.length > 0) {
      setErrors(unreadable);
      setMessage({
        kind: 'error',
        text: 'The opening was not saved: please correct the fields marked below.',
      });
      focusFirstInvalid(formRef.current);
      return;
    }
    // The location line is the recruiter's; left empty, the places in one line.
    const location = form.location.trim() || placesLine(places, countries);
    const body = {
      ...bodyFromForm({ ...form, location }),
      ...placesBody(places, form.workplaceType),
    };
    // Once saved, a new question's key is fixed: later edits of its label keep it.
    const keyed = withKeys(form.questions);
    const saved = (id: number) => {
      setChanged(false);
      setErrors([]);
      setForm((current) => ({
        ...current,
        questions: current.questions.map((question) => ({
          ...question,
          key: question.key || (keyed.find((k) => k.uid === question.uid)?.key ?? ''),
        })),
      }));
      if (job) setMessage({ kind: 'ok', text: 'Saved.' });
      else navigate(openingPath(id));
    };
    if (job) updating.mutate(body, { onSuccess: (answer) => saved(answer.id), onError: fail });
    else creating.mutate(body, { onSuccess: (answer) => saved(answer.id), onError: fail });
  };

  const setOpen = (open: boolean) => {
    if (!job) return;
    setMessage(null);
    updating.mutate(
      { isOpen: open },
      {
        onSuccess: () =>
          setMessage({
            kind: 'ok',
            text: open ? 'The opening is open again.' : 'The opening is closed.',
          }),
        onError: fail,
      },
    );
  };

  const input = (
    name: Exclude<keyof OpeningForm, 'questions'>,
    extra: Record<string, unknown> = {},
  ) =>
    function render(props: { id: string }) {
      return <input {...props} {...extra} name={name} value={form[name]} onChange={set(name)} />;
    };

  const isOpen = current?.isOpen ?? true;
  // A confirmation is said where the eye is: beside the button that was pressed.
  const okNote = (text: string) => (
    <p className="rc-alert rc-alert--ok rc-alert--inline" role="status">
      {text}
    </p>
  );
  const saved = message?.kind === 'ok' && message.text === 'Saved.';
  return (
    <>
      {message?.kind === 'error' ? <ErrorNote message={message.text} /> : null}
      {current ? (
        <div className="rc-state-bar">
          <span>
            State: <StateBadge state={current.state} />
          </span>
          <Link to={applicantsOfOpening(current.id)}>Applicants ({current.applicants})</Link>
          {isOpen ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              Close opening
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setOpen(true)}
            >
              Reopen opening
            </button>
          )}
          {message?.kind === 'ok' && !saved ? okNote(message.text) : null}
        </div>
      ) : null}
      <form
        ref={formRef}
        className="rc-form"
        onSubmit={submit}
        // Every field (the description's editor too) fires input when typed or chosen.
        onInput={() => setChanged(true)}
        noValidate
      >
        <fieldset>
          <legend>The opening</legend>
          <div className="rc-grid">
            <Field name="code" label="Code" errors={errors}>
              {input('code', { required: true, maxLength: 40, autoComplete: 'off' })}
            </Field>
            <Field name="title" label="Title" errors={errors}>
              {input('title', { required: true, maxLength: 200 })}
            </Field>
            <Field
              name="location"
              label="Location"
              hint="The place as one line. Empty: the places below, in one line."
              errors={errors}
            >
              {input('location', { maxLength: 200 })}
            </Field>
            <Field
              name="effectiveFrom"
              label="Published from"
              hint="Empty: now. A future time schedules the opening."
              errors={errors}
            >
              {input('effectiveFrom', { type: 'datetime-local' })}
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>People</legend>
          <div className="rc-grid">
            <Field name="recruitmentManagers" label="Recruitment managers" errors={errors}>
              {input('recruitmentManagers', { maxLength: 1000 })}
            </Field>
            <Field name="contactPersons" label="Contact persons" errors={errors}>
              {input('contactPersons', { maxLength: 1000 })}
            </Field>
            <Field
              name="contactEmails"
              label="Contact e-mails"
              hint="Separated by commas; each gets a notice of every new application."
              errors={errors}
            >
              {input('contactEmails', { maxLength: 2000, autoComplete: 'off' })}
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>Terms</legend>
          <div className="rc-grid">
            <Field name="employmentType" label="Employment type" errors={errors}>
              {(props) => (
                <select {...props} value={form.employmentType} onChange={set('employmentType')}>
                  {employmentTypeSchema.options.map((value) => (
                    <option key={value} value={value}>
                      {EMPLOYMENT_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="workplaceType" label="Workplace" errors={errors}>
              {(props) => (
                <select {...props} value={form.workplaceType} onChange={set('workplaceType')}>
                  {workplaceTypeSchema.options.map((value) => (
                    <option key={value} value={value}>
                      {WORKPLACE_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="payMin" label="Lowest pay" errors={errors}>
              {input('payMin', { inputMode: 'decimal' })}
            </Field>
            <Field name="payMax" label="Highest pay" errors={errors}>
              {input('payMax', { inputMode: 'decimal' })}
            </Field>
            <Field name="payCurrency" label="Currency" hint="ISO code, e.g. USD" errors={errors}>
              {input('payCurrency', { maxLength: 3, autoComplete: 'off' })}
            </Field>
            <Field name="payPeriod" label="Pay period" errors={errors}>
              {(props) => (
                <select {...props} value={form.payPeriod} onChange={set('payPeriod')}>
                  <option value="">No pay range</option>
                  {payPeriodSchema.options.map((value) => (
                    <option key={value} value={value}>
                      {PERIOD_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </fieldset>
        <PlaceEditor
          draft={places}
          onChange={setPlaces}
          workplaceType={form.workplaceType}
          countries={countries}
          errors={errors}
        />
        <div className="rc-field">
          <span id={descriptionLabel} className="rc-label">
            Description
          </span>
          <RichTextEditor
            id="opening-description"
            labelId={descriptionLabel}
            initialHtml={form.description}
            invalid={Boolean(fieldErrorFor(errors, 'description'))}
            describedBy={
              fieldErrorFor(errors, 'description') ? 'opening-description-error' : undefined
            }
            onChange={(html) => setForm((current) => ({ ...current, description: html }))}
          />
          {fieldErrorFor(errors, 'description') ? (
            <p id="opening-description-error" className="rc-field__error">
              {fieldSentence('Description', fieldErrorFor(errors, 'description') ?? '')}
            </p>
          ) : null}
        </div>
        <QuestionBuilder
          questions={form.questions}
          errors={errors}
          onChange={(questions) => setForm((current) => ({ ...current, questions }))}
        />
        <FormActions submit={job ? 'Save changes' : 'Create opening'} busy={busy}>
          <Link className="button button--secondary" to={consolePagePaths.openings}>
            Back to openings
          </Link>
          {saved ? okNote('Saved.') : null}
        </FormActions>
      </form>
    </>
  );
}

/** Create an opening, or edit one (its form, state, close and reopen). */
export default function OpeningFormPage({ jobId }: { jobId?: number }) {
  const job = useQuery({ ...jobQuery(jobId ?? 0), enabled: jobId !== undefined });
  // A hiring manager reads the opening; the staff edit it.
  const staff = isStaff(useSession().user.role);
  const title = jobId === undefined ? 'New opening' : staff ? 'Edit opening' : 'Opening';
  // After a save, the heading names the opening as saved (its title may have changed).
  const shown = job.data;
  return (
    <>
      <PageHeading
        title={title}
        actions={
          jobId === undefined ? undefined : (
            <Link className="button button--secondary" to={boardPath(jobId)}>
              Board
            </Link>
          )
        }
      >
        {shown ? `${shown.code} · ${shown.title}` : title}
      </PageHeading>
      {jobId === undefined ? (
        <OpeningEditor />
      ) : (
        <>
          <Pending query={job} what="the opening" />
          {/* Once loaded, what is typed stays, even if a later reload fails. */}
          {job.data && staff ? <OpeningEditor job={job.data} /> : null}
          {job.data && !staff ? <OpeningOverview job={job.data} /> : null}
          <HiringTeam jobId={jobId} />
          {staff ? <InterviewPlanEditor jobId={jobId} /> : null}
          {staff ? <StageTemplatesEditor jobId={jobId} /> : null}
        </>
      )}
    </>
  );
}

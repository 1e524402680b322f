import { useId, useRef, useState, type FormEvent } from 'react';
import {
  consolePagePaths,
  employmentTypeSchema,
  payPeriodSchema,
  workplaceTypeSchema,
  type AdminJobCreate,
  type ConsoleJob,
  type FieldError,
} from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';
import { Link, useNavigate } from '@/lib/router';
import { consoleApi } from './api';
import { RichTextEditor } from './rich-text-editor';
import { applicantsOfOpening, openingPath } from './routes';
import {
  ErrorNote,
  FieldFrame,
  type FieldFrameProps,
  PageHeading,
  Pending,
  StateBadge,
  fieldErrorFor,
  focusFirstInvalid,
} from './ui';
import { useResource } from '@/lib/use-resource';

export const EMPLOYMENT_LABELS: Record<string, string> = {
  FULL_TIME: 'Full time',
  PART_TIME: 'Part time',
  CONTRACTOR: 'Contractor',
  TEMPORARY: 'Temporary',
  INTERN: 'Intern',
};
export const WORKPLACE_LABELS: Record<string, string> = {
  ONSITE: 'On site',
  HYBRID: 'Hybrid',
  REMOTE: 'Remote',
};
export const PERIOD_LABELS: Record<string, string> = {
  HOUR: 'per hour',
  MONTH: 'per month',
  YEAR: 'per year',
};

/** What the form holds: every field as typed, so a failed save keeps it all. */
export interface OpeningForm {
  JobCode: string;
  JobTitle: string;
  JobLocation: string;
  EffectiveFrom: string;
  Recruitment_Manager: string;
  ContactPerson: string;
  ContactPersonMail: string;
  Job_Description: string;
  EmploymentType: string;
  WorkplaceType: string;
  PayMin: string;
  PayMax: string;
  PayCurrency: string;
  PayPeriod: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the reader's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formFromJob(job?: ConsoleJob): OpeningForm {
  return {
    JobCode: job?.JobCode ?? '',
    JobTitle: job?.JobTitle ?? '',
    JobLocation: job?.JobLocation ?? '',
    EffectiveFrom: job ? toLocalInput(job.EffectiveFrom) : '',
    Recruitment_Manager: job?.Recruitment_Manager ?? '',
    ContactPerson: job?.ContactPerson ?? '',
    ContactPersonMail: job?.ContactPersonMail ?? '',
    Job_Description: job?.Job_Description ?? '',
    EmploymentType: job?.EmploymentType ?? 'FULL_TIME',
    WorkplaceType: job?.WorkplaceType ?? 'ONSITE',
    PayMin: job?.PayMin == null ? '' : String(job.PayMin),
    PayMax: job?.PayMax == null ? '' : String(job.PayMax),
    PayCurrency: job?.PayCurrency ?? '',
    PayPeriod: job?.PayPeriod ?? '',
  };
}

const amount = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

/** The body the API takes; a value the browser cannot read is sent as is for the server to name. */
export function bodyFromForm(form: OpeningForm): AdminJobCreate {
  const effective = form.EffectiveFrom ? new Date(form.EffectiveFrom) : undefined;
  const employment = employmentTypeSchema.safeParse(form.EmploymentType);
  const workplace = workplaceTypeSchema.safeParse(form.WorkplaceType);
  const period = payPeriodSchema.safeParse(form.PayPeriod);
  return {
    JobCode: form.JobCode,
    JobTitle: form.JobTitle,
    JobLocation: form.JobLocation,
    ...(effective && !Number.isNaN(effective.getTime())
      ? { EffectiveFrom: effective.toISOString() }
      : {}),
    Recruitment_Manager: form.Recruitment_Manager,
    ContactPerson: form.ContactPerson,
    ContactPersonMail: form.ContactPersonMail,
    Job_Description: form.Job_Description,
    ...(employment.success ? { EmploymentType: employment.data } : {}),
    ...(workplace.success ? { WorkplaceType: workplace.data } : {}),
    PayMin: amount(form.PayMin),
    PayMax: amount(form.PayMax),
    PayCurrency: form.PayCurrency.trim() === '' ? null : form.PayCurrency.trim().toUpperCase(),
    PayPeriod: period.success ? period.data : null,
  };
}

/** A field of the opening form: its id and error come from the form's field name. */
function Field({
  name,
  errors,
  ...rest
}: {
  name: keyof OpeningForm;
  label: string;
  hint?: string;
  errors: FieldError[];
  children: FieldFrameProps['children'];
}) {
  return <FieldFrame id={`opening-${name}`} error={fieldErrorFor(errors, name)} {...rest} />;
}

function OpeningEditor({ job }: { job?: ConsoleJob }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<OpeningForm>(() => formFromJob(job));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [isOpen, setIsOpen] = useState(job?.IsOpen ?? true);
  const descriptionLabel = useId();

  const set = (name: keyof OpeningForm) => (event: { target: { value: string } }) =>
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
    setBusy(true);
    setMessage(null);
    const body = bodyFromForm(form);
    const saving = job
      ? consoleApi.updateJob(job.Job_id, body).then(() => job.Job_id)
      : consoleApi.createJob(body).then((created) => created.Job_id);
    saving.then(
      (id) => {
        setBusy(false);
        setErrors([]);
        if (job) setMessage({ kind: 'ok', text: 'Saved.' });
        else navigate(openingPath(id));
      },
      (error: unknown) => {
        setBusy(false);
        fail(error);
      },
    );
  };

  const setOpen = (open: boolean) => {
    if (!job) return;
    setBusy(true);
    setMessage(null);
    consoleApi.updateJob(job.Job_id, { IsOpen: open }).then(
      () => {
        setBusy(false);
        setIsOpen(open);
        setMessage({
          kind: 'ok',
          text: open ? 'The opening is open again.' : 'The opening is closed.',
        });
      },
      (error: unknown) => {
        setBusy(false);
        fail(error);
      },
    );
  };

  const input = (name: keyof OpeningForm, extra: Record<string, unknown> = {}) =>
    function render(props: { id: string }) {
      return <input {...props} {...extra} name={name} value={form[name]} onChange={set(name)} />;
    };

  return (
    <>
      {message ? (
        message.kind === 'error' ? (
          <ErrorNote message={message.text} />
        ) : (
          <p className="rc-alert rc-alert--ok" role="status">
            {message.text}
          </p>
        )
      ) : null}
      {job ? (
        <div className="rc-state-bar">
          <span>
            State:{' '}
            <StateBadge
              state={!isOpen ? 'closed' : job.State === 'scheduled' ? 'scheduled' : 'open'}
            />
          </span>
          <Link to={applicantsOfOpening(job.Job_id)}>Applicants ({job.Applicants})</Link>
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
        </div>
      ) : null}
      <form ref={formRef} className="rc-form" onSubmit={submit} noValidate>
        <fieldset>
          <legend>The opening</legend>
          <div className="rc-grid">
            <Field name="JobCode" label="Code" errors={errors}>
              {input('JobCode', { required: true, maxLength: 40, autoComplete: 'off' })}
            </Field>
            <Field name="JobTitle" label="Title" errors={errors}>
              {input('JobTitle', { required: true, maxLength: 200 })}
            </Field>
            <Field name="JobLocation" label="Location" errors={errors}>
              {input('JobLocation', { required: true, maxLength: 200 })}
            </Field>
            <Field
              name="EffectiveFrom"
              label="Published from"
              hint="Empty: now. A future time schedules the opening."
              errors={errors}
            >
              {input('EffectiveFrom', { type: 'datetime-local' })}
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>People</legend>
          <div className="rc-grid">
            <Field name="Recruitment_Manager" label="Recruitment managers" errors={errors}>
              {input('Recruitment_Manager', { maxLength: 1000 })}
            </Field>
            <Field name="ContactPerson" label="Contact persons" errors={errors}>
              {input('ContactPerson', { maxLength: 1000 })}
            </Field>
            <Field
              name="ContactPersonMail"
              label="Contact e-mails"
              hint="Separated by commas; each gets a notice of every new application."
              errors={errors}
            >
              {input('ContactPersonMail', { maxLength: 2000, autoComplete: 'off' })}
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>Terms</legend>
          <div className="rc-grid">
            <Field name="EmploymentType" label="Employment type" errors={errors}>
              {(props) => (
                <select {...props} value={form.EmploymentType} onChange={set('EmploymentType')}>
                  {employmentTypeSchema.options.map((value) => (
                    <option key={value} value={value}>
                      {EMPLOYMENT_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="WorkplaceType" label="Workplace" errors={errors}>
              {(props) => (
                <select {...props} value={form.WorkplaceType} onChange={set('WorkplaceType')}>
                  {workplaceTypeSchema.options.map((value) => (
                    <option key={value} value={value}>
                      {WORKPLACE_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="PayMin" label="Pay from" errors={errors}>
              {input('PayMin', { inputMode: 'decimal' })}
            </Field>
            <Field name="PayMax" label="Pay up to" errors={errors}>
              {input('PayMax', { inputMode: 'decimal' })}
            </Field>
            <Field name="PayCurrency" label="Currency" hint="ISO code, e.g. USD" errors={errors}>
              {input('PayCurrency', { maxLength: 3, autoComplete: 'off' })}
            </Field>
            <Field name="PayPeriod" label="Pay period" errors={errors}>
              {(props) => (
                <select {...props} value={form.PayPeriod} onChange={set('PayPeriod')}>
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
        <div className="rc-field">
          <span id={descriptionLabel} className="rc-label">
            Description
          </span>
          <RichTextEditor
            id="opening-Job_Description"
            labelId={descriptionLabel}
            initialHtml={form.Job_Description}
            invalid={Boolean(fieldErrorFor(errors, 'Job_Description'))}
            describedBy={
              fieldErrorFor(errors, 'Job_Description') ? 'opening-Job_Description-error' : undefined
            }
            onChange={(html) => setForm((current) => ({ ...current, Job_Description: html }))}
          />
          {fieldErrorFor(errors, 'Job_Description') ? (
            <p id="opening-Job_Description-error" className="rc-field__error">
              {fieldErrorFor(errors, 'Job_Description')}
            </p>
          ) : null}
        </div>
        <div className="rc-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {job ? 'Save changes' : 'Create opening'}
          </button>
          <Link className="button button--secondary" to={consolePagePaths.openings}>
            Back to openings
          </Link>
        </div>
      </form>
    </>
  );
}

/** Create an opening, or edit one (its form, state, close and reopen). */
export default function OpeningFormPage({ jobId }: { jobId?: number }) {
  const [job, reload] = useResource(
    `job-${jobId ?? 'new'}`,
    (signal) => (jobId === undefined ? Promise.resolve(undefined) : consoleApi.job(jobId, signal)),
    { keepWhileReloading: true },
  );
  const title = jobId === undefined ? 'New opening' : 'Edit opening';
  return (
    <>
      <PageHeading title={title}>
        {job.status === 'ready' && job.data ? `${job.data.JobCode} · ${job.data.JobTitle}` : title}
      </PageHeading>
      <Pending resource={job} what="the opening" onRetry={reload} />
      {job.status === 'ready' ? <OpeningEditor job={job.data} /> : null}
    </>
  );
}

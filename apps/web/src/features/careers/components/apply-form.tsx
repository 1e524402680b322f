import {
  RESUME_ACCEPT,
  type ApplyFormField,
  type ApplyFormOption,
  type FieldError,
} from '@lumenfield/contract';
import { jobApplyPath } from '@lumenfield/routes';
import {
  Fragment,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import '@/components/form-control.css';
import './apply-form.css';

type OptionList = 'countries' | 'states' | 'experience';

/** How a field of the form is asked: its label, and its control. */
type Control =
  | {
      kind: 'text';
      label: string;
      required: boolean;
      hint?: string;
      input: InputHTMLAttributes<HTMLInputElement> & { 'data-autofocus'?: boolean };
    }
  | {
      kind: 'select';
      label: string;
      required: boolean;
      list: OptionList;
      empty: string;
      autoComplete: string;
    }
  /** Asked apart from the grid's fields: by the dialog first in it, by the page after it. */
  | { kind: 'place'; label: string }
  /** One of the place's choices (a remote country), so asked in its group. */
  | { kind: 'in-place'; label: string };

/**
 * Every field of the form's schema (@lumenfield/contract `applyFormSchema`) with its control, in
 * the form's order. A field added to the schema does not compile until it is asked here.
 */
export const applyFormControls = {
  locationIndex: { kind: 'place', label: 'Where would you work?' },
  remoteCountry: { kind: 'in-place', label: 'Where would you work?' },
  firstName: {
    kind: 'text',
    label: 'First Name',
    required: true,
    // The dialog's first field takes focus when it opens (the Modal looks for this).
    input: { autoComplete: 'given-name', 'data-autofocus': true },
  },
  lastName: {
    kind: 'text',
    label: 'Last Name',
    required: true,
    input: { autoComplete: 'family-name' },
  },
  mobileNumber: {
    kind: 'text',
    label: 'Mobile Number',
    required: true,
    // Any number the applicant's country allows; another country's with its code (ADR-26).
    hint: 'Include the country code for a number from another country, such as +49 151 23456789',
    input: { type: 'tel', autoComplete: 'tel' },
  },
  countryId: {
    kind: 'select',
    label: 'Country',
    required: true,
    list: 'countries',
    empty: 'Select Country*',
    autoComplete: 'country',
  },
  stateId: {
    kind: 'select',
    label: 'State',
    required: true,
    list: 'states',
    empty: 'Select State*',
    autoComplete: 'address-level1',
  },
  city: { kind: 'text', label: 'city', required: true, input: { autoComplete: 'address-level2' } },
  email: {
    kind: 'text',
    label: 'email',
    required: true,
    input: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  },
  experience: {
    kind: 'select',
    label: 'Experience',
    required: false,
    list: 'experience',
    empty: 'Select Experience',
    autoComplete: 'off',
  },
  referredBy: {
    kind: 'text',
    label: 'Referred by',
    required: false,
    hint: 'Optional: who pointed you to this role',
    input: { autoComplete: 'off' },
  },
} as const satisfies Record<ApplyFormField, Control>;

/** The label a failure is listed under: its field's, the resume's, or the name as sent. */
export function applyFormLabel(field: string): string {
  if (field === 'resume') return 'Resume';
  return Object.hasOwn(applyFormControls, field)
    ? applyFormControls[field as ApplyFormField].label
    : field;
}

/** The id of a field's control: the summaries' links lead to it by this. */
export const controlIdOf = (prefix: string, field: string) =>
  `${prefix}-${field.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

export interface ApplyFormProps {
  jobId: number;
  /** The controls' ids are `<prefix>-<field>`. */
  idPrefix: string;
  /** The text of every field: the dialog's draft, or the page's values sent last. */
  values: Readonly<Record<ApplyFormField, string>>;
  /**
   * With scripts (the dialog): the fields are its state and each change is reported. Without
   * (the page): each field starts with its value and the browser keeps what is typed.
   */
  onChange?: (field: ApplyFormField, value: string) => void;
  lists: Readonly<Record<OptionList, readonly ApplyFormOption[]>>;
  /** The sentence shown beside a field, if any. */
  errorOf: (field: string) => string | undefined;
  /** The resume's hint; with scripts, its changes and its input (the dialog resets it). */
  resume: {
    hint: string;
    onChange?: (file: File | null) => void;
    inputRef?: Ref<HTMLInputElement>;
  };
  /** Atop the form, before its note (a job's line, the page's token, refusal and summary). */
  top?: ReactNode;
  /** After the note (the dialog's refusals and lists that failed to load). */
  alerts?: ReactNode;
  /** Where the place is asked in the grid (the dialog's choice). */
  place?: ReactNode;
  /** After the country (the page's "Show states"). */
  afterCountry?: ReactNode;
  /** After the grid: the place (the page's), the questions, the privacy notice. */
  after?: ReactNode;
  footer: ReactNode;
  /** The dialog's enhancement: its submit, its ref, busy while sending. */
  formProps?: FormHTMLAttributes<HTMLFormElement> & { ref?: Ref<HTMLFormElement> };
  className?: string;
}

/**
 * The apply form, one for the page without scripts and the dialog (docs/careers.md): a real
 * multipart form posted to the opening's apply page, whole without scripts; the dialog keeps its
 * fields as its state and sends it itself (`formProps.onSubmit`).
 */
export function ApplyForm(props: ApplyFormProps) {
  const { jobId, idPrefix, values, onChange, lists, errorOf } = props;
  const idOf = (field: string) => controlIdOf(idPrefix, field);
  const bind = (field: ApplyFormField) =>
    onChange
      ? {
          value: values[field],
          onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
        }
      : { defaultValue: values[field] };

  const fields = Object.entries(applyFormControls).map(([name, control]) => {
    const field = name as ApplyFormField;
    if (control.kind === 'place') return <Fragment key={field}>{props.place}</Fragment>;
    if (control.kind === 'in-place') return null;
    const error = errorOf(field);
    const common = {
      className: 'form-control',
      id: idOf(field),
      name: field,
      'aria-required': control.required || undefined,
      'aria-invalid': Boolean(error) || undefined,
      ...bind(field),
    };
    const hint = 'hint' in control ? control.hint : undefined;
    return (
      <Fragment key={field}>
        <Field
          id={idOf(field)}
          label={control.label}
          required={control.required}
          hint={hint}
          error={error}
        >
          {(describedBy) =>
            control.kind === 'text' ? (
              <input type="text" {...common} aria-describedby={describedBy} {...control.input} />
            ) : (
              <select
                {...common}
                aria-describedby={describedBy}
                autoComplete={control.autoComplete}
              >
                <option value="">{control.empty}</option>
                {lists[control.list].map((option) => (
                  <option key={option.value} value={String(option.value)}>
                    {option.label}
                  </option>
                ))}
              </select>
            )
          }
        </Field>
        {field === 'countryId' ? props.afterCountry : null}
      </Fragment>
    );
  });

  const resumeError = errorOf('resume');
  return (
    <form
      className={`apply-form${props.className ? ` ${props.className}` : ''}`}
      method="post"
      action={jobApplyPath(jobId)}
      encType="multipart/form-data"
      noValidate
      {...props.formProps}
    >
      {props.top}
      <p className="apply-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      {props.alerts}

      <div className="apply-form__grid">
        {fields}
        <Field
          id={idOf('resume')}
          label="Resume"
          required
          wide
          hint={props.resume.hint}
          error={resumeError}
        >
          {(describedBy) => (
            <input
              ref={props.resume.inputRef}
              className="form-control"
              id={idOf('resume')}
              name="resume"
              type="file"
              accept={RESUME_ACCEPT}
              onChange={
                props.resume.onChange &&
                ((event) => props.resume.onChange?.(event.target.files?.[0] ?? null))
              }
              aria-required="true"
              aria-invalid={Boolean(resumeError) || undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      </div>
      {props.after}
      {props.footer}
    </form>
  );
}

/** A rule's sentence beside its field. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="apply-field__error">
      <span aria-hidden="true" className="apply-field__error-icon">
        !
      </span>
      {message}
    </p>
  ) : null;
}

/** The first failure of each field, by field (the summary lists them all). */
export const failuresByField = (failures: readonly FieldError[]) => (field: string) =>
  failures.find((failure) => failure.field === field)?.message;

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}

/** A label, its control, an optional hint and the error message beside it. */
function Field({ id, label, required = false, hint, error, wide = false, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={`apply-field${wide ? ' apply-field--wide' : ''}${error ? ' apply-field--invalid' : ''}`}
    >
      <label className="apply-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="apply-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="apply-field__optional"> (optional)</span>
        )}
      </label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="apply-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

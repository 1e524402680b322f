import {
  alertFormFieldNames as names,
  alertFrequencyLabels,
  ALERT_FREQUENCIES,
  isAlertFrequency,
  type AlertFormValues,
  type FieldError,
} from '@lumenfield/contract';
import { routes } from '@lumenfield/routes';
import '@/components/form-control.css';

interface AlertFormProps {
  values: AlertFormValues;
  errors?: readonly FieldError[];
  /** The filters in words ("“QA”, India, Remote"), or "every new opening". */
  filtersText: string;
}

/**
 * The job alert's subscribe form (docs/careers.md, "Job alerts"): a plain form posted to
 * /careers/alerts, whole without scripts; the server answers with a page of its own. The
 * careers filters travel as hidden fields, so an alert matches what the list shows.
 */
export function AlertForm({ values, errors = [], filtersText }: AlertFormProps) {
  // One form a page; a fixed id, not useId's: on the careers list it is part of an island that
  // hydrates as a React root of its own, where useId would not make the server's ids.
  const id = 'job-alert';
  const errorOf = (field: string) => errors.find((error) => error.field === field)?.message;
  const emailError = errorOf('email');
  const frequencyError = errorOf('frequency');
  const otherErrors = errors.filter((error) => !['email', 'frequency'].includes(error.field));
  const chosen = isAlertFrequency(values.frequency) ? values.frequency : 'daily';
  return (
    <form className="alert-form" method="post" action={routes.alerts.path} noValidate>
      {values.q ? <input type="hidden" name={names.q} value={values.q} /> : null}
      {values.country ? <input type="hidden" name={names.country} value={values.country} /> : null}
      {values.workplace ? (
        <input type="hidden" name={names.workplace} value={values.workplace} />
      ) : null}
      <p className="alert-form__for">
        Openings: <strong>{filtersText}</strong>
      </p>
      {otherErrors.map((error) => (
        <p key={error.field} className="alert-form__error" role="alert">
          {error.message}
        </p>
      ))}
      <div className="alert-form__field">
        <label htmlFor={`${id}-email`}>Your e-mail address</label>
        <input
          className="form-control"
          id={`${id}-email`}
          name={names.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={values.email}
          aria-required="true"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
        />
        {emailError ? (
          <p id={`${id}-email-error`} className="alert-form__error" role="alert">
            {emailError}
          </p>
        ) : null}
      </div>
      <fieldset
        className="alert-form__often"
        aria-describedby={frequencyError ? `${id}-often-error` : undefined}
      >
        <legend>How often</legend>
        {ALERT_FREQUENCIES.map((frequency) => (
          <label key={frequency} className="alert-form__choice">
            <input
              type="radio"
              name={names.frequency}
              value={frequency}
              defaultChecked={chosen === frequency}
            />{' '}
            {alertFrequencyLabels[frequency]}
          </label>
        ))}
        {frequencyError ? (
          <p id={`${id}-often-error`} className="alert-form__error" role="alert">
            {frequencyError}
          </p>
        ) : null}
      </fieldset>
      <div className="alert-form__actions">
        <button type="submit" className="button button--primary">
          Create alert
        </button>
      </div>
      <p className="alert-form__note">
        We send a confirmation first, and nothing else until you open its link. Every alert mail has
        a link to stop it, and we delete unconfirmed requests after a week.
      </p>
    </form>
  );
}

import { DEFAULT_APPLICANT_RETENTION_DAYS, type FieldError } from '@lumenfield/contract';
import { routes } from '@lumenfield/routes';
import { useId } from 'react';
import { site } from '@/config/site';
import { ApiError } from '@/lib/api-client';

/*
 * What only the dialog's form has around the one apply form: its refusals and retries, the
 * privacy notice before Apply, the progress of sending and its Clear.
 */

const OPTIONS_FAILED = "We couldn't load the lists of countries and experience. Please try again.";
export const QUESTIONS_FAILED = "We couldn't load this opening's questions. Please try again.";
export const UPLOAD_CANCELLED =
  'You cancelled sending. Nothing was sent, and everything you entered is still here; press Apply to send it.';

/** Bytes as "2.1 MB" (or "640 KB" below a megabyte), as the progress line shows them. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 || bytes === 0
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Sending progress: the share of the request sent, shown against the resume's own size. */
export interface Progress {
  percent: number;
  sent: number;
  total: number;
}

/** A refusal of the whole form atop it, and the lists or questions that failed to load. */
export function DialogAlerts(props: {
  error: string | undefined;
  errorRef: (element: HTMLElement | null) => void;
  questionsFailed: boolean;
  onRetryQuestions: () => void;
  optionsFailed: boolean;
  onRetryOptions: () => void;
}) {
  return (
    <>
      {props.error ? (
        <div ref={props.errorRef} className="apply-form__alert" role="alert" tabIndex={-1}>
          {props.error}
        </div>
      ) : null}
      {props.questionsFailed ? (
        <RetryAlert text={QUESTIONS_FAILED} onRetry={props.onRetryQuestions} />
      ) : null}
      {props.optionsFailed ? (
        <RetryAlert text={OPTIONS_FAILED} onRetry={props.onRetryOptions} />
      ) : null}
    </>
  );
}

/** What failed to load, with its Try again. */
function RetryAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="apply-form__alert" role="alert">
      {text}{' '}
      <button type="button" className="apply-form__retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Apply and Clear, and while sending the progress with its Cancel. */
export function DialogFooter(props: {
  id: string;
  submitting: boolean;
  progress: Progress | null;
  spokenStep: number;
  onCancel: () => void;
  onClear: () => void;
}) {
  const { id, submitting, progress } = props;
  return (
    <div className="apply-form__footer">
      {submitting ? (
        <div className="apply-progress">
          <p className="apply-form__sending" role="status">
            <span className="apply-form__spinner" aria-hidden="true" />
            <span id={`${id}-sending`}>Sending your application…</span>
          </p>
          {progress ? (
            <>
              <progress
                className="apply-progress__bar"
                max={100}
                value={progress.percent}
                aria-labelledby={`${id}-sending`}
                aria-describedby={`${id}-figures`}
              />
              <p className="apply-progress__figures" id={`${id}-figures`}>
                {progress.percent}% · {sizeText(progress.sent)} of {sizeText(progress.total)}
              </p>
              <button
                type="button"
                className="button button--secondary apply-progress__cancel"
                onClick={props.onCancel}
              >
                Cancel sending
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {submitting && props.spokenStep > 0 ? `Sending: ${props.spokenStep}% sent` : ''}
      </p>

      <div className="apply-form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={submitting || undefined}
        >
          Apply
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={props.onClear}
          aria-disabled={submitting || undefined}
        >
          Clear
        </button>
      </div>
    </div>
  );
}

/** Before Apply: who receives the data, why, how long it is kept, the applicant's rights. */
export function PrivacyNotice() {
  const headingId = useId();
  const { privacyEmail } = site.contact;
  return (
    <section className="apply-privacy" aria-labelledby={headingId}>
      <h3 className="apply-privacy__title" id={headingId}>
        How we use your application
      </h3>
      <ul className="apply-privacy__list">
        <li>
          <strong>Who sees it:</strong> our recruiters and this opening's contact persons.
        </li>
        <li>
          <strong>Why:</strong> only to assess your application for this role.
        </li>
        <li>
          <strong>How long:</strong> until {DEFAULT_APPLICANT_RETENTION_DAYS} days after the opening
          closes; then your application and resume are erased.
        </li>
        <li>
          <strong>Your rights:</strong> ask to see, correct or erase your data at any time at{' '}
          <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>.
        </li>
      </ul>
      <p className="apply-privacy__more">
        {/* A new tab: the form stays as it is while the policy is read. */}
        Read our{' '}
        <a href={routes.privacyPolicy.path} target="_blank" rel="noopener">
          privacy policy<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </section>
  );
}

/**
 * A refused or failed submit: the server's field errors, all of them, for the form's summary;
 * any other refusal as one sentence atop the form.
 */
export function serverError(failure: unknown): { failures: FieldError[] } | { alert: string } {
  if (failure instanceof ApiError) {
    const failures = failure.fieldErrors;
    return failures.length > 0 ? { failures } : { alert: failure.message };
  }
  return { alert: 'Something went wrong while sending. Please try again.' };
}

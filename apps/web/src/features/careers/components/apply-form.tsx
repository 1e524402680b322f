import {
  DEFAULT_APPLICANT_RETENTION_DAYS,
  RESUME_ACCEPT,
  validateApplication,
  type ApplicationField,
  type DropDownOption,
  type PublicQuestion,
  type FieldError,
  type ApplicationAccepted,
  type Place,
} from '@lumenfield/contract';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { routes } from '@lumenfield/routes';
import { site } from '@/config/site';
import { ApiError } from '@/lib/api-client';
import { fetchCountries, fetchExperienceBands, fetchStates } from '../api/options';
import { sendApplication } from '../api/save-application';
import {
  READ_FAILED_MESSAGE,
  RESUME_LIMIT_TEXT,
  applicantFields,
  applicationInput,
  draftStore,
  emptyDraft,
  errorTarget,
  readFileBytes,
  resetsFileInput,
  resumeFacts,
  typedValue,
  type ApplicationDraft,
  type DraftTextField,
  type ErrorTarget,
  type ShownError,
} from '../application/application-form';
import type { OpeningNames } from '../job-summary';
import { PlaceChoice, usePlaceChoice } from './place-choice';
import { answersFor, firstAnswerError } from '../application/answers';
import { ApplyQuestions } from './apply-questions';
import { useOpeningQuestions } from './use-opening-questions';
import './apply-form.css';

export interface ApplyFormProps {
  job: OpeningNames;
  /** Called once the server has stored the application, with its answer (SELF_ID=us: a token). */
  onApplied: (created: ApplicationAccepted) => void;
}

const OPTIONS_FAILED = "We couldn't load the lists of countries and experience. Please try again.";
const QUESTIONS_FAILED = "We couldn't load this opening's questions. Please try again.";
const STATES_FAILED = "We couldn't load the states of that country. Please choose it again.";
export const UPLOAD_CANCELLED =
  'You cancelled sending. Nothing was sent, and everything you entered is still here; press Apply to send it.';

/** Bytes as "2.1 MB" (or "640 KB" below a megabyte), as the progress line shows them. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 || bytes === 0
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Sending progress: the share of the request sent, shown against the resume's own size. */
interface Progress {
  percent: number;
  sent: number;
  total: number;
}

/** The 'Apply for Job' form: its fields and rules in order (docs/careers.md), sent as multipart/form-data (docs/api.md). */
/** No places known (yet): nothing to choose. One array, so the choice's hook sees no change. */
const noPlaces: Place[] = [];

export function ApplyForm({ job, onApplied }: ApplyFormProps) {
  const [draft, setDraft] = useState<ApplicationDraft>(draftStore.get);
  const [error, setError] = useState<ShownError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [countries, setCountries] = useState<DropDownOption[]>([]);
  const [experience, setExperience] = useState<DropDownOption[]>([]);
  const [states, setStates] = useState<DropDownOption[]>([]);
  const [optionsFailed, setOptionsFailed] = useState(false);
  const [optionsAttempt, setOptionsAttempt] = useState(0);
  const submittingRef = useRef(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  /** The last quarter announced (25, 50, 75, 100): screen readers hear steps, not every byte. */
  const [spokenStep, setSpokenStep] = useState(0);
  const upload = useRef<AbortController | null>(null);
  const countryRef = useRef(draft.countryId);
  const fileInput = useRef<HTMLInputElement>(null);
  const controls = useRef<Partial<Record<ErrorTarget, HTMLElement | null>>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [questionsAttempt, setQuestionsAttempt] = useState(0);
  const asked = useOpeningQuestions(job, questionsAttempt);
  const questions = asked.status === 'ready' ? asked.questions : null;
  const place = usePlaceChoice(asked.status === 'ready' ? asked.locations : noPlaces);

  useEffect(() => draftStore.set(draft), [draft]);

  // The form arrives in a dialog that is already open when its code was still loading: then
  // the dialog could not focus the first field, so the form does.
  useEffect(() => {
    const form = formRef.current;
    if (!form?.closest('dialog')?.open || form.contains(document.activeElement)) return;
    form.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  useEffect(() => {
    let live = true;
    Promise.all([fetchCountries(), fetchExperienceBands()]).then(
      ([countryList, experienceList]) => {
        if (!live) return;
        setCountries(countryList);
        setExperience(experienceList);
        setOptionsFailed(false);
      },
      () => live && setOptionsFailed(true),
    );
    return () => {
      live = false;
    };
  }, [optionsAttempt]);

  // A draft brought back with a country chosen needs that country's states again.
  useEffect(() => {
    if (countryRef.current !== '') loadStates(countryRef.current);
    // Only on mount: later country changes load their states in onCountryChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A file chosen before the dialog was closed is put back into the new file input.
  useEffect(() => {
    const input = fileInput.current;
    const file = draftStore.get().resume;
    if (!input || !file || typeof DataTransfer === 'undefined') return;
    try {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
    } catch {
      // Older browsers cannot set files; the chosen file's name is still shown below.
    }
  }, []);

  // Focus moves to the field in error in the same commit that renders and describes its message
  // (a layout effect), so nothing can observe the message before focus arrives.
  useLayoutEffect(() => {
    if (focusRequest === 0 || !error) return;
    const control = controls.current[error.target];
    control?.focus();
    // The whole field, its message included, in view (not under the sticky Apply bar).
    control?.closest('.apply-field')?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  function loadStates(countryId: string) {
    fetchStates(Number(countryId)).then(
      (list) => {
        if (countryRef.current === countryId) setStates(list);
      },
      () => {
        if (countryRef.current !== countryId) return;
        show({ target: 'stateId', message: STATES_FAILED }, false);
      },
    );
  }

  function show(shown: ShownError, moveFocus = true) {
    setError(shown);
    if (moveFocus) setFocusRequest((n) => n + 1);
  }

  function hideErrorOf(field: ErrorTarget) {
    setError((current) => (current?.target === field ? null : current));
  }

  function setText(field: DraftTextField, value: string) {
    setDraft((current) => ({ ...current, [field]: typedValue(field, value) }));
    hideErrorOf(field as ErrorTarget);
  }

  function onCountryChange(value: string) {
    countryRef.current = value;
    setDraft((current) => ({ ...current, countryId: value, stateId: '' }));
    setStates([]);
    hideErrorOf('countryId');
    if (value !== '') loadStates(value);
  }

  function resetFile() {
    if (fileInput.current) fileInput.current.value = '';
    setDraft((current) => ({ ...current, resume: null }));
  }

  function clearAll() {
    if (submittingRef.current) return;
    countryRef.current = '';
    draftStore.clear();
    setDraft(emptyDraft());
    setStates([]);
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function showRuleFailure(failure: FieldError) {
    if (resetsFileInput(failure)) resetFile();
    show({ target: failure.field as ApplicationField, message: failure.message });
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submittingRef.current) return;
    setError(null);
    const fields = applicantFields(draft);
    // Text fields are trimmed (docs/careers.md); the visitor sees what will be sent.
    setDraft((current) => ({
      ...current,
      ...fieldsAsText(fields),
      referredBy: current.referredBy.trim(),
    }));
    if (!place.check()) return;
    const file = draft.resume;
    const firstFailure = validateApplication(fields, resumeFacts(file))[0];
    if (firstFailure || !file) {
      if (firstFailure) showRuleFailure(firstFailure);
      return;
    }
    if (!questions) {
      show({ target: 'form', message: QUESTIONS_FAILED });
      return;
    }
    const answerFailure = firstAnswerError(questions, draft.answers);
    if (answerFailure) {
      show({ target: answerFailure.field as ErrorTarget, message: answerFailure.message });
      return;
    }

    submittingRef.current = true;
    setSubmitting(true);
    try {
      let bytes: ArrayBuffer;
      try {
        bytes = await readFileBytes(file);
      } catch {
        console.error('Error reading file content.');
        show({ target: 'resume', message: READ_FAILED_MESSAGE });
        return;
      }
      const afterRead = validateApplication(fields, resumeFacts(file, bytes.byteLength))[0];
      if (afterRead) {
        showRuleFailure(afterRead);
        return;
      }
      const controller = new AbortController();
      upload.current = controller;
      setProgress({ percent: 0, sent: 0, total: file.size });
      setSpokenStep(0);
      const application = {
        ...applicationInput(draft),
        answers: answersFor(questions, draft.answers),
        locationIndex: place.payload().locationIndex ?? null,
      };
      const resume = { name: file.name, type: file.type, bytes };
      const created = await sendApplication(job.id, application, resume, {
        signal: controller.signal,
        onProgress: (sent, total) => {
          const share = total > 0 ? sent / total : 0;
          const percent = Math.min(100, Math.floor(share * 100));
          setProgress({ percent, sent: Math.round(share * file.size), total: file.size });
          setSpokenStep((step) => Math.max(step, Math.floor(percent / 25) * 25));
        },
      });
      draftStore.clear();
      onApplied(created);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') {
        show({ target: 'form', message: UPLOAD_CANCELLED });
      } else if (!place.takeServerError(failure)) {
        show(serverError(failure, questions));
      }
    } finally {
      upload.current = null;
      submittingRef.current = false;
      setSubmitting(false);
      setProgress(null);
    }
  }

  // Closing the dialog mid-upload stops sending.
  useEffect(() => () => upload.current?.abort(), []);

  const errorFor = (field: ErrorTarget) => (error?.target === field ? error.message : undefined);
  const register = (field: ErrorTarget) => (element: HTMLElement | null) => {
    controls.current[field] = element;
  };
  const textField = (
    field: DraftTextField & ErrorTarget,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> & { 'data-autofocus'?: boolean } = {},
    hint?: string,
  ) => (
    <Field id={`${id}-${field}`} label={label} required hint={hint} error={errorFor(field)}>
      {(describedBy, invalid) => (
        <input
          ref={register(field)}
          id={`${id}-${field}`}
          name={field}
          type="text"
          value={draft[field]}
          onChange={(event) => setText(field, event.target.value)}
          aria-required="true"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...props}
        />
      )}
    </Field>
  );

  return (
    <form
      ref={formRef}
      className="apply-form"
      noValidate
      onSubmit={submit}
      aria-busy={submitting || undefined}
    >
      <p className="apply-form__job">
        <span className="apply-form__job-label">Applying for</span>{' '}
        <strong>
          {job.code} - {job.title}
        </strong>
        {job.location ? <span className="apply-form__job-location"> · {job.location}</span> : null}
      </p>
      <p className="apply-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>

      {error?.target === 'form' ? (
        <div ref={register('form')} className="apply-form__alert" role="alert" tabIndex={-1}>
          {error.message}
        </div>
      ) : null}
      {asked.status === 'failed' ? (
        <div className="apply-form__alert" role="alert">
          {QUESTIONS_FAILED}{' '}
          <button
            type="button"
            className="apply-form__retry"
            onClick={() => setQuestionsAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      ) : null}
      {optionsFailed ? (
        <div className="apply-form__alert" role="alert">
          {OPTIONS_FAILED}{' '}
          <button
            type="button"
            className="apply-form__retry"
            onClick={() => setOptionsAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      ) : null}

      <div className="apply-form__grid">
        <PlaceChoice choice={place} idPrefix={id} />
        {textField('firstName', 'First Name', {
          autoComplete: 'given-name',
          'data-autofocus': true,
        })}
        {textField('lastName', 'Last Name', { autoComplete: 'family-name' })}
        {textField(
          'mobileNumber',
          'Mobile Number',
          { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
          '10 digits, numbers only',
        )}
        <Field id={`${id}-countryId`} label="Country" required error={errorFor('countryId')}>
          {(describedBy, invalid) => (
            <select
              ref={register('countryId')}
              id={`${id}-countryId`}
              name="countryId"
              value={draft.countryId}
              onChange={(event) => onCountryChange(event.target.value)}
              aria-required="true"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              autoComplete="country"
            >
              <option value="">Select Country*</option>
              {countries.map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-stateId`} label="State" required error={errorFor('stateId')}>
          {(describedBy, invalid) => (
            <select
              ref={register('stateId')}
              id={`${id}-stateId`}
              name="stateId"
              value={draft.stateId}
              onChange={(event) => {
                setDraft((current) => ({ ...current, stateId: event.target.value }));
                hideErrorOf('stateId');
              }}
              aria-required="true"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              autoComplete="address-level1"
            >
              <option value="">Select State*</option>
              {states.map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {textField('city', 'city', { autoComplete: 'address-level2' })}
        {textField('email', 'email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        <Field id={`${id}-experience`} label="Experience">
          {(describedBy) => (
            <select
              id={`${id}-experience`}
              name="experience"
              value={draft.experience}
              onChange={(event) => setText('experience', event.target.value)}
              aria-describedby={describedBy}
            >
              <option value="">Select Experience</option>
              {experience.map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={`${id}-referredBy`}
          label="Referred by"
          hint="Optional: who pointed you to this role"
        >
          {(describedBy) => (
            <input
              id={`${id}-referredBy`}
              name="referredBy"
              type="text"
              value={draft.referredBy}
              onChange={(event) => setText('referredBy', event.target.value)}
              aria-describedby={describedBy}
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          id={`${id}-resume`}
          label="Resume"
          required
          wide
          hint={RESUME_LIMIT_TEXT}
          error={errorFor('resume')}
        >
          {(describedBy, invalid) => (
            <input
              ref={(element) => {
                fileInput.current = element;
                controls.current.resume = element;
              }}
              id={`${id}-resume`}
              name="resume"
              type="file"
              accept={RESUME_ACCEPT}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                setDraft((current) => ({ ...current, resume: file }));
                hideErrorOf('resume');
              }}
              aria-required="true"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      </div>

      {questions ? (
        <ApplyQuestions
          idBase={id}
          questions={questions}
          answers={draft.answers}
          onAnswer={(key, value) => {
            setDraft((current) => ({ ...current, answers: { ...current.answers, [key]: value } }));
            hideErrorOf(`answers.${key}`);
          }}
          errorFor={(key) => errorFor(`answers.${key}`)}
          register={(key) => register(`answers.${key}`)}
        />
      ) : null}

      {/* In the scrolling part: on a phone the sticky footer keeps only what acts. */}
      <PrivacyNotice />

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
                  onClick={() => upload.current?.abort()}
                >
                  Cancel sending
                </button>
              </>
            ) : null}
          </div>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {submitting && spokenStep > 0 ? `Sending: ${spokenStep}% sent` : ''}
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
            onClick={clearAll}
            aria-disabled={submitting || undefined}
          >
            Clear
          </button>
        </div>
      </div>
    </form>
  );
}

/** Before Apply: who receives the data, why, how long it is kept, the applicant's rights. */
function PrivacyNotice() {
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

function fieldsAsText(fields: ReturnType<typeof applicantFields>) {
  return {
    firstName: fields.firstName,
    lastName: fields.lastName,
    city: fields.city,
    email: fields.email,
    mobileNumber: fields.mobileNumber,
  };
}

/**
 * A refused or failed submit, as the message the visitor sees and where it goes (an answer's
 * beside its question; one to a question the form does not show, atop the form).
 */
function serverError(failure: unknown, questions: readonly PublicQuestion[]): ShownError {
  if (failure instanceof ApiError) {
    const first = failure.fieldErrors[0];
    if (first) {
      const target = errorTarget(first.field);
      const shown = target.startsWith('answers.')
        ? questions.some((question) => `answers.${question.key}` === target)
        : true;
      return { target: shown ? target : 'form', message: first.message };
    }
    return { target: 'form', message: failure.message };
  }
  return { target: 'form', message: 'Something went wrong while sending. Please try again.' };
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A label, its control, an optional hint and the error message beside it. */
function Field({ id, label, required = false, hint, error, wide = false, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
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
      {children(describedBy, Boolean(error))}
      {hint ? (
        <p id={hintId} className="apply-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="apply-field__error">
          <span aria-hidden="true" className="apply-field__error-icon">
            !
          </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

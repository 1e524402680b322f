import {
  APPLIED_SUCCESSFULLY,
  answerFieldName,
  applyFormFieldNames,
  isApplyFormField,
  optionsOf,
  placeChoices,
  type ApplyPageState,
  type PublicOpening,
  type PublicQuestion,
} from '@lumenfield/contract';
import { jobApplyPath, jobPath, routes } from '@lumenfield/routes';
import type { ReactNode } from 'react';
import { usePageData } from '@/lib/page-data';
import { usePageMeta } from '@/lib/page-meta';
import { RESUME_LIMIT_TEXT, onPlaceChoice } from './application/application-form';
import {
  ApplyForm,
  FieldMessage,
  applyFormControls,
  controlIdOf,
  failuresByField,
} from './components/apply-form';
import { ErrorSummary } from './components/error-summary';
import '@/components/form-control.css';

/**
 * An opening's apply form as a page of its own (docs/careers.md, "Applying without scripts"):
 * a plain form posted as multipart/form-data to its own path, whole without scripts. The server
 * renders it with what was typed and the sentences of the rules that failed.
 */
export function ApplyPage({ jobId }: { jobId: number }) {
  const { job, apply } = usePageData();
  usePageMeta({ title: job ? `Apply: ${job.title} (${job.code})` : routes.jobApply.title });
  if (!job || job.id !== jobId || !apply) {
    // Reached in place (scripts on) without the server's form: the page itself has it.
    return (
      <ApplyIntro title={routes.jobApply.title}>
        <p className="page-intro__lead">
          <a href={jobApplyPath(jobId)} className="button button--on-navy">
            Open the application form
          </a>
        </p>
      </ApplyIntro>
    );
  }
  return (
    <>
      <ApplyIntro title={routes.jobApply.title} eyebrow={`${job.code} - ${job.title}`}>
        <p className="page-intro__lead">{job.location}</p>
      </ApplyIntro>
      <div className="job-body">
        <div className="container">
          <ApplyPageForm job={job} state={apply} />
        </div>
      </div>
    </>
  );
}

/** Where the form's post lands once stored. */
export function AppliedPage({ jobId }: { jobId: number }) {
  const { job } = usePageData();
  usePageMeta({ title: APPLIED_SUCCESSFULLY });
  return (
    <ApplyIntro
      title={APPLIED_SUCCESSFULLY}
      eyebrow={job ? `${job.code} - ${job.title}` : undefined}
    >
      <p className="page-intro__lead">
        Thank you. We have your application and sent you an e-mail to confirm it.
      </p>
      <div className="job-intro__actions">
        <a href={jobPath(jobId)} className="button button--on-navy">
          Back to the opening
        </a>{' '}
        <a href={routes.careers.path} className="button button--on-navy">
          See all openings
        </a>
      </div>
    </ApplyIntro>
  );
}

function ApplyIntro({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <section className="page-intro job-intro">
      <div className="container page-intro__inner">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 id="job-title" className="page-intro__title">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

/** The ids of the page's controls: `apply-<field>` (the summary's links point to them). */
const ID_PREFIX = 'apply';
const controlId = (field: string) => controlIdOf(ID_PREFIX, field);

/** The one apply form, as the server renders it with what was typed and what failed. */
function ApplyPageForm({ job, state }: { job: PublicOpening; state: ApplyPageState }) {
  const { values } = state;
  const errors = onPlaceChoice(state.errors);
  const errorOf = failuresByField(errors);
  const choices = placeChoices(job);
  // Every field, the place and each question asked has a control by its name; nothing else.
  const targetOf = (field: string) => {
    const key = field.startsWith('answers.') ? field.slice('answers.'.length) : undefined;
    const shown =
      key === undefined
        ? field === 'resume' ||
          (isApplyFormField(field) && (field !== 'locationIndex' || choices.length > 1))
        : job.questions.some((question) => question.key === key);
    return shown ? controlId(field) : undefined;
  };

  return (
    <ApplyForm
      className="apply-page-form"
      jobId={job.id}
      idPrefix={ID_PREFIX}
      values={values.fields}
      lists={{ countries: state.countries, states: state.states, experience: state.experience }}
      errorOf={errorOf}
      resume={{
        hint: state.resumeName
          ? `${RESUME_LIMIT_TEXT}. You chose “${state.resumeName}”: a browser cannot keep a file when a form comes back, so please choose it again.`
          : RESUME_LIMIT_TEXT,
      }}
      top={
        <>
          {/* First in the form, so the server judges it before any file arrives. */}
          <input type="hidden" name={applyFormFieldNames.xsrf} value={state.xsrfToken} />
          {state.problem ? (
            <div className="apply-form__alert" role="alert">
              {state.problem.message} What you typed could not be kept; please fill in the form
              again.
            </div>
          ) : null}
          <ErrorSummary errors={errors} targetOf={targetOf} heading="h2" />
        </>
      }
      afterCountry={
        <div className="apply-field apply-page-form__states">
          <button
            type="submit"
            name={applyFormFieldNames.showStates}
            value="1"
            className="button button--secondary"
            aria-describedby="apply-states-hint"
          >
            Show states
          </button>
          <p id="apply-states-hint" className="apply-field__hint">
            {state.statesShown
              ? 'The states of the chosen country are in the list below.'
              : 'Choose a country, then press this to list its states. Nothing is sent for review.'}
          </p>
        </div>
      }
      after={
        <>
          {choices.length > 1 ? (
            <fieldset
              className="apply-page-form__group"
              id={controlId('locationIndex')}
              aria-describedby={errorOf('locationIndex') ? 'apply-locationIndex-error' : undefined}
              tabIndex={-1}
            >
              <legend className="apply-field__label">
                {applyFormControls.locationIndex.label}
                <span aria-hidden="true"> *</span>
              </legend>
              {choices.map((choice) => (
                <label key={choice.value} className="apply-page-form__choice">
                  <input
                    type="radio"
                    name={applyFormFieldNames.locationIndex}
                    value={choice.value}
                    defaultChecked={values.fields.locationIndex === choice.value}
                  />{' '}
                  {choice.label}
                </label>
              ))}
              <FieldMessage id="apply-locationIndex-error" message={errorOf('locationIndex')} />
            </fieldset>
          ) : null}
          {job.questions.map((question) => (
            <QuestionField
              key={question.key}
              question={question}
              value={values.answers[question.key]}
              error={errorOf(`answers.${question.key}`)}
            />
          ))}
        </>
      }
      footer={
        <div className="apply-form__actions">
          <button type="submit" className="button button--primary">
            Apply
          </button>
          <a href={jobPath(job.id)} className="button button--secondary">
            Back to the opening
          </a>
        </div>
      }
    />
  );
}

/** One of the opening's questions, by its type. */
function QuestionField({
  question,
  value,
  error,
}: {
  question: PublicQuestion;
  value: string | string[] | undefined;
  error: string | undefined;
}) {
  const field = `answers.${question.key}`;
  const id = controlId(field);
  const errorId = `${id}-error`;
  const name = answerFieldName(question.key);
  const single = typeof value === 'string' ? value : '';
  const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const mark = question.required ? <span aria-hidden="true"> *</span> : <span> (optional)</span>;
  if (
    question.type === 'single_select' ||
    question.type === 'yes_no' ||
    question.type === 'multi_select'
  ) {
    const multi = question.type === 'multi_select';
    return (
      <fieldset
        className="apply-page-form__group"
        id={id}
        tabIndex={-1}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend className="apply-field__label">
          {question.label}
          {mark}
        </legend>
        {optionsOf(question).map((option) => (
          <label key={option} className="apply-page-form__choice">
            <input
              type={multi ? 'checkbox' : 'radio'}
              name={name}
              value={option}
              defaultChecked={chosen.includes(option)}
            />{' '}
            {option}
          </label>
        ))}
        <FieldMessage id={errorId} message={error} />
      </fieldset>
    );
  }
  const common = {
    className: 'form-control',
    id,
    name,
    defaultValue: single,
    'aria-required': question.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={`apply-field apply-field--wide${error ? ' apply-field--invalid' : ''}`}>
      <label className="apply-field__label" htmlFor={id}>
        {question.label}
        {mark}
      </label>
      {question.type === 'long_text' ? (
        <textarea {...common} rows={5} maxLength={4000} />
      ) : (
        <input
          {...common}
          type={
            question.type === 'number'
              ? 'text'
              : question.type === 'date'
                ? 'date'
                : question.type === 'url'
                  ? 'url'
                  : 'text'
          }
          inputMode={question.type === 'number' ? 'decimal' : undefined}
        />
      )}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

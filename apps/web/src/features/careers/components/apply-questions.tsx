import {
  LONG_TEXT_MAX,
  SHORT_TEXT_MAX,
  optionsOf,
  type AnswerValue,
  type PublicQuestion,
} from '@lumenfield/contract';
import type { ReactNode } from 'react';
import { toggled } from '../application/answers';
import '@/components/form-control.css';
import './apply-questions.css';

/** More options than this and a one-choice question is a select rather than radios. */
export const MAX_RADIOS = 6;

/** The id of a question's control, `<idBase>-q-<key>`; a group's first choice has `-0` after it. */
export function questionControlId(idBase: string, question: PublicQuestion): string {
  const id = `${idBase}-q-${question.key}`;
  const group =
    question.type === 'multi_select' ||
    question.type === 'yes_no' ||
    (question.type === 'single_select' && optionsOf(question).length <= MAX_RADIOS);
  return group ? `${id}-0` : id;
}

export interface ApplyQuestionsProps {
  /** Prefix of the element ids (the form's own id). */
  idBase: string;
  questions: readonly PublicQuestion[];
  answers: Readonly<Record<string, AnswerValue>>;
  onAnswer: (key: string, value: AnswerValue) => void;
  /** The message shown beside a question, if any. */
  errorFor: (key: string) => string | undefined;
}

/** The opening's own questions, each as its type asks (docs/careers.md "Questions"). */
export function ApplyQuestions({
  idBase,
  questions,
  answers,
  onAnswer,
  errorFor,
}: ApplyQuestionsProps) {
  if (questions.length === 0) return null;
  return (
    <section className="apply-questions" aria-labelledby={`${idBase}-questions`}>
      <h3 className="apply-questions__title" id={`${idBase}-questions`}>
        Questions about this role
      </h3>
      <div className="apply-questions__list">
        {questions.map((question) => (
          <QuestionField
            key={question.key}
            id={`${idBase}-q-${question.key}`}
            question={question}
            value={answers[question.key]}
            onAnswer={(value) => onAnswer(question.key, value)}
            error={errorFor(question.key)}
          />
        ))}
      </div>
    </section>
  );
}

interface QuestionFieldProps {
  id: string;
  question: PublicQuestion;
  value: AnswerValue | undefined;
  onAnswer: (value: AnswerValue) => void;
  error: string | undefined;
}

function Marker({ required }: { required: boolean }) {
  return required ? (
    <span className="apply-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : (
    <span className="apply-field__optional"> (optional)</span>
  );
}

function ErrorLine({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="apply-field__error">
      <span aria-hidden="true" className="apply-field__error-icon">
        !
      </span>
      {error}
    </p>
  ) : null;
}

function QuestionField({ id, question, value, onAnswer, error }: QuestionFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const text = typeof value === 'string' ? value : '';
  const invalid = error ? true : undefined;
  const required = question.required;
  const frame = (children: ReactNode, hint?: string) => (
    <div className={`apply-field apply-field--wide${error ? ' apply-field--invalid' : ''}`}>
      <label className="apply-field__label" htmlFor={id}>
        {question.label}
        <Marker required={required} />
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="apply-field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorLine id={errorId} error={error} />
    </div>
  );
  const describedBy = (hint: boolean) =>
    [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    className: 'form-control',
    id,
    name: `answers.${question.key}`,
    'aria-required': required || undefined,
    'aria-invalid': invalid,
  };

  switch (question.type) {
    case 'short_text':
      return frame(
        <input
          {...common}
          type="text"
          maxLength={SHORT_TEXT_MAX}
          value={text}
          aria-describedby={describedBy(false)}
          onChange={(event) => onAnswer(event.target.value)}
        />,
      );
    case 'long_text':
      return frame(
        <textarea
          {...common}
          rows={5}
          maxLength={LONG_TEXT_MAX}
          value={text}
          aria-describedby={describedBy(true)}
          onChange={(event) => onAnswer(event.target.value)}
        />,
        `Up to ${LONG_TEXT_MAX.toLocaleString('en-US')} characters`,
      );
    case 'number':
      return frame(
        <input
          {...common}
          type="text"
          inputMode="decimal"
          value={text}
          aria-describedby={describedBy(true)}
          onChange={(event) => onAnswer(event.target.value)}
        />,
        'A number, such as 5 or 2.5',
      );
    case 'date':
      return frame(
        <input
          {...common}
          type="date"
          value={text}
          aria-describedby={describedBy(false)}
          onChange={(event) => onAnswer(event.target.value)}
        />,
      );
    case 'url':
      return frame(
        <input
          {...common}
          type="url"
          inputMode="url"
          value={text}
          aria-describedby={describedBy(true)}
          onChange={(event) => onAnswer(event.target.value)}
        />,
        'Starting with https:// or http://',
      );
    case 'single_select':
    case 'yes_no': {
      const options = optionsOf(question);
      if (question.type === 'single_select' && options.length > MAX_RADIOS) {
        return frame(
          <select
            {...common}
            value={text}
            aria-describedby={describedBy(false)}
            onChange={(event) => onAnswer(event.target.value)}
          >
            <option value="">Choose one</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>,
        );
      }
      return (
        <ChoiceGroup
          id={id}
          question={question}
          error={error}
          role="radiogroup"
          options={options}
          render={(option, index) => (
            <input
              type="radio"
              id={`${id}-${index}`}
              name={`answers.${question.key}`}
              value={option}
              checked={text === option}
              aria-invalid={invalid}
              onChange={() => onAnswer(option)}
            />
          )}
        />
      );
    }
    case 'multi_select': {
      const options = optionsOf(question);
      return (
        <ChoiceGroup
          id={id}
          question={question}
          error={error}
          hint="Choose all that apply"
          options={options}
          render={(option, index) => (
            <input
              type="checkbox"
              id={`${id}-${index}`}
              name={`answers.${question.key}`}
              value={option}
              checked={Array.isArray(value) && value.includes(option)}
              aria-invalid={invalid}
              onChange={(event) => onAnswer(toggled(options, value, option, event.target.checked))}
            />
          )}
        />
      );
    }
  }
}

/** Radios or checkboxes in a fieldset whose legend is the question. */
function ChoiceGroup({
  id,
  question,
  error,
  hint,
  role,
  options,
  render,
}: {
  id: string;
  question: PublicQuestion;
  error: string | undefined;
  hint?: string;
  role?: 'radiogroup';
  options: readonly string[];
  render: (option: string, index: number) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`apply-field apply-field--wide apply-choices${error ? ' apply-field--invalid' : ''}`}
      role={role}
      aria-required={role && question.required ? true : undefined}
      aria-invalid={role && error ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="apply-field__label">
        {question.label}
        <Marker required={question.required} />
        {question.required && !role ? <span className="visually-hidden"> (required)</span> : null}
      </legend>
      {hint ? (
        <p id={hintId} className="apply-field__hint">
          {hint}
        </p>
      ) : null}
      <div className="apply-choices__options">
        {options.map((option, index) => (
          <div className="apply-choices__option" key={option}>
            {render(option, index)}
            <label htmlFor={`${id}-${index}`}>{option}</label>
          </div>
        ))}
      </div>
      <ErrorLine id={errorId} error={error} />
    </fieldset>
  );
}

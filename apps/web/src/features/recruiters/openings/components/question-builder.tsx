import { useId, useRef, useState } from 'react';
import {
  CHOICE_TYPES,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  SHORT_TEXT_MAX,
  questionTypeLabels,
  questionTypeSchema,
  type FieldError,
} from '@lumenfield/contract';
import { fieldSentence } from '../../common/components/fields';
import { draftOf, isSelect, offeredOptions, type QuestionDraft } from '../question-drafts';
import './question-builder.css';

/*
 * The opening form's question builder (docs/recruiters.md "Questions"): a recruiter adds, edits,
 * reorders and removes the opening's own questions. A question's key (what answers are keyed by)
 * follows its label until the opening is saved with it, and never changes after that.
 */

/** The server's message for `questions.<index>.<field>` (or the whole list, index null). */
function errorOf(errors: FieldError[], index: number | null, field?: string) {
  const name = index === null ? 'questions' : `questions.${index}.${field}`;
  return errors.find((error) => {
    const field = error.field.toLowerCase();
    return field === name.toLowerCase() || field.startsWith(`${name.toLowerCase()}.`);
  })?.message;
}

/** An error said as a sentence naming its field (ui.tsx, fieldSentence). */
const sentenceOf = (label: string, message: string | undefined) =>
  message === undefined ? undefined : fieldSentence(label, message);

export interface QuestionBuilderProps {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  /** The last save's field errors; those named `questions…` are shown here. */
  errors: FieldError[];
}

export function QuestionBuilder({ questions, onChange, errors }: QuestionBuilderProps) {
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  /** Where focus goes after a move or a removal, once the list has re-rendered. */
  const list = useRef<HTMLOListElement>(null);
  const full = questions.length >= MAX_QUESTIONS;
  const listError = sentenceOf('Questions', errorOf(errors, null));

  const focusLater = (selector: string) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(selector)?.focus());

  const update = (uid: number, change: Partial<QuestionDraft>) =>
    onChange(questions.map((q) => (q.uid === uid ? { ...q, ...change } : q)));

  const add = () => {
    if (full) return;
    const draft = draftOf();
    onChange([...questions, draft]);
    setAnnouncement(`Question ${questions.length + 1} added.`);
    focusLater(`#${CSS.escape(`${id}-${draft.uid}-label`)}`);
  };

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const moving = questions[index];
    if (!moving || target < 0 || target >= questions.length) return;
    const next = [...questions];
    next.splice(index, 1);
    next.splice(target, 0, moving);
    onChange(next);
    setAnnouncement(`Question moved to position ${target + 1} of ${questions.length}.`);
    // Keep focus on the button pressed, unless it is now disabled (the other one then).
    const edge = target === 0 || target === questions.length - 1;
    const button = by === -1 ? (edge ? 'down' : 'up') : edge ? 'up' : 'down';
    focusLater(`#${CSS.escape(`${id}-${moving.uid}-${button}`)}`);
  };

  const remove = (index: number) => {
    const removed = questions[index];
    if (!removed) return;
    onChange(questions.filter((q) => q.uid !== removed.uid));
    setAnnouncement(`Question ${index + 1} removed.`);
    const neighbour = questions[index + 1] ?? questions[index - 1];
    if (neighbour) focusLater(`#${CSS.escape(`${id}-${neighbour.uid}-label`)}`);
    else requestAnimationFrame(() => document.getElementById(`${id}-add`)?.focus());
  };

  return (
    <fieldset className="qb" aria-describedby={`${id}-intro`}>
      <legend>Questions</legend>
      <p id={`${id}-intro`} className="rc-field__hint">
        Up to {MAX_QUESTIONS} questions of your own, asked in this order in the application.
        Knock-out answers only flag an applicant (&ldquo;Does not meet&rdquo;); a person decides.
      </p>
      {listError ? (
        <p className="rc-field__error" id={`${id}-list-error`}>
          {listError}
        </p>
      ) : null}
      {questions.length > 0 ? (
        <ol className="qb__list" ref={list}>
          {questions.map((question, index) => (
            <QuestionRow
              key={question.uid}
              baseId={`${id}-${question.uid}`}
              question={question}
              index={index}
              count={questions.length}
              errors={errors}
              onUpdate={(change) => update(question.uid, change)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      ) : (
        <p className="qb__none">No questions: applicants send the standard fields only.</p>
      )}
      <div className="qb__add">
        <button
          type="button"
          id={`${id}-add`}
          className="button button--secondary"
          onClick={add}
          aria-disabled={full || undefined}
          aria-describedby={full ? `${id}-full` : undefined}
        >
          Add a question
        </button>
        {full ? (
          <p id={`${id}-full`} className="rc-field__hint">
            An opening may ask at most {MAX_QUESTIONS} questions; remove one to add another.
          </p>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

interface QuestionRowProps {
  baseId: string;
  question: QuestionDraft;
  index: number;
  count: number;
  errors: FieldError[];
  onUpdate: (change: Partial<QuestionDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function QuestionRow({
  baseId,
  question,
  index,
  count,
  errors,
  onUpdate,
  onMove,
  onRemove,
}: QuestionRowProps) {
  const number = index + 1;
  const name = question.label.trim() || `Question ${number}`;
  const offered = offeredOptions(question);
  const headingId = `${baseId}-heading`;
  const error = (field: string) => errorOf(errors, index, field);
  const labelError = sentenceOf('Question', error('label') ?? error('key'));
  const typeError = sentenceOf('Answered as', error('type'));
  const optionsError = sentenceOf('Options', error('options'));
  const knockoutError = sentenceOf('Knock-out answers', error('knockout'));
  const described = (hint: string | null, err: string | undefined, field: string) =>
    [hint, err ? `${baseId}-${field}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <li className="qb__item" aria-labelledby={headingId}>
      <div className="qb__head">
        <h3 className="qb__title" id={headingId}>
          <span className="qb__number">{number}.</span> {name}
        </h3>
        <div className="qb__tools">
          <button
            type="button"
            id={`${baseId}-up`}
            className="button button--secondary qb__tool"
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={`Move “${name}” up`}
          >
            Move up
          </button>
          <button
            type="button"
            id={`${baseId}-down`}
            className="button button--secondary qb__tool"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={`Move “${name}” down`}
          >
            Move down
          </button>
          <button
            type="button"
            className="button button--secondary qb__tool qb__remove"
            onClick={onRemove}
            aria-label={`Remove “${name}”`}
          >
            Remove
          </button>
        </div>
      </div>
      <div className="qb__fields">
        <div className="rc-field qb__label">
          <label htmlFor={`${baseId}-label`}>Question</label>
          <input
            id={`${baseId}-label`}
            value={question.label}
            maxLength={SHORT_TEXT_MAX}
            required
            aria-invalid={labelError ? true : undefined}
            aria-describedby={described(question.key ? `${baseId}-key` : null, labelError, 'label')}
            onChange={(event) => onUpdate({ label: event.target.value })}
          />
          {question.key ? (
            <p className="rc-field__hint" id={`${baseId}-key`}>
              Answers are filed under <code>{question.key}</code>, whatever the wording.
            </p>
          ) : null}
          {labelError ? (
            <p className="rc-field__error" id={`${baseId}-label-error`}>
              {labelError}
            </p>
          ) : null}
        </div>
        <div className="rc-field">
          <label htmlFor={`${baseId}-type`}>Answered as</label>
          <select
            id={`${baseId}-type`}
            value={question.type}
            aria-invalid={typeError ? true : undefined}
            aria-describedby={described(null, typeError, 'type')}
            onChange={(event) => {
              const type = questionTypeSchema.parse(event.target.value);
              onUpdate({ type, knockout: CHOICE_TYPES.has(type) ? question.knockout : [] });
            }}
          >
            {questionTypeSchema.options.map((type) => (
              <option key={type} value={type}>
                {questionTypeLabels[type]}
              </option>
            ))}
          </select>
          {typeError ? (
            <p className="rc-field__error" id={`${baseId}-type-error`}>
              {typeError}
            </p>
          ) : null}
        </div>
        <div className="qb__required">
          <input
            type="checkbox"
            id={`${baseId}-required`}
            checked={question.required}
            onChange={(event) => onUpdate({ required: event.target.checked })}
          />
          <label htmlFor={`${baseId}-required`}>Answer required</label>
        </div>
      </div>
      {isSelect(question.type) ? (
        <div className="rc-field">
          <label htmlFor={`${baseId}-options`}>Options</label>
          <textarea
            id={`${baseId}-options`}
            rows={4}
            value={question.options}
            aria-invalid={optionsError ? true : undefined}
            aria-describedby={described(`${baseId}-options-hint`, optionsError, 'options')}
            onChange={(event) => onUpdate({ options: event.target.value })}
          />
          <p className="rc-field__hint" id={`${baseId}-options-hint`}>
            One per line, in the order shown; at least 2, at most {MAX_OPTIONS}.
          </p>
          {optionsError ? (
            <p className="rc-field__error" id={`${baseId}-options-error`}>
              {optionsError}
            </p>
          ) : null}
        </div>
      ) : null}
      {CHOICE_TYPES.has(question.type) ? (
        <fieldset
          className="qb__knockout"
          aria-describedby={
            [`${baseId}-knockout-hint`, knockoutError ? `${baseId}-knockout-error` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
        >
          <legend>Knock-out answers</legend>
          <p className="rc-field__hint" id={`${baseId}-knockout-hint`}>
            An applicant who gives one of these is flagged &ldquo;Does not meet: {name}&rdquo;.
          </p>
          {offered.length === 0 ? (
            <p className="qb__none">Write the options first.</p>
          ) : (
            <div className="qb__choices">
              {offered.map((answer, n) => (
                <div className="qb__choice" key={`${n}-${answer}`}>
                  <input
                    type="checkbox"
                    id={`${baseId}-knockout-${n}`}
                    checked={question.knockout.includes(answer)}
                    onChange={(event) =>
                      onUpdate({
                        knockout: event.target.checked
                          ? [...question.knockout.filter((a) => a !== answer), answer]
                          : question.knockout.filter((a) => a !== answer),
                      })
                    }
                  />
                  <label htmlFor={`${baseId}-knockout-${n}`}>{answer}</label>
                </div>
              ))}
            </div>
          )}
          {knockoutError ? (
            <p className="rc-field__error" id={`${baseId}-knockout-error`}>
              {knockoutError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </li>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CC305,
  DECLINE,
  SELF_ID_API_PATH,
  cc305Expiry,
  selfIdCopy,
  selfIdQuestions,
  selfIdReceivedSchema,
  type SelfIdAnswersInput,
  type SelfIdQuestion,
} from '@lumenfield/contract';
import { ApiError, apiRequest } from '@/lib/api-client';
import './self-id-form.css';

type Answers = Record<SelfIdQuestion['key'], string[]>;
const NOTHING_CHOSEN: Answers = { gender: [], raceEthnicity: [], veteran: [], disability: [] };

/** The answers as the endpoint takes them: a question left alone is not sent (declined). */
function toBody(answers: Answers): SelfIdAnswersInput {
  const body: Record<string, string | string[]> = {};
  for (const question of selfIdQuestions) {
    const chosen = answers[question.key];
    if (chosen.length === 0) continue;
    body[question.key] = question.multiple ? chosen : chosen[0]!;
  }
  return body as SelfIdAnswersInput;
}

/** The disability question's own header and text: Form CC-305, rendered from its data. */
function Cc305Text() {
  return (
    <div className="self-id__cc305">
      <p className="self-id__form-id">
        <span>{CC305.formNumber}</span>
        <span>{CC305.pageLabel}</span>
        <span>OMB Control Number {CC305.ombControlNumber}</span>
        <span>{cc305Expiry()}</span>
      </p>
      <p className="self-id__subheading">{CC305.whyHeading}</p>
      {CC305.why.map((text) => (
        <p key={text.slice(0, 24)}>{text}</p>
      ))}
      <p className="self-id__subheading">{CC305.knowHeading}</p>
      <p>{CC305.know}</p>
      <ul className="self-id__examples">
        {CC305.examples.map((example) => (
          <li key={example}>{example}</li>
        ))}
      </ul>
      <p>{CC305.choose}</p>
    </div>
  );
}

function Question({
  question,
  chosen,
  onChange,
}: {
  question: SelfIdQuestion;
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  const toggle = (value: string, checked: boolean) => {
    if (!question.multiple) return onChange(checked ? [value] : []);
    // "I do not wish to answer" stands alone: choosing it clears the categories, and back.
    if (!checked) return onChange(chosen.filter((v) => v !== value));
    if (value === DECLINE.value) return onChange([DECLINE.value]);
    return onChange([...chosen.filter((v) => v !== DECLINE.value), value]);
  };
  return (
    <fieldset className="self-id__question">
      <legend>{question.legend}</legend>
      {question.key === 'disability' ? <Cc305Text /> : null}
      {question.intro.map((text) => (
        <p key={text.slice(0, 24)}>{text}</p>
      ))}
      {question.definitions ? (
        <>
          <p>{question.definitions.heading}</p>
          <dl className="self-id__definitions">
            {question.definitions.items.map((item) => (
              <div key={item.term ?? item.text}>
                {item.term ? <dt>{item.term}</dt> : null}
                <dd>{item.text}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <div className="self-id__options">
        {question.options.map((option) => {
          const inputId = `${id}-${option.value}`;
          return (
            <div className="self-id__option" key={option.value}>
              <input
                id={inputId}
                type={question.multiple ? 'checkbox' : 'radio'}
                name={`self-id-${question.key}`}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              <label htmlFor={inputId}>{option.label}</label>
            </div>
          );
        })}
      </div>
      {question.key === 'disability' ? (
        <p className="self-id__burden">{CC305.burdenStatement}</p>
      ) : null}
    </fieldset>
  );
}

type Sending = 'closed' | 'open' | 'sending' | 'sent' | { error: string };

/**
 * The voluntary self-identification offer in the apply dialog's success state (`SELF_ID=us`:
 * the apply answer carried `token`). Clearly optional, kept apart from the application: it is
 * opened by the candidate, sent with the one-time token, and never changes the application.
 */
export function SelfIdOffer({ token }: { token: string }) {
  const [state, setState] = useState<Sending>('closed');
  const [answers, setAnswers] = useState<Answers>(NOTHING_CHOSEN);
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasOpened = useRef(false);
  const headingId = useId();

  const formShown = state === 'open' || state === 'sending' || typeof state === 'object';
  useEffect(() => {
    if (state === 'open') {
      wasOpened.current = true;
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    }
    // "No thanks" folds the form away: focus goes back to the button that opened it.
    if (state === 'closed' && wasOpened.current) openerRef.current?.focus();
    if (state === 'sent' || typeof state === 'object') outcomeRef.current?.focus();
  }, [state]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'sending') return;
    setState('sending');
    try {
      await apiRequest('POST', SELF_ID_API_PATH, {
        body: { token, answers: toBody(answers) },
        schema: selfIdReceivedSchema,
      });
      setState('sent');
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.status === 410
          ? selfIdCopy.expired
          : failure instanceof Error
            ? failure.message
            : 'Your answers could not be sent.';
      setState({ error: message });
    }
  };

  return (
    <section className="self-id" aria-labelledby={headingId}>
      <h3 id={headingId} className="self-id__heading">
        {selfIdCopy.heading} <span className="self-id__optional">(optional)</span>
      </h3>
      <p>{selfIdCopy.optional}</p>
      <p>
        {selfIdCopy.apart} {selfIdCopy.erased}
      </p>
      {state === 'sent' ? (
        <p className="self-id__outcome" role="status" tabIndex={-1} ref={outcomeRef}>
          {selfIdCopy.thanks}
        </p>
      ) : null}
      {state === 'closed' ? (
        <button
          ref={openerRef}
          type="button"
          className="button button--secondary"
          aria-expanded="false"
          onClick={() => setState('open')}
        >
          Answer the optional form
        </button>
      ) : null}
      {formShown ? (
        <form
          ref={formRef}
          className="self-id__form"
          aria-labelledby={headingId}
          onSubmit={(event) => void send(event)}
          noValidate
        >
          {selfIdQuestions.map((question) => (
            <Question
              key={question.key}
              question={question}
              chosen={answers[question.key]}
              onChange={(next) => setAnswers((current) => ({ ...current, [question.key]: next }))}
            />
          ))}
          {typeof state === 'object' ? (
            <p
              className="self-id__outcome self-id__outcome--error"
              role="alert"
              tabIndex={-1}
              ref={outcomeRef}
            >
              {state.error}
            </p>
          ) : null}
          <div className="self-id__actions">
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={state === 'sending' ? 'true' : undefined}
            >
              {selfIdCopy.submit}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setAnswers(NOTHING_CHOSEN);
                setState('closed');
              }}
            >
              {selfIdCopy.skip}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

import { useRef, useState } from 'react';
import type { PlaceChoiceOption } from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';

/*
 * "Where would you work?" in the apply dialog (docs/careers.md): asked when the opening has two
 * or more places or remote countries (placeChoices), required, sent as `locationIndex` (a
 * place's index, or a remote country as "remote-PL", as the page without scripts posts it).
 * The dialog opened from the careers list knows only the row, so the places come from the
 * opening's detail then.
 */

export const PLACE_REQUIRED = 'Please choose the place you would work from.';

export interface PlaceChoiceState {
  choices: PlaceChoiceOption[];
  /** The chosen choice's value ("1", "remote-PL"). */
  value: string | null;
  choose: (value: string) => void;
  error: string | undefined;
  /** Before sending: false (with the error shown and focus on the group) when a choice is missing. */
  check: () => boolean;
  /** The application's part: `locationIndex`'s text, '' when there is no choice to send. */
  payload: () => { locationIndex: string };
  /** Shows the server's refusal of the choice beside the group; false when it is about something else. */
  takeServerError: (failure: unknown) => boolean;
  groupRef: React.RefObject<HTMLFieldSetElement | null>;
}

/**
 * The choice of place, over the opening's choices as the form has them (from the job page's
 * opening, or read from its detail with its questions: use-opening-questions.ts). Until they are known
 * there is nothing to choose; without them the dialog sends no choice and the server's sentence
 * asks for one.
 */
export function usePlaceChoice(choices: PlaceChoiceOption[]): PlaceChoiceState {
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const groupRef = useRef<HTMLFieldSetElement>(null);

  const focusGroup = () =>
    requestAnimationFrame(() => groupRef.current?.querySelector<HTMLElement>('input')?.focus());

  return {
    choices,
    value,
    error,
    groupRef,
    choose: (next) => {
      setValue(next);
      setError(undefined);
    },
    check: () => {
      if (choices.length < 2 || value !== null) return true;
      setError(PLACE_REQUIRED);
      focusGroup();
      return false;
    },
    payload: () => ({ locationIndex: choices.length > 1 && value !== null ? value : '' }),
    takeServerError: (failure) => {
      if (!(failure instanceof ApiError)) return false;
      const refusal = failure.fieldErrors.find(
        (e) => e.field === 'locationIndex' || e.field === 'remoteCountry',
      );
      if (!refusal) return false;
      setError(refusal.message);
      focusGroup();
      return true;
    },
  };
}

/** The radio group; nothing when the opening has one place (or remote country) only. */
export function PlaceChoice({ choice, idPrefix }: { choice: PlaceChoiceState; idPrefix: string }) {
  if (choice.choices.length < 2) return null;
  const errorId = `${idPrefix}-place-error`;
  return (
    <fieldset
      ref={choice.groupRef}
      className={`apply-field apply-field--wide apply-place${choice.error ? ' apply-field--invalid' : ''}`}
      aria-describedby={choice.error ? errorId : undefined}
    >
      <legend className="apply-field__label">
        Where would you work?
        <span className="apply-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="apply-place__options">
        {choice.choices.map((option) => {
          const id = `${idPrefix}-place-${option.value}`;
          return (
            <div key={option.value} className="apply-place__option">
              <input
                id={id}
                type="radio"
                name="locationIndex"
                value={option.value}
                required
                checked={choice.value === option.value}
                onChange={() => choice.choose(option.value)}
                aria-invalid={choice.error ? true : undefined}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
      {choice.error ? (
        <p id={errorId} className="apply-field__error">
          <span aria-hidden="true" className="apply-field__error-icon">
            !
          </span>
          {choice.error}
        </p>
      ) : null}
    </fieldset>
  );
}

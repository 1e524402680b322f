import { useState } from 'react';
import type { FieldError, PlaceChoiceOption } from '@lumenfield/contract';
import { FieldMessage } from './apply-form';

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
  /** Before sending: the refusal when a choice is missing (the form lists it with the rest). */
  failures: () => FieldError[];
  /** The application's part: `locationIndex`'s text, '' when there is no choice to send. */
  payload: () => { locationIndex: string };
}

/**
 * The choice of place, over the opening's choices as the form has them (from the job page's
 * opening, or read from its detail with its questions: use-opening-questions.ts). Until they are
 * known there is nothing to choose; without them the dialog sends no choice and the server's
 * sentence asks for one. Its refusals, the form's and the server's, are shown by the form as any
 * field's.
 */
export function usePlaceChoice(choices: PlaceChoiceOption[]): PlaceChoiceState {
  const [value, setValue] = useState<string | null>(null);
  return {
    choices,
    value,
    choose: setValue,
    failures: () =>
      choices.length < 2 || value !== null
        ? []
        : [{ field: 'locationIndex', message: PLACE_REQUIRED }],
    payload: () => ({ locationIndex: choices.length > 1 && value !== null ? value : '' }),
  };
}

/** The id of a choice's radio: the form's summary leads to the first. */
export const placeRadioId = (idPrefix: string, value: string) => `${idPrefix}-place-${value}`;

/** The radio group; nothing when the opening has one place (or remote country) only. */
export function PlaceChoice({
  choice,
  idPrefix,
  error,
  onChoose,
}: {
  choice: PlaceChoiceState;
  idPrefix: string;
  /** The refusal shown beside the group, if any. */
  error: string | undefined;
  onChoose: (value: string) => void;
}) {
  if (choice.choices.length < 2) return null;
  const errorId = `${idPrefix}-place-error`;
  return (
    <fieldset
      className={`apply-field apply-field--wide apply-place${error ? ' apply-field--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
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
          const id = placeRadioId(idPrefix, option.value);
          return (
            <div key={option.value} className="apply-place__option">
              <input
                id={id}
                type="radio"
                name="locationIndex"
                value={option.value}
                required
                checked={choice.value === option.value}
                onChange={() => onChoose(option.value)}
                aria-invalid={error ? true : undefined}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}

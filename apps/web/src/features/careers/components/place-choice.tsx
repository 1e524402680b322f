import { useState } from 'react';
import { placeText, type FieldError, type Place } from '@lumenfield/contract';
import { FieldMessage } from './apply-form';

/*
 * "Where would you work?" in the apply dialog (docs/careers.md): asked when the opening has two
 * or more places, required, sent as `locationIndex`. The dialog opened from the careers list
 * knows only the row, so the places come from the opening's detail then.
 */

export const PLACE_REQUIRED = 'Please choose the place you would work from.';

export interface PlaceChoiceState {
  places: Place[];
  index: number | null;
  choose: (index: number) => void;
  /** Before sending: the refusal when a choice is missing (the form lists it with the rest). */
  failures: () => FieldError[];
  /** The application's part: `locationIndex` when there is a choice to send. */
  payload: () => { locationIndex?: number };
}

/**
 * The choice of place, over the opening's places as the form has them (the job page's, or read
 * from the opening's detail with its questions: use-opening-questions.ts). Until they are known
 * there is nothing to choose; without them the dialog sends no choice and the server's sentence
 * asks for one. Its refusals, the form's and the server's, are shown by the form as any field's.
 */
export function usePlaceChoice(places: Place[]): PlaceChoiceState {
  const [index, setIndex] = useState<number | null>(null);
  return {
    places,
    index,
    choose: setIndex,
    failures: () =>
      places.length < 2 || index !== null
        ? []
        : [{ field: 'locationIndex', message: PLACE_REQUIRED }],
    payload: () => (places.length > 1 && index !== null ? { locationIndex: index } : {}),
  };
}

/** The id of a place's radio: the form's summary leads to the first. */
export const placeRadioId = (idPrefix: string, index: number) => `${idPrefix}-place-${index}`;

/** The radio group; nothing when the opening has one place. */
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
  onChoose: (index: number) => void;
}) {
  if (choice.places.length < 2) return null;
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
        {choice.places.map((place, index) => {
          const id = placeRadioId(idPrefix, index);
          return (
            <div key={index} className="apply-place__option">
              <input
                id={id}
                type="radio"
                name="locationIndex"
                value={index}
                required
                checked={choice.index === index}
                onChange={() => onChoose(index)}
                aria-invalid={error ? true : undefined}
              />
              <label htmlFor={id}>{placeText(place)}</label>
            </div>
          );
        })}
      </div>
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}

import { useRef, useState } from 'react';
import { placeText, type Place } from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';

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
  error: string | undefined;
  /** Before sending: false (with the error shown and focus on the group) when a choice is missing. */
  check: () => boolean;
  /** The application's part: `locationIndex` when there is a choice to send. */
  payload: () => { locationIndex?: number };
  /** Shows the server's refusal of the choice beside the group; false when it is about something else. */
  takeServerError: (failure: unknown) => boolean;
  groupRef: React.RefObject<HTMLFieldSetElement | null>;
}

/**
 * The choice of place, over the opening's places as the form has them (the job page's, or read
 * from the opening's detail with its questions: use-opening-questions.ts). Until they are known
 * there is nothing to choose; without them the dialog sends no choice and the server's sentence
 * asks for one.
 */
export function usePlaceChoice(places: Place[]): PlaceChoiceState {
  const [index, setIndex] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const groupRef = useRef<HTMLFieldSetElement>(null);

  const focusGroup = () =>
    requestAnimationFrame(() => groupRef.current?.querySelector<HTMLElement>('input')?.focus());

  return {
    places,
    index,
    error,
    groupRef,
    choose: (next) => {
      setIndex(next);
      setError(undefined);
    },
    check: () => {
      if (places.length < 2 || index !== null) return true;
      setError(PLACE_REQUIRED);
      focusGroup();
      return false;
    },
    payload: () => (places.length > 1 && index !== null ? { locationIndex: index } : {}),
    takeServerError: (failure) => {
      if (!(failure instanceof ApiError)) return false;
      const refusal = failure.fieldErrors.find((e) => e.field === 'locationIndex');
      if (!refusal) return false;
      setError(refusal.message);
      focusGroup();
      return true;
    },
  };
}

/** The radio group; nothing when the opening has one place. */
export function PlaceChoice({ choice, idPrefix }: { choice: PlaceChoiceState; idPrefix: string }) {
  if (choice.places.length < 2) return null;
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
        {choice.places.map((place, index) => {
          const id = `${idPrefix}-place-${index}`;
          return (
            <div key={index} className="apply-place__option">
              <input
                id={id}
                type="radio"
                name="locationIndex"
                value={index}
                required
                checked={choice.index === index}
                onChange={() => choice.choose(index)}
                aria-invalid={choice.error ? true : undefined}
              />
              <label htmlFor={id}>{placeText(place)}</label>
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

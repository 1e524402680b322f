import { useRef, useState } from 'react';
import {
  MAX_PLACES,
  placeLine,
  type CountryChoice,
  type FieldError,
  type OpeningInput,
  type Place,
  type RecruiterOpening,
  countryName,
  placeText,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { countriesQuery } from '../api';
import { FieldFrame, fieldErrorFor, fieldSentence } from '../../common/components/fields';
import './place-editor.css';

/*
 * Where an opening's work is (docs/recruiters.md "Places"): one or more places, each a city, a
 * region and a country from the server's list; and, for a remote opening, the countries it may
 * be held from. The server judges the codes and names the place in its sentence; each sentence
 * shows beside the field it names.
 */

export interface PlacesDraft {
  places: Place[];
  remoteCountries: string[];
}

const blankPlace = (): Place => ({ city: '', region: '', country: '' });

export function placesDraftOf(job?: RecruiterOpening): PlacesDraft {
  return {
    places: job && job.locations.length > 0 ? job.locations : [blankPlace()],
    remoteCountries: job?.remoteCountries ?? [],
  };
}

const isBlank = (place: Place) => !place.city.trim() && !place.region.trim() && !place.country;

/**
 * The draft's part of the body: no `locations` while it is one blank place (the free-text
 * location alone then says where, as before); remote countries only for a remote opening.
 */
export function placesBody(
  draft: PlacesDraft,
  workplaceType: string,
): Pick<OpeningInput, 'locations' | 'remoteCountries'> {
  const places = draft.places.filter((place) => !isBlank(place));
  return {
    ...(places.length > 0 && { locations: places }),
    remoteCountries: workplaceType === 'REMOTE' ? draft.remoteCountries : [],
  };
}

/** The places as the opening's display line, when the recruiter wrote none: "Denver, US-CO, United States · Pune, India". */
export function placesLine(draft: PlacesDraft, countries: readonly CountryChoice[]): string {
  const name = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  return draft.places
    .filter((place) => !isBlank(place))
    .map((place) => placeLine(place, name))
    .join(' · ')
    .slice(0, 200);
}

/** The console's country choices, fetched once per page. */
export function useCountryChoices(): CountryChoice[] {
  return useQuery(countriesQuery).data ?? [];
}

function CountrySelect({
  value,
  onChange,
  countries,
  control,
  placeholder,
}: {
  value: string;
  onChange: (code: string) => void;
  countries: readonly CountryChoice[];
  control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  placeholder: string;
}) {
  return (
    <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{placeholder}</option>
      {/* A stored code the list lacks stays visible rather than silently replaced. */}
      {value && !countries.some((c) => c.code === value) ? (
        <option value={value}>{value}</option>
      ) : null}
      {countries.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}

export function PlaceEditor({
  draft,
  onChange,
  workplaceType,
  countries,
  errors,
}: {
  draft: PlacesDraft;
  onChange: (draft: PlacesDraft) => void;
  workplaceType: string;
  countries: readonly CountryChoice[];
  errors: FieldError[];
}) {
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const [remoteChoice, setRemoteChoice] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const { places, remoteCountries } = draft;
  const name = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const focus = (selector: string) =>
    requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>(selector)?.focus());

  const setPlace = (index: number, change: Partial<Place>) =>
    onChange({
      ...draft,
      places: places.map((place, i) => (i === index ? { ...place, ...change } : place)),
    });
  const addPlace = () => {
    onChange({ ...draft, places: [...places, blankPlace()] });
    setAnnouncement(`Place ${places.length + 1} added.`);
    focus(`#opening-place-${places.length}-city`);
  };
  const removePlace = (index: number) => {
    onChange({ ...draft, places: places.filter((_, i) => i !== index) });
    setAnnouncement(`Place ${index + 1} removed.`);
    focus(`#opening-place-${Math.max(0, index - 1)}-city`);
  };
  const addRemote = () => {
    if (!remoteChoice || remoteCountries.includes(remoteChoice)) return;
    onChange({ ...draft, remoteCountries: [...remoteCountries, remoteChoice] });
    setAnnouncement(`${name(remoteChoice)} added.`);
    setRemoteChoice('');
  };
  const removeRemote = (code: string) => {
    onChange({ ...draft, remoteCountries: remoteCountries.filter((c) => c !== code) });
    setAnnouncement(`${name(code)} removed.`);
    focus('#opening-remote-country');
  };

  const placesFailure = fieldErrorFor(errors, 'locations');
  const placesError = placesFailure && fieldSentence('Places', placesFailure);
  const remoteError =
    fieldErrorFor(errors, 'remoteCountries') ??
    errors.find((e) => e.field.startsWith('remoteCountries.'))?.message;

  return (
    <fieldset ref={rootRef} className="rc-places" aria-describedby="opening-places-hint">
      <legend>Places</legend>
      <p id="opening-places-hint" className="rc-field__hint">
        Where the work is. With two or more, candidates say which one they would work from.
      </p>
      {placesError ? (
        <p className="rc-field__error" role="alert">
          {placesError}
        </p>
      ) : null}
      <ol className="rc-places__list">
        {places.map((place, index) => {
          const id = `opening-place-${index}`;
          const error = (part: string) => fieldErrorFor(errors, `locations.${index}.${part}`);
          return (
            <li key={index} className="rc-places__item">
              <fieldset>
                <legend>Place {index + 1}</legend>
                <div className="rc-grid">
                  <FieldFrame id={`${id}-city`} label="City" error={error('city')}>
                    {(control) => (
                      <input
                        {...control}
                        value={place.city}
                        maxLength={100}
                        onChange={(event) => setPlace(index, { city: event.target.value })}
                      />
                    )}
                  </FieldFrame>
                  <FieldFrame
                    id={`${id}-region`}
                    label="Region"
                    hint="A name, or an ISO code such as US-CO. May be empty."
                    error={error('region')}
                  >
                    {(control) => (
                      <input
                        {...control}
                        value={place.region}
                        maxLength={100}
                        onChange={(event) => setPlace(index, { region: event.target.value })}
                      />
                    )}
                  </FieldFrame>
                  <FieldFrame id={`${id}-country`} label="Country" error={error('country')}>
                    {(control) => (
                      <CountrySelect
                        control={control}
                        value={place.country}
                        countries={countries}
                        placeholder="Choose a country"
                        onChange={(country) => setPlace(index, { country })}
                      />
                    )}
                  </FieldFrame>
                </div>
                {places.length > 1 ? (
                  <button
                    type="button"
                    className="button button--secondary rc-places__remove"
                    onClick={() => removePlace(index)}
                  >
                    Remove place {index + 1}
                  </button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {places.length < MAX_PLACES ? (
        <button type="button" className="button button--secondary" onClick={addPlace}>
          Add a place
        </button>
      ) : (
        <p className="rc-field__hint">An opening has at most {MAX_PLACES} places.</p>
      )}

      {workplaceType === 'REMOTE' ? (
        <fieldset className="rc-places__remote">
          <legend>Remote from</legend>
          <p id="opening-remote-hint" className="rc-field__hint">
            The countries whose residents may hold this remote opening. At least one.
          </p>
          {remoteCountries.length > 0 ? (
            <ul className="cluster rc-places__countries" aria-label="Countries it may be held from">
              {remoteCountries.map((code) => (
                <li key={code}>
                  {name(code)}{' '}
                  <button
                    type="button"
                    className="rc-link-button"
                    onClick={() => removeRemote(code)}
                  >
                    Remove {name(code)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="rc-places__add-country">
            <FieldFrame id="opening-remote-country" label="Add a country" error={remoteError}>
              {(control) => (
                <CountrySelect
                  control={{
                    ...control,
                    'aria-describedby': ['opening-remote-hint', control['aria-describedby'] ?? '']
                      .join(' ')
                      .trim(),
                  }}
                  value={remoteChoice}
                  countries={countries.filter((c) => !remoteCountries.includes(c.code))}
                  placeholder="Choose a country"
                  onChange={setRemoteChoice}
                />
              )}
            </FieldFrame>
            <button
              type="button"
              className="button button--secondary"
              onClick={addRemote}
              disabled={!remoteChoice}
            >
              Add country
            </button>
          </div>
        </fieldset>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

/** An opening's places and remote countries under its location line (the openings list). */
export function OpeningPlaces({
  job,
}: {
  job: Pick<RecruiterOpening, 'locations' | 'remoteCountries' | 'workplaceType'>;
}) {
  const remote = job.workplaceType === 'REMOTE' && job.remoteCountries.length > 0;
  if (job.locations.length < 2 && !remote) return null;
  return (
    <span className="rc-places-line">
      {job.locations.length > 1
        ? `${job.locations.length} places: ${job.locations.map(placeText).join(' · ')}`
        : null}
      {job.locations.length > 1 && remote ? <br /> : null}
      {remote ? `Remote from ${job.remoteCountries.map(countryName).join(', ')}` : null}
    </span>
  );
}

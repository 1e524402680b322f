import type { FieldError } from './problem';
import { z } from './zod-setup';

/*
 * Where an opening's work is (docs/recruiters.md "Places"): one or more places, and for a remote
 * opening the countries whose residents may hold it. The shapes and their format rules are here;
 * whether a country or region code exists is the server's to judge against its reference data
 * (domains/openings/place.ts).
 */

export const MAX_PLACES = 10;

const ALPHA2 = /^[A-Z]{2}$/;
const alpha2 = z.string().regex(ALPHA2, 'must be a two-letter country code such as US');

export const placeSchema = z.object({
  /** A city or town; may be empty for a place that is only a region or a country. */
  city: z.string().trim().max(100),
  /** An ISO 3166-2 code ("US-IL") or a region's name; may be empty. */
  region: z.string().trim().max(100),
  /** ISO 3166-1 alpha-2 ("US"). */
  country: alpha2,
});
export type Place = z.infer<typeof placeSchema>;

export const placesSchema = z
  .array(placeSchema)
  .min(1, 'needs at least one place')
  .max(MAX_PLACES, `may be at most ${MAX_PLACES}`);

/** A country a place may name: the console's choices (the server's reference data). */
export const countryChoiceSchema = z.object({ code: alpha2, name: z.string() });
export type CountryChoice = z.infer<typeof countryChoiceSchema>;

/** The countries a remote opening may be held from (ISO 3166-1 alpha-2). */
export const remoteCountriesSchema = z.array(alpha2).max(250);

/** A remote opening needs the countries it may be held from (JSON-LD's requirement too). */
export function remoteCountriesErrors(
  workplaceType: string | undefined,
  remoteCountries: readonly string[] | undefined,
): FieldError[] {
  return workplaceType === 'REMOTE' && (remoteCountries ?? []).length === 0
    ? [
        {
          field: 'remoteCountries',
          message: 'is required: a remote opening must name the countries it may be held from',
        },
      ]
    : [];
}

let names: Intl.DisplayNames | undefined;

/** A country's English name from its alpha-2 code ("IN" -> "India"); the code if unknown. */
export function countryName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A place as people read it, on every page that names one (the job page, both apply forms, the
 * applicant's status page, the console): "Denver, CO, United States", its region without its
 * country's code and its country by name.
 */
export function placeText(place: Place): string {
  const region = place.region.replace(new RegExp(`^${place.country}-`), '');
  return [place.city, region, countryName(place.country)]
    .filter((part) => part.trim() !== '')
    .join(', ');
}

/** A place as one line of codes ("Chicago, US-IL, US"), parts that are empty left out. */
export const placeLine = (place: Place, countryName?: (alpha2: string) => string): string =>
  [place.city, place.region, countryName ? countryName(place.country) : place.country]
    .filter((part) => part.trim() !== '')
    .join(', ');

/** The index of the chosen place in an application, asked when an opening has two or more. */
export const locationIndexSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_PLACES - 1);

/** A remote country chosen in an application instead of a place (ISO 3166-1 alpha-2). */
export const remoteCountrySchema = alpha2;

/** A remote country as a choice of where to work: "Remote from Poland". */
export const remoteChoiceText = (code: string) => `Remote from ${countryName(code)}`;

/**
 * A remote country's value in the form's one radio group of places (`locationIndex`): "remote-PL"
 * beside the places' indices, so that a page without scripts offers them as one choice. The
 * form's reader (apply-form.ts, readApplyForm) turns it into `remoteCountry`.
 */
export const remoteChoiceValue = (code: string) => `remote-${code}`;
const REMOTE_CHOICE_VALUE = /^remote-([A-Z]{2})$/;
/** The country of a remote choice's value, or undefined for any other value. */
export const remoteChoiceCountry = (value: string): string | undefined =>
  REMOTE_CHOICE_VALUE.exec(value.trim())?.[1];

/** One answer to "Where would you work?": one of the opening's places, or a remote country. */
export type PlaceChoiceOption =
  | { kind: 'place'; locationIndex: number; value: string; label: string }
  | { kind: 'remote'; remoteCountry: string; value: string; label: string };

/** What of an opening says where its work may be done. */
export interface OpeningWhere {
  locations: readonly Place[];
  remoteCountries: readonly string[];
  workplaceType: string;
}

/**
 * The answers to "Where would you work?" (docs/careers.md): the opening's places, then, for a
 * remote opening, "Remote from <country>" for each country it may be held from. A place that is
 * only one of those countries (the "Remote, USA" of an opening written as one line) says no more
 * than its remote choice and is left out. Asked when there are two or more.
 */
export function placeChoices(opening: OpeningWhere): PlaceChoiceOption[] {
  const remote = opening.workplaceType === 'REMOTE' ? [...new Set(opening.remoteCountries)] : [];
  const places = opening.locations.flatMap((place, locationIndex): PlaceChoiceOption[] => {
    const onlyARemoteCountry =
      place.city.trim() === '' && place.region.trim() === '' && remote.includes(place.country);
    return onlyARemoteCountry
      ? []
      : [{ kind: 'place', locationIndex, value: String(locationIndex), label: placeText(place) }];
  });
  return [
    ...places,
    ...remote.map((code): PlaceChoiceOption => ({
      kind: 'remote',
      remoteCountry: code,
      value: remoteChoiceValue(code),
      label: remoteChoiceText(code),
    })),
  ];
}

/** Where an applicant said they would work, as people read it; null when they were not asked. */
export function appliedPlaceText(applied: {
  place: Place | null;
  remoteCountry: string | null;
}): string | null {
  if (applied.remoteCountry) return remoteChoiceText(applied.remoteCountry);
  return applied.place ? placeText(applied.place) : null;
}

import type { FieldError, Place as ContractPlace } from '@lumenfield/contract';
import {
  countryAliases,
  countryOptions,
  stateOptions,
  type CountryOption,
  type StateOption,
} from '../../db/reference-data';

/** Where an opening is, as far as its free-text place says. */
export interface Place {
  country?: CountryOption;
  /** A first-level subdivision of `country` (ISO 3166-2 code and name). */
  state?: StateOption;
  /** One of the parts is "Remote" (an opening anyone in the country may hold). */
  remote: boolean;
}

interface Index {
  countries: Map<string, CountryOption>;
  /** Country by its ISO numeric value. */
  byValue: Map<number, CountryOption>;
  byAlpha2: Map<string, CountryOption>;
  /** Subdivisions by their full ISO 3166-2 code ("US-CO", "JP-13"). */
  stateByIso: Map<string, StateOption>;
  /** Normalised subdivision names and exact codes -> the subdivisions so named. */
  stateNames: Map<string, StateOption[]>;
  stateCodes: Map<string, StateOption[]>;
}

/** Lower case, accents and dots dropped, spaces collapsed: "São Paulo" ~ "sao paulo". */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

let index: Index | undefined;
function buildIndex(): Index {
  const byAlpha2 = new Map(countryOptions().map((c) => [c.alpha2, c]));
  const countries = new Map<string, CountryOption>();
  for (const { alpha2, alpha3, names } of countryAliases()) {
    const country = byAlpha2.get(alpha2);
    if (!country) continue;
    for (const name of [...names, alpha3]) countries.set(normalise(name), country);
  }
  const stateNames = new Map<string, StateOption[]>();
  const stateCodes = new Map<string, StateOption[]>();
  const stateByIso = new Map<string, StateOption>();
  const alpha2ByValue = new Map(countryOptions().map((c) => [c.value, c.alpha2]));
  for (const state of stateOptions()) {
    stateByIso.set(`${alpha2ByValue.get(state.countryValue)}-${state.isoCode}`, state);
    push(stateNames, normalise(state.label), state);
    // Numeric subdivision codes ("01") are never how people write a place.
    if (/[A-Z]/.test(state.isoCode)) push(stateCodes, state.isoCode, state);
  }
  return {
    countries,
    byValue: new Map(countryOptions().map((c) => [c.value, c])),
    byAlpha2,
    stateByIso,
    stateNames,
    stateCodes,
  };
}

/**
 * Resolves a free-text place ("Chicago, Illinois, USA (hybrid)", "New York, NY", "Remote, USA",
 * "Hyderabad, Telangana, India") to a country and a state, over the reference data's names,
 * aliases and ISO 3166-2 codes rather than hand-typed spellings.
 *
 * The parts between commas and parentheses are matched whole. Every country named by a part,
 * or having a subdivision named (or, in capitals, coded) by a part, is a reading; the reading
 * that explains most parts wins, and its state is the one named latest ("Washington, DC" is
 * DC). Ties go to the United States, whose "City, ST" convention the bare codes follow; then to
 * a country named in the last part. No winner: no country.
 */
export function resolvePlace(text: string): Place {
  index ??= buildIndex();
  const { countries, byValue, stateNames, stateCodes } = index;
  const parts = text
    .split(/[,()/;]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const remote = parts.some((part) => /^remote\b/i.test(part));

  interface Reading {
    country: CountryOption;
    explained: Set<number>;
    state?: StateOption;
    namedLast: boolean;
  }
  const readings = new Map<string, Reading>();
  const reading = (country: CountryOption) => {
    let found = readings.get(country.alpha2);
    if (!found) {
      found = { country, explained: new Set(), namedLast: false };
      readings.set(country.alpha2, found);
    }
    return found;
  };

  parts.forEach((part, position) => {
    const named = countries.get(normalise(part));
    if (named) {
      const r = reading(named);
      r.explained.add(position);
      if (position === parts.length - 1) r.namedLast = true;
    }
    const states = [...(stateNames.get(normalise(part)) ?? []), ...(stateCodes.get(part) ?? [])];
    for (const state of states) {
      const country = byValue.get(state.countryValue);
      if (!country) continue;
      const r = reading(country);
      r.explained.add(position);
      // Parts run from the particular to the general: the latest subdivision is the state.
      r.state = state;
    }
  });

  const ranked = [...readings.values()].sort(
    (a, b) =>
      b.explained.size - a.explained.size ||
      Number(b.country.alpha2 === 'US') - Number(a.country.alpha2 === 'US') ||
      Number(b.namedLast) - Number(a.namedLast),
  );
  const [best, next] = ranked;
  if (!best) return { remote };
  const tied =
    next !== undefined &&
    next.explained.size === best.explained.size &&
    best.country.alpha2 !== 'US' &&
    next.namedLast === best.namedLast;
  if (tied) return { remote };
  return { country: best.country, ...(best.state && { state: best.state }), remote };
}

/**
 * The one place a free-text location names, as a structured place (an opening written before
 * it had several): its country, its state as an ISO 3166-2 code, and the first part as the city
 * when it names neither. Undefined when the text names no country.
 */
export function placeFromText(text: string): ContractPlace | undefined {
  const resolved = resolvePlace(text);
  if (!resolved.country) return undefined;
  const first = text.split(/[,()/;]/)[0]?.trim() ?? '';
  index ??= buildIndex();
  const namesSomethingElse =
    /^remote\b/i.test(first) ||
    index.countries.has(normalise(first)) ||
    index.stateNames.has(normalise(first)) ||
    index.stateCodes.has(first);
  return {
    city: namesSomethingElse ? '' : first,
    region: resolved.state ? `${resolved.country.alpha2}-${resolved.state.isoCode}` : '',
    country: resolved.country.alpha2,
  };
}

/** An opening's places: the ones written, or the one its free-text location names. */
export const placesOf = (job: {
  location: string;
  locations: readonly ContractPlace[] | null;
}): ContractPlace[] =>
  job.locations ? [...job.locations] : [placeFromText(job.location)].filter((p) => p !== undefined);

const ISO_REGION = /^([A-Z]{2})-([A-Z0-9]{1,3})$/;

/** The reference data's country of an alpha-2 code; undefined for a code it does not know. */
export function countryOf(alpha2: string): CountryOption | undefined {
  index ??= buildIndex();
  return index.byAlpha2.get(alpha2);
}

/**
 * The first-level subdivision a place's region names: an ISO 3166-2 code ("US-CO"), a bare
 * subdivision code ("CO") or a name ("Colorado"), always within the place's own country.
 */
export function stateOf(place: ContractPlace): StateOption | undefined {
  index ??= buildIndex();
  const country = index.byAlpha2.get(place.country);
  const region = place.region.trim();
  if (!country || region === '') return undefined;
  const iso = ISO_REGION.exec(region);
  if (iso) return iso[1] === place.country ? index.stateByIso.get(region) : undefined;
  const candidates = [
    ...(index.stateNames.get(normalise(region)) ?? []),
    ...(index.stateCodes.get(region) ?? []),
  ];
  return candidates.find((state) => state.countryValue === country.value);
}

/**
 * What is wrong with an opening's places (docs/recruiters.md "Places"), each a sentence naming the
 * place: a country code the reference data does not know, or an ISO 3166-2 region of another
 * country or of none. A region written as a name is the recruiter's to word and is not judged.
 */
export function placesErrors(places: readonly ContractPlace[]): FieldError[] {
  const errors: FieldError[] = [];
  places.forEach((place, i) => {
    const name = `Place ${i + 1}`;
    const country = countryOf(place.country);
    if (!country) {
      errors.push({
        field: `locations.${i}.country`,
        message: `${name}: "${place.country}" is not a country code we know.`,
      });
      return;
    }
    const iso = ISO_REGION.exec(place.region.trim());
    if (!iso) return;
    if (iso[1] !== place.country) {
      errors.push({
        field: `locations.${i}.region`,
        message: `${name}: region "${place.region}" is not in ${country.label} (its code must start with ${place.country}-).`,
      });
    } else if (!stateOf(place)) {
      errors.push({
        field: `locations.${i}.region`,
        message: `${name}: "${place.region}" is not a region of ${country.label} we know.`,
      });
    }
  });
  return errors;
}

/** Unknown codes among a remote opening's countries, each named. */
export function remoteCountryCodeErrors(codes: readonly string[]): FieldError[] {
  return codes.flatMap((code, i) =>
    countryOf(code)
      ? []
      : [
          {
            field: `remoteCountries.${i}`,
            message: `Remote countries: "${code}" is not a country code we know.`,
          },
        ],
  );
}

/** Every country a place may name, by English name: the console's choices. */
export const countryChoices = (): { code: string; name: string }[] =>
  countryOptions().map((country) => ({ code: country.alpha2, name: country.label }));

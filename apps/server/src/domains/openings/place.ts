import type { Place as ContractPlace } from '@lumenfield/contract';
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
  for (const state of stateOptions()) {
    push(stateNames, normalise(state.label), state);
    // Numeric subdivision codes ("01") are never how people write a place.
    if (/[A-Z]/.test(state.isoCode)) push(stateCodes, state.isoCode, state);
  }
  return {
    countries,
    byValue: new Map(countryOptions().map((c) => [c.value, c])),
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

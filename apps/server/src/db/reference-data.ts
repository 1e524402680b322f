import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

/**
 * Reference data of the apply form, from maintained packages rather than hand-typed lists:
 * countries (ISO 3166-1 numeric codes, English names) from i18n-iso-countries; their states
 * from country-state-city, reading only its state file, never the 8 MB city file.
 */
const require = createRequire(import.meta.url);

interface PackageState {
  name: string;
  isoCode: string;
  countryCode: string;
}

let englishRegistered = false;
function english(): typeof countries {
  if (!englishRegistered) {
    countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
    englishRegistered = true;
  }
  return countries;
}

export interface CountryOption {
  value: number;
  alpha2: string;
  label: string;
}

export interface StateOption {
  value: number;
  countryValue: number;
  isoCode: string;
  label: string;
}

export interface ReferenceOption {
  value: number;
  label: string;
  position: number;
}

export function countryOptions(): CountryOption[] {
  const iso = english();
  return Object.entries(iso.getNames('en', { select: 'official' }))
    .map(([alpha2, label]) => ({ value: Number(iso.alpha2ToNumeric(alpha2)), alpha2, label }))
    .filter((c) => Number.isInteger(c.value) && c.value > 0)
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** A country's English name by its alpha-2 code; undefined for a code the package does not know. */
export function countryName(alpha2: string): string | undefined {
  return english().getName(alpha2, 'en', { select: 'official' });
}

/** Every English name and alias of each country ("United States", "USA", "U.S."), and its alpha-3. */
export function countryAliases(): { alpha2: string; alpha3: string; names: string[] }[] {
  const iso = english();
  return Object.entries(iso.getNames('en', { select: 'all' })).map(([alpha2, names]) => ({
    alpha2,
    alpha3: iso.alpha2ToAlpha3(alpha2) ?? '',
    names,
  }));
}

/**
 * A state's value: FNV-1a of "<country alpha-2>-<subdivision code>", kept to 31 bits. It
 * depends only on the two codes, so it is the same on every run, engine and package update.
 */
export function stateValue(alpha2: string, isoCode: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${alpha2.toUpperCase()}-${isoCode.toUpperCase()}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff || 1;
}

export function stateOptions(): StateOption[] {
  const iso = english();
  const states = require('country-state-city/lib/assets/state.json') as PackageState[];
  const seen = new Map<number, string>();
  const result: StateOption[] = [];
  for (const state of states) {
    const countryValue = Number(iso.alpha2ToNumeric(state.countryCode));
    if (!Number.isInteger(countryValue) || countryValue <= 0) continue;
    const value = stateValue(state.countryCode, state.isoCode);
    const key = `${state.countryCode}-${state.isoCode}`;
    const clash = seen.get(value);
    // Two subdivisions must never share a value; a package update that causes it must fail loudly.
    if (clash && clash !== key) throw new Error(`State values of ${clash} and ${key} collide`);
    if (clash) continue;
    seen.set(value, key);
    result.push({ value, countryValue, isoCode: state.isoCode, label: state.name });
  }
  return result;
}

/** Experience bands of the apply form; values are stable, labels may be reworded. */
export const experienceBands: readonly ReferenceOption[] = [
  { value: 1, label: 'Less than 1 year', position: 1 },
  { value: 2, label: '1 to 3 years', position: 2 },
  { value: 3, label: '3 to 5 years', position: 3 },
  { value: 4, label: '5 to 8 years', position: 4 },
  { value: 5, label: '8 to 12 years', position: 5 },
  { value: 6, label: 'More than 12 years', position: 6 },
];

/** Working shifts the delivery centres run (reference data the old client could ask for). */
export const shifts: readonly ReferenceOption[] = [
  { value: 1, label: 'Day shift', position: 1 },
  { value: 2, label: 'US hours (overnight in India and the Philippines)', position: 2 },
  { value: 3, label: 'Rotational shift', position: 3 },
  { value: 4, label: 'Flexible hours', position: 4 },
];

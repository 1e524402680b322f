import countries from 'i18n-iso-countries';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { MOBILE_NUMBER_LENGTH } from './constants';

/**
 * The mobile number's rule and its stored form (docs/architecture.md, ADR-26), with the
 * library that knows the world's numbering plans. It is its own entry
 * (`@lumenfield/contract/phone`, about 37 KB gzip with its metadata and the country codes):
 * the server imports it, the apply dialog loads it when the visitor sends.
 */

/** The seed's form: exactly ten digits, nothing else. Every such number still passes. */
const SEED_FORM = new RegExp(`^[0-9]{${MOBILE_NUMBER_LENGTH}}$`);
/** What a typed number may hold: digits with spaces, hyphens, dots and brackets, one leading +. */
export const isPhoneText = (text: string): boolean => /^\+?[0-9 ().-]+$/.test(text);

/** The applicant's country (ISO 3166-1 numeric, as the form's list sends it) as a region. */
function regionOf(countryId: number | null | undefined): CountryCode | undefined {
  if (countryId == null || !(countryId > 0)) return undefined;
  return countries.numericToAlpha2(countryId) as CountryCode | undefined;
}

/**
 * The number in E.164 (`+4915123456789`) when the library judges it a possible number: of the
 * country its `+` prefix names, or else of the applicant's country. Null when it cannot read it.
 */
export function mobileE164(text: string, countryId: number | null | undefined): string | null {
  const typed = text.trim();
  if (!isPhoneText(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed, regionOf(countryId));
  return parsed?.isPossible() ? parsed.number : null;
}

/** The mobile number's rule: the seed's ten digits, or a number possible for its country. */
export function isMobileNumber(text: string, countryId: number | null | undefined): boolean {
  return SEED_FORM.test(text.trim()) || mobileE164(text, countryId) !== null;
}

/** What is stored for an accepted number: E.164 where it reads as one, else as typed. */
export function storedMobileNumber(text: string, countryId: number | null | undefined): string {
  return mobileE164(text, countryId) ?? text.trim();
}

/** A stored number for people to read: E.164 in its international form, any other as stored. */
export function displayedMobileNumber(stored: string): string {
  if (!stored.startsWith('+')) return stored;
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}

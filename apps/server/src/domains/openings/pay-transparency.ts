import { placeLine, type FieldError, type Place } from '@lumenfield/contract';
import type { JobTermsFields } from './jobs-repository';
import { placesOf, resolvePlace, stateOf } from './place';

/**
 * The one list of US states whose law requires a pay range in a job posting (docs/careers.md),
 * as ISO 3166-2 codes; docs/careers.md points here. Add a state here and nowhere else.
 */
export const PAY_TRANSPARENCY_STATES: ReadonlySet<string> = new Set([
  'US-CA', // California
  'US-CO', // Colorado
  'US-DC', // District of Columbia
  'US-HI', // Hawaii
  'US-IL', // Illinois
  'US-MA', // Massachusetts
  'US-MD', // Maryland
  'US-MN', // Minnesota
  'US-NJ', // New Jersey
  'US-NY', // New York
  'US-VT', // Vermont
  'US-WA', // Washington
]);

/** Where an opening is, as the pay-transparency rule reads it. */
export interface OpeningWhere {
  location: string;
  /** The places as written; null when `location` alone says where. */
  locations: readonly Place[] | null;
  workplaceType: JobTermsFields['workplaceType'];
  remoteCountries: readonly string[];
}

/**
 * Why an opening must publish a pay range, or undefined when it need not (docs/careers.md "Pay
 * transparency": judged for every place): one of its places is in one of the states above, or it is
 * remote and may be held from the United States (anyone in those states may take it). A remote
 * opening without written remote countries may be held from its places' countries.
 */
export function payRangeRequiredBecause(where: OpeningWhere): string | undefined {
  const places = placesOf(where);
  const several = places.length > 1;
  for (const [i, place] of places.entries()) {
    if (place.country !== 'US') continue;
    const state = stateOf(place);
    if (state && PAY_TRANSPARENCY_STATES.has(`US-${state.isoCode}`)) {
      return several
        ? `an opening with a place in ${state.label} (place ${i + 1}: ${placeLine(place)})`
        : `an opening in ${state.label}`;
    }
  }
  // An opening written as one free-text place may say "Remote" in that text.
  const remote =
    where.workplaceType === 'REMOTE' ||
    (where.locations === null && resolvePlace(where.location).remote);
  if (!remote) return undefined;
  const eligible =
    where.remoteCountries.length > 0 ? where.remoteCountries : places.map((place) => place.country);
  return eligible.includes('US') ? 'a remote opening in the United States' : undefined;
}

/** The fields a published opening still lacks under the pay-transparency rule; [] when fine. */
export function payTransparencyErrors(where: OpeningWhere, terms: JobTermsFields): FieldError[] {
  const because = payRangeRequiredBecause(where);
  if (!because) return [];
  const message = `is required: ${because} must publish its pay range`;
  const missing: FieldError[] = [];
  if (terms.payMin === null) missing.push({ field: 'payMin', message });
  if (terms.payMax === null) missing.push({ field: 'payMax', message });
  if (terms.payCurrency === null) missing.push({ field: 'payCurrency', message });
  if (terms.payPeriod === null) missing.push({ field: 'payPeriod', message });
  return missing;
}

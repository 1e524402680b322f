import type { FieldError } from '@lumenfield/contract';
import type { JobTermsFields } from './jobs-repository';
import { resolvePlace } from './place';

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

/**
 * Why an opening must publish a pay range, or undefined when it need not: it is in one of the
 * states above, or it is remote and in the United States (anyone in those states may take it).
 */
export function payRangeRequiredBecause(
  location: string,
  workplaceType: JobTermsFields['workplaceType'],
): string | undefined {
  const place = resolvePlace(location);
  if (place.country?.alpha2 !== 'US') return undefined;
  if (place.state && PAY_TRANSPARENCY_STATES.has(`US-${place.state.isoCode}`)) {
    return `an opening in ${place.state.label}`;
  }
  if (workplaceType === 'REMOTE' || place.remote) return 'a remote opening in the United States';
  return undefined;
}

/** The fields a published opening still lacks under the pay-transparency rule; [] when fine. */
export function payTransparencyErrors(location: string, terms: JobTermsFields): FieldError[] {
  const because = payRangeRequiredBecause(location, terms.workplaceType);
  if (!because) return [];
  const message = `is required: ${because} must publish its pay range`;
  const missing: FieldError[] = [];
  if (terms.payMin === null) missing.push({ field: 'payMin', message });
  if (terms.payMax === null) missing.push({ field: 'payMax', message });
  if (terms.payCurrency === null) missing.push({ field: 'payCurrency', message });
  if (terms.payPeriod === null) missing.push({ field: 'payPeriod', message });
  return missing;
}

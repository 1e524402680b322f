import type { FieldError } from '@lumenfield/contract';
import type { JobTermsFields } from './jobs-repository';

/**
 * A pay range is both ends, a currency and a period (docs/careers.md), or none of them; a single
 * figure is sent as the same payMin and payMax.
 */
export function payRangeErrors(terms: JobTermsFields): FieldError[] {
  const { payMin, payMax, payCurrency, payPeriod } = terms;
  if (payMin === null && payMax === null && payCurrency === null && payPeriod === null) return [];
  const errors: FieldError[] = [];
  // Said as the rest of a sentence that starts with the field's label (the console's
  // fieldSentence): "Lowest pay is required with a pay range."
  const missing = 'is required with a pay range';
  if (payMin === null) errors.push({ field: 'payMin', message: missing });
  if (payMax === null) errors.push({ field: 'payMax', message: missing });
  if (payCurrency === null) errors.push({ field: 'payCurrency', message: missing });
  if (payPeriod === null) errors.push({ field: 'payPeriod', message: missing });
  if (payMin !== null && payMax !== null && payMin > payMax) {
    errors.push({ field: 'payMin', message: 'must not be more than the highest pay' });
  }
  return errors;
}

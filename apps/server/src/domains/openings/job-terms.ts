import type { FieldError, JobTerms } from '@lumenfield/contract';
import type { JobTermsFields } from './jobs-repository';

/** An opening's terms as every answer about it carries them (docs/careers.md). */
export function jobTermsOf(job: JobTermsFields): JobTerms {
  return {
    EmploymentType: job.employmentType,
    WorkplaceType: job.workplaceType,
    PayMin: job.payMin,
    PayMax: job.payMax,
    PayCurrency: job.payCurrency,
    PayPeriod: job.payPeriod,
  };
}

/**
 * A pay range is both ends, a currency and a period (docs/careers.md), or none of them; a single
 * figure is sent as the same PayMin and PayMax.
 */
export function payRangeErrors(terms: JobTermsFields): FieldError[] {
  const { payMin, payMax, payCurrency, payPeriod } = terms;
  if (payMin === null && payMax === null && payCurrency === null && payPeriod === null) return [];
  const errors: FieldError[] = [];
  const missing = 'is required with a pay range';
  if (payMin === null) errors.push({ field: 'PayMin', message: missing });
  if (payMax === null) errors.push({ field: 'PayMax', message: missing });
  if (payCurrency === null) errors.push({ field: 'PayCurrency', message: missing });
  if (payPeriod === null) errors.push({ field: 'PayPeriod', message: missing });
  if (payMin !== null && payMax !== null && payMin > payMax) {
    errors.push({ field: 'PayMin', message: 'must not be more than PayMax' });
  }
  return errors;
}

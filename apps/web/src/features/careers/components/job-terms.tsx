import {
  employmentTypeLabels,
  formatPay,
  workplaceTypeLabels,
  type OpeningTerms,
} from '@lumenfield/contract';

/** The locale a currency's amounts are written in ("₹12,00,000" in India); US English else. */
const currencyLocales: Record<string, string> = {
  USD: 'en-US',
  INR: 'en-IN',
  PHP: 'en-PH',
  GBP: 'en-GB',
  EUR: 'en-IE',
  CAD: 'en-CA',
  AUD: 'en-AU',
  SGD: 'en-SG',
};

/** "$120,000 – $150,000 a year" in the currency's own format, or null without a range. */
export function payText(terms: OpeningTerms): string | null {
  return formatPay(terms, currencyLocales[terms.payCurrency ?? ''] ?? 'en-US');
}

/** "Full time · Hybrid", then the pay range, as one line of an opening. */
export function JobTermsLine({ terms, className }: { terms: OpeningTerms; className?: string }) {
  const pay = payText(terms);
  return (
    <p className={className}>
      <span>{employmentTypeLabels[terms.employmentType]}</span>
      <span aria-hidden="true"> · </span>
      <span>{workplaceTypeLabels[terms.workplaceType]}</span>
      {pay ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="job-terms__pay">
            <span className="visually-hidden">Pay: </span>
            {pay}
          </span>
        </>
      ) : null}
    </p>
  );
}

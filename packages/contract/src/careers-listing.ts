import {
  workplaceTypeSchema,
  type EmploymentType,
  type OpeningTerms,
  type PayPeriod,
  type WorkplaceType,
} from './job-terms';
import type { PostedAge } from './age-text';
import type { PublicOpening } from './openings';

// Types only from openings.ts: the public pages' bundles carry none of its schemas.

/**
 * One row of the careers page (docs/careers.md): the public opening's names and terms, how long
 * ago it was posted, the country the place resolves to, and the words a search matches (title,
 * code, description). The page's data; GET /Jobs/CareerListing answers it in the old names
 * (legacy/jobs.ts).
 */
export type CareerListing = Pick<PublicOpening, 'id' | 'code' | 'title' | 'location'> &
  OpeningTerms & {
    /** Whole days, hours and minutes since effectiveFrom. */
    posted: Required<PostedAge>;
    /**
     * ISO 3166-1 numeric value of the first place's country (the apply form's values); null:
     * unknown.
     */
    countryValue: number | null;
    countryName: string | null;
    /**
     * Every country of the opening (docs/careers.md "Terms, search and filters"): each place's,
     * then a remote opening's remote countries, each once. The country filter matches any of them.
     */
    countries: ListingCountry[];
    /** Normalised words of the title, code and description, each once (see `searchWords`). */
    searchText: string;
  };

export interface ListingCountry {
  value: number;
  name: string;
}

/** The careers list's filters, as the URL query carries them: `?q=…&country=…&workplace=…`. */
export interface CareerFilters {
  q: string;
  country: number | null;
  workplace: WorkplaceType | null;
}

export const NO_FILTERS: CareerFilters = { q: '', country: null, workplace: null };

/** Lower case, accents dropped, anything but letters and digits a separator. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * Reads the filters from a query; a value that is not one (an unknown workplace, a country that
 * is not a number) is ignored, never an error: the page still shows, with that filter off.
 */
export function parseCareerFilters(search: string): CareerFilters {
  const params = queryParams(search);
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const countryText = params.get('country') ?? '';
  const country = /^\d{1,4}$/.test(countryText) ? Number(countryText) : null;
  const workplace = workplaceTypeSchema.safeParse(params.get('workplace'));
  return { q, country, workplace: workplace.success ? workplace.data : null };
}

/** A form's query ("?q=qa+lead&x=1") read as a form sends it; the first of a repeated name. */
function queryParams(search: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return '';
      }
    };
    const key = decode(name);
    if (!params.has(key)) params.set(key, decode(value));
  }
  return params;
}

const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

/** The filters as a query string ('' when none), in a fixed order. */
export function careerFiltersQuery(filters: CareerFilters): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`q=${encode(filters.q)}`);
  if (filters.country !== null) parts.push(`country=${filters.country}`);
  if (filters.workplace) parts.push(`workplace=${filters.workplace}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export const hasFilters = (filters: CareerFilters) =>
  filters.q !== '' || filters.country !== null || filters.workplace !== null;

/** Every word of `q` is the start of a word of the opening (so "guide" finds "Guidewire"). */
export function filterListings<T extends CareerListing>(
  listings: T[],
  filters: CareerFilters,
): T[] {
  const words = searchWords(filters.q);
  return listings.filter((job) => {
    if (filters.country !== null && !job.countries.some((c) => c.value === filters.country)) {
      return false;
    }
    if (filters.workplace !== null && job.workplaceType !== filters.workplace) return false;
    if (words.length === 0) return true;
    const own = ` ${job.searchText}`;
    return words.every((word) => own.includes(` ${word}`));
  });
}

/** The countries that have openings (any place of any), by name: the country filter's choices. */
export function listingCountries(listings: CareerListing[]): { value: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const job of listings) {
    for (const country of job.countries) seen.set(country.value, country.name);
  }
  return [...seen]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

export const employmentTypeLabels: Record<EmploymentType, string> = {
  FULL_TIME: 'Full time',
  PART_TIME: 'Part time',
  CONTRACTOR: 'Contract',
  TEMPORARY: 'Temporary',
  INTERN: 'Internship',
};

export const workplaceTypeLabels: Record<WorkplaceType, string> = {
  ONSITE: 'On site',
  HYBRID: 'Hybrid',
  REMOTE: 'Remote',
};

const periodWords: Record<PayPeriod, string> = {
  HOUR: 'an hour',
  MONTH: 'a month',
  YEAR: 'a year',
};

/**
 * "$120,000 – $150,000 a year" in the reader's locale's currency format; one figure when both
 * ends are equal; null when the opening publishes no range.
 */
export function formatPay(
  terms: Pick<OpeningTerms, 'payMin' | 'payMax' | 'payCurrency' | 'payPeriod'>,
  locale = 'en-US',
): string | null {
  const { payMin, payMax, payCurrency, payPeriod } = terms;
  if (payMin === null || payMax === null || payCurrency === null || payPeriod === null) {
    return null;
  }
  const whole = Number.isInteger(payMin) && Number.isInteger(payMax);
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: payCurrency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
  } catch {
    // A code this runtime's Intl does not know: the amounts with the code after them.
    const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    format = { format: (n: number) => `${plain.format(n)} ${payCurrency}` } as Intl.NumberFormat;
  }
  const range =
    payMin === payMax
      ? format.format(payMin)
      : `${format.format(payMin)} – ${format.format(payMax)}`;
  return `${range} ${periodWords[payPeriod]}`;
}

/** Splits a comma-separated people field ("A, B") into its names. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** The contact persons paired with their e-mails by position. */
export function contactPersons(opening: Pick<PublicOpening, 'contactPersons' | 'contactEmails'>) {
  const mails = opening.contactEmails.split(',').map((part) => part.trim());
  return opening.contactPersons
    .split(',')
    .map((name, index) => ({ name: name.trim(), email: mails[index] ?? '' }))
    .filter((person) => person.name.length > 0);
}

import { describe, expect, it } from 'vitest';
import {
  careerFiltersQuery,
  filterListings,
  formatPay,
  listingCountries,
  parseCareerFilters,
  searchWords,
  type CareerListing,
} from './careers-listing';

/** The country fields of an opening whose every place is in one country. */
const inOneCountry = (value: number, name: string) => ({
  countryValue: value,
  countryName: name,
  countries: [{ value, name }],
});

const listing = (over: Partial<CareerListing>): CareerListing => ({
  id: 1,
  code: 'LTP-GW-1042',
  title: 'Guidewire Developer',
  location: 'Chicago, Illinois, USA',
  posted: { days: 0, hours: 0, minutes: 5 },
  employmentType: 'FULL_TIME',
  workplaceType: 'HYBRID',
  payMin: 120_000,
  payMax: 150_000,
  payCurrency: 'USD',
  payPeriod: 'YEAR',
  ...inOneCountry(840, 'United States of America'),
  searchText: searchWords('Guidewire Developer LTP-GW-1042 Configure PolicyCenter').join(' '),
  ...over,
});

describe('formatPay', () => {
  it.each([
    [
      { payMin: 120_000, payMax: 150_000, payCurrency: 'USD', payPeriod: 'YEAR' },
      'en-US',
      '$120,000 – $150,000 a year',
    ],
    [{ payMin: 45, payMax: 45, payCurrency: 'USD', payPeriod: 'HOUR' }, 'en-US', '$45 an hour'],
    [
      { payMin: 22.5, payMax: 30, payCurrency: 'USD', payPeriod: 'HOUR' },
      'en-US',
      '$22.50 – $30.00 an hour',
    ],
    [
      { payMin: 1_200_000, payMax: 1_800_000, payCurrency: 'INR', payPeriod: 'YEAR' },
      'en-IN',
      '₹12,00,000 – ₹18,00,000 a year',
    ],
    [
      { payMin: 45_000, payMax: 65_000, payCurrency: 'PHP', payPeriod: 'MONTH' },
      'en-US',
      '₱45,000 – ₱65,000 a month',
    ],
  ] as const)('%j in %s', (terms, locale, text) => {
    expect(formatPay(terms, locale)).toBe(text);
  });

  it('is null without a complete range', () => {
    expect(
      formatPay({ payMin: null, payMax: null, payCurrency: null, payPeriod: null }),
    ).toBeNull();
    expect(formatPay({ payMin: 1, payMax: 2, payCurrency: 'USD', payPeriod: null })).toBeNull();
  });
});

describe('careers filters', () => {
  const jobs = [
    listing({ id: 1 }),
    listing({
      id: 2,
      title: 'QA Engineer',
      workplaceType: 'ONSITE',
      ...inOneCountry(356, 'India'),
      searchText: searchWords('QA Engineer LTP-QA-3310 Selenium Playwright São Paulo').join(' '),
    }),
  ];
  const ids = (search: string) => filterListings(jobs, parseCareerFilters(search)).map((j) => j.id);

  it('narrows by words (prefixes, any case and accent), country and workplace', () => {
    expect(ids('')).toEqual([1, 2]);
    expect(ids('q=guide')).toEqual([1]);
    expect(ids('q=PLAYWRIGHT+qa')).toEqual([2]);
    expect(ids('q=sao')).toEqual([2]);
    expect(ids('q=ltp-qa')).toEqual([2]);
    expect(ids('q=wright')).toEqual([]);
    expect(ids('country=356')).toEqual([2]);
    expect(ids('workplace=HYBRID')).toEqual([1]);
    expect(ids('workplace=HYBRID&country=356')).toEqual([]);
  });

  it('ignores values that are not filters, and writes the query back in one order', () => {
    expect(parseCareerFilters('country=abc&workplace=office&q=%20%20')).toEqual({
      q: '',
      country: null,
      workplace: null,
    });
    expect(careerFiltersQuery(parseCareerFilters('workplace=REMOTE&q=qa+lead&country=840'))).toBe(
      '?q=qa+lead&country=840&workplace=REMOTE',
    );
    expect(careerFiltersQuery(parseCareerFilters(''))).toBe('');
    expect(parseCareerFilters('?q=caf%C3%A9+%26+co&q=second&bad=%E0%A4%A').q).toBe('café & co');
    expect(careerFiltersQuery({ q: 'a&b c', country: null, workplace: null })).toBe('?q=a%26b+c');
  });

  it('offers the countries that have openings, by name', () => {
    expect(listingCountries(jobs)).toEqual([
      { value: 356, label: 'India' },
      { value: 840, label: 'United States of America' },
    ]);
  });

  it("matches an opening by any of its places, and offers every place's country", () => {
    const twoPlaces = [
      ...jobs,
      listing({
        id: 3,
        countries: [
          { value: 840, name: 'United States of America' },
          { value: 608, name: 'Philippines' },
        ],
      }),
    ];
    const where = (search: string) =>
      filterListings(twoPlaces, parseCareerFilters(search)).map((j) => j.id);
    expect(where('country=608')).toEqual([3]);
    expect(where('country=840')).toEqual([1, 3]);
    expect(listingCountries(twoPlaces).map((c) => c.label)).toEqual([
      'India',
      'Philippines',
      'United States of America',
    ]);
  });
});

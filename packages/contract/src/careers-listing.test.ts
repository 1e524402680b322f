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

const listing = (over: Partial<CareerListing>): CareerListing => ({
  Job_id: 1,
  JobCode: 'LTP-GW-1042',
  JobTitle: 'Guidewire Developer',
  JobLocation: 'Chicago, Illinois, USA',
  DateCount: 0,
  HourCount: 0,
  MinuteCount: 5,
  CurerntOpening: 1,
  EmploymentType: 'FULL_TIME',
  WorkplaceType: 'HYBRID',
  PayMin: 120_000,
  PayMax: 150_000,
  PayCurrency: 'USD',
  PayPeriod: 'YEAR',
  CountryValue: 840,
  CountryName: 'United States of America',
  SearchText: searchWords('Guidewire Developer LTP-GW-1042 Configure PolicyCenter').join(' '),
  ...over,
});

describe('formatPay', () => {
  it.each([
    [
      { PayMin: 120_000, PayMax: 150_000, PayCurrency: 'USD', PayPeriod: 'YEAR' },
      'en-US',
      '$120,000 – $150,000 a year',
    ],
    [{ PayMin: 45, PayMax: 45, PayCurrency: 'USD', PayPeriod: 'HOUR' }, 'en-US', '$45 an hour'],
    [
      { PayMin: 22.5, PayMax: 30, PayCurrency: 'USD', PayPeriod: 'HOUR' },
      'en-US',
      '$22.50 – $30.00 an hour',
    ],
    [
      { PayMin: 1_200_000, PayMax: 1_800_000, PayCurrency: 'INR', PayPeriod: 'YEAR' },
      'en-IN',
      '₹12,00,000 – ₹18,00,000 a year',
    ],
    [
      { PayMin: 45_000, PayMax: 65_000, PayCurrency: 'PHP', PayPeriod: 'MONTH' },
      'en-US',
      '₱45,000 – ₱65,000 a month',
    ],
  ] as const)('%j in %s', (terms, locale, text) => {
    expect(formatPay(terms, locale)).toBe(text);
  });

  it('is null without a complete range', () => {
    expect(
      formatPay({ PayMin: null, PayMax: null, PayCurrency: null, PayPeriod: null }),
    ).toBeNull();
    expect(formatPay({ PayMin: 1, PayMax: 2, PayCurrency: 'USD', PayPeriod: null })).toBeNull();
  });
});

describe('careers filters', () => {
  const jobs = [
    listing({ Job_id: 1 }),
    listing({
      Job_id: 2,
      JobTitle: 'QA Engineer',
      WorkplaceType: 'ONSITE',
      CountryValue: 356,
      CountryName: 'India',
      SearchText: searchWords('QA Engineer LTP-QA-3310 Selenium Playwright São Paulo').join(' '),
    }),
  ];
  const ids = (search: string) =>
    filterListings(jobs, parseCareerFilters(search)).map((j) => j.Job_id);

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
});

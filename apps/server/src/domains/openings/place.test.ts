import { describe, expect, it } from 'vitest';
import { resolvePlace } from './place';
import { payRangeRequiredBecause, PAY_TRANSPARENCY_STATES } from './pay-transparency';

const where = (text: string) => {
  const place = resolvePlace(text);
  return {
    country: place.country?.alpha2,
    state: place.state?.isoCode,
    remote: place.remote,
  };
};

describe('resolvePlace', () => {
  it.each([
    ['Remote, USA', { country: 'US', state: undefined, remote: true }],
    ['New York, NY', { country: 'US', state: 'NY', remote: false }],
    ['New York, New York, USA', { country: 'US', state: 'NY', remote: false }],
    ['Hyderabad, Telangana, India', { country: 'IN', state: 'TG', remote: false }],
    ['Chicago, Illinois, USA (hybrid)', { country: 'US', state: 'IL', remote: false }],
    ['Chicago, IL', { country: 'US', state: 'IL', remote: false }],
    ['Pasig City, Metro Manila, Philippines', { country: 'PH', state: 'NCR', remote: false }],
    ['Washington, DC', { country: 'US', state: 'DC', remote: false }],
    ['Seattle, Washington', { country: 'US', state: 'WA', remote: false }],
    ['Tbilisi, Georgia', { country: 'GE', state: 'TB', remote: false }],
    ['São Paulo, Brazil', { country: 'BR', state: 'SP', remote: false }],
    ['Pune, India', { country: 'IN', state: undefined, remote: false }],
    ['Remote (United States)', { country: 'US', state: undefined, remote: true }],
    ['Austin, Texas, U.S.', { country: 'US', state: 'TX', remote: false }],
    ['Anywhere', { country: undefined, state: undefined, remote: false }],
  ])('%s', (text, expected) => {
    expect(where(text)).toEqual(expected);
  });
});

describe('payRangeRequiredBecause', () => {
  it('names the state or the remote rule, and nothing outside them', () => {
    expect(payRangeRequiredBecause('New York, NY', 'ONSITE')).toBe('an opening in New York');
    expect(payRangeRequiredBecause('Denver, CO', 'HYBRID')).toBe('an opening in Colorado');
    expect(payRangeRequiredBecause('Remote, USA', 'ONSITE')).toMatch(/remote/);
    expect(payRangeRequiredBecause('USA', 'REMOTE')).toMatch(/remote/);
    expect(payRangeRequiredBecause('Austin, Texas, USA', 'ONSITE')).toBeUndefined();
    expect(payRangeRequiredBecause('Remote, India', 'REMOTE')).toBeUndefined();
    expect(payRangeRequiredBecause('Hyderabad, Telangana, India', 'ONSITE')).toBeUndefined();
  });

  it('lists the pay-transparency states as ISO 3166-2 codes', () => {
    for (const state of ['CO', 'NY', 'CA', 'WA', 'IL', 'MD', 'MA', 'NJ', 'HI', 'VT', 'MN']) {
      expect(PAY_TRANSPARENCY_STATES.has(`US-${state}`)).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Place, WorkplaceType } from '@lumenfield/contract';
import { placesErrors, resolvePlace, stateOf } from './place';
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
  const text = (location: string, workplaceType: WorkplaceType) =>
    payRangeRequiredBecause({ location, locations: null, workplaceType, remoteCountries: [] });

  it('names the state or the remote rule, and nothing outside them', () => {
    expect(text('New York, NY', 'ONSITE')).toBe('an opening in New York');
    expect(text('Denver, CO', 'HYBRID')).toBe('an opening in Colorado');
    expect(text('Remote, USA', 'ONSITE')).toMatch(/remote/);
    expect(text('USA', 'REMOTE')).toMatch(/remote/);
    expect(text('Austin, Texas, USA', 'ONSITE')).toBeUndefined();
    expect(text('Remote, India', 'REMOTE')).toBeUndefined();
    expect(text('Hyderabad, Telangana, India', 'ONSITE')).toBeUndefined();
  });

  it('judges every place, and names the one that needs the range', () => {
    const places = (locations: Place[], workplaceType: WorkplaceType = 'HYBRID') =>
      payRangeRequiredBecause({ location: 'x', locations, workplaceType, remoteCountries: [] });
    const austin = { city: 'Austin', region: 'US-TX', country: 'US' };
    expect(places([austin, { city: 'Pune', region: '', country: 'IN' }])).toBeUndefined();
    expect(places([austin, { city: 'Denver', region: 'US-CO', country: 'US' }])).toBe(
      'an opening with a place in Colorado (place 2: Denver, US-CO, US)',
    );
    // A region written as a name or a bare code counts as well.
    expect(places([austin, { city: 'Albany', region: 'New York', country: 'US' }])).toMatch(
      /place in New York \(place 2/,
    );
    expect(places([{ city: 'Boston', region: 'MA', country: 'US' }])).toBe(
      'an opening in Massachusetts',
    );
  });

  it('counts a remote opening that may be held from the United States as US remote', () => {
    const remote = (remoteCountries: string[]) =>
      payRangeRequiredBecause({
        location: 'Pune, India',
        locations: [{ city: 'Pune', region: '', country: 'IN' }],
        workplaceType: 'REMOTE',
        remoteCountries,
      });
    expect(remote(['IN', 'US'])).toBe('a remote opening in the United States');
    expect(remote(['IN', 'PH'])).toBeUndefined();
  });

  it('lists the pay-transparency states as ISO 3166-2 codes', () => {
    for (const state of ['CO', 'NY', 'CA', 'WA', 'IL', 'MD', 'MA', 'NJ', 'HI', 'VT', 'MN']) {
      expect(PAY_TRANSPARENCY_STATES.has(`US-${state}`)).toBe(true);
    }
  });
});

describe('placesErrors', () => {
  it('names the place whose country or region code is unknown or of another country', () => {
    expect(
      placesErrors([
        { city: 'Chicago', region: 'US-IL', country: 'US' },
        { city: 'Nowhere', region: '', country: 'ZZ' },
        { city: 'Munich', region: 'FR-IDF', country: 'DE' },
        { city: 'Denver', region: 'US-XX', country: 'US' },
        { city: 'Tokyo', region: 'JP-13', country: 'JP' },
        { city: 'Leeds', region: 'Yorkshire', country: 'GB' },
      ]),
    ).toEqual([
      { field: 'locations.1.country', message: 'Place 2: "ZZ" is not a country code we know.' },
      {
        field: 'locations.2.region',
        message: 'Place 3: region "FR-IDF" is not in Germany (its code must start with DE-).',
      },
      {
        field: 'locations.3.region',
        message: 'Place 4: "US-XX" is not a region of United States of America we know.',
      },
    ]);
  });

  it("reads a region by its code or its name within the place's country", () => {
    expect(stateOf({ city: '', region: 'US-CO', country: 'US' })?.label).toBe('Colorado');
    expect(stateOf({ city: '', region: 'Colorado', country: 'US' })?.isoCode).toBe('CO');
    expect(stateOf({ city: '', region: 'US-CO', country: 'CA' })).toBeUndefined();
  });
});

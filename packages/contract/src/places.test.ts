import { describe, expect, it } from 'vitest';
import { countryName, placeLine, placeText } from './places';

describe('a place as people read it', () => {
  it('names the country and drops its code from the region', () => {
    expect(placeText({ city: 'Denver', region: 'US-CO', country: 'US' })).toBe(
      'Denver, CO, United States',
    );
    expect(placeText({ city: 'Berlin', region: '', country: 'DE' })).toBe('Berlin, Germany');
    expect(placeText({ city: '', region: '', country: 'PH' })).toBe('Philippines');
  });

  it('keeps a code no one knows, and the codes for a line of codes', () => {
    expect(countryName('XX')).toBe('XX');
    expect(placeLine({ city: 'Chicago', region: 'US-IL', country: 'US' })).toBe(
      'Chicago, US-IL, US',
    );
  });
});

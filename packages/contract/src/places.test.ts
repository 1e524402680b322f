import { describe, expect, it } from 'vitest';
import { countryName, placeChoices, placeLine, placeText } from './places';
import { readApplyForm } from './apply-form';

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

describe('placeChoices: where an applicant may say they would work', () => {
  const pune = { city: 'Pune', region: 'IN-MH', country: 'IN' };

  it('offers the places, then "Remote from <country>" for each country of a remote opening', () => {
    const choices = placeChoices({
      locations: [pune],
      remoteCountries: ['PL', 'PT'],
      workplaceType: 'REMOTE',
    });
    expect(choices.map(({ value, label }) => [value, label])).toEqual([
      ['0', 'Pune, MH, India'],
      ['remote-PL', 'Remote from Poland'],
      ['remote-PT', 'Remote from Portugal'],
    ]);
  });

  it('offers no remote country of an opening that is not remote', () => {
    const where = { locations: [pune], remoteCountries: ['PL'], workplaceType: 'HYBRID' };
    expect(placeChoices(where).map((choice) => choice.label)).toEqual(['Pune, MH, India']);
  });

  it('leaves out a place that is only one of the remote countries', () => {
    const where = {
      locations: [{ city: '', region: '', country: 'US' }],
      remoteCountries: ['US'],
      workplaceType: 'REMOTE',
    };
    expect(placeChoices(where).map((choice) => choice.label)).toEqual([
      'Remote from United States',
    ]);
  });

  it('the form reads a remote choice of the places’ group as remoteCountry', () => {
    const read = readApplyForm({ locationIndex: 'remote-PL' });
    expect(read.success && read.data.remoteCountry).toBe('PL');
    expect(read.success && read.data.locationIndex).toBeUndefined();
    const place = readApplyForm({ locationIndex: '1' });
    expect(place.success && place.data).toMatchObject({ locationIndex: 1 });
  });
});

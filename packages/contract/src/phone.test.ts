import { describe, expect, it } from 'vitest';
import { displayedMobileNumber, isMobileNumber, mobileE164, storedMobileNumber } from './phone';

/** ISO 3166-1 numeric codes, as the form's country list sends them. */
const US = 840;
const INDIA = 356;
const PHILIPPINES = 608;
const GERMANY = 276;
const POLAND = 616;

describe('the mobile number', () => {
  it.each([
    ['+1 303 555 0112', US, '+13035550112'],
    ['(303) 555-0112', US, '+13035550112'],
    ['+91 98765 43210', INDIA, '+919876543210'],
    ['98765 43210', INDIA, '+919876543210'],
    ['+63 917 123 4567', PHILIPPINES, '+639171234567'],
    ['0917 123 4567', PHILIPPINES, '+639171234567'],
    ['+49 151 23456789', GERMANY, '+4915123456789'],
    ['0151 23456789', GERMANY, '+4915123456789'],
    ['+48 512 345 678', POLAND, '+48512345678'],
    ['512-345-678', POLAND, '+48512345678'],
    // A number with its country code is read as that country's, whichever country is chosen.
    ['+49 151 23456789', INDIA, '+4915123456789'],
  ])('%s (country %i) passes and is stored as %s', (typed, country, e164) => {
    expect(isMobileNumber(typed, country)).toBe(true);
    expect(mobileE164(typed, country)).toBe(e164);
    expect(storedMobileNumber(` ${typed} `, country)).toBe(e164);
  });

  it("keeps every number of the seed's ten digits", () => {
    for (const country of [US, INDIA, PHILIPPINES, GERMANY, POLAND, null]) {
      expect(isMobileNumber('5550101234', country)).toBe(true);
    }
    // No country to read it by: kept as typed.
    expect(storedMobileNumber('5550101234', null)).toBe('5550101234');
  });

  it.each([
    ['five digits', '12345', US],
    ['letters', '555010123x', US],
    ['words around it', 'call 5551234567', US],
    ['two plus signs', '++49 151 23456789', GERMANY],
    ['too long for its country', '+1 303 555 01123', US],
    ['empty', '', INDIA],
  ])('refuses %s', (_, typed, country) => {
    expect(isMobileNumber(typed, country)).toBe(false);
  });

  it('shows a stored number in its international form, anything else as stored', () => {
    expect(displayedMobileNumber('+4915123456789')).toBe('+49 1512 3456789');
    expect(displayedMobileNumber('+13035550112')).toBe('+1 303 555 0112');
    expect(displayedMobileNumber('5550101234')).toBe('5550101234');
  });
});

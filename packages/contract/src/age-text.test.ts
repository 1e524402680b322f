import { describe, expect, it } from 'vitest';
import { openingsCountText, postedAgeText } from './age-text';

describe('postedAgeText', () => {
  it.each([
    [{ days: 0, hours: 0, minutes: 0 }, '0 Minute ago'],
    [{ days: 0, hours: 0, minutes: 7 }, '7 Minute ago'],
    [{ days: 0, hours: 0, minutes: 59 }, '59 Minute ago'],
    [{ days: 0, hours: 1, minutes: 60 }, '1 Hour ago'],
    [{ days: 0, hours: 1, minutes: 119 }, '1 Hour ago'],
    [{ days: 0, hours: 2, minutes: 120 }, '2 Hours ago'],
    [{ days: 0, hours: 23, minutes: 1439 }, '23 Hours ago'],
    [{ days: 1, hours: 24, minutes: 1440 }, '1 day ago'],
    [{ days: 1, hours: 47, minutes: 2879 }, '1 day ago'],
    [{ days: 2, hours: 48, minutes: 2880 }, '2 days ago'],
    [{ days: 30, hours: 720, minutes: 43200 }, '30 days ago'],
    [{ days: 0, hours: 0 }, '0 Minute ago'],
  ])('%o -> %s', (age, expected) => {
    expect(postedAgeText(age)).toBe(expected);
  });
});

describe('openingsCountText', () => {
  it.each([
    [0, '0 Current Opening'],
    [1, '1 Current Opening'],
    [2, '2 Current Openings'],
    [12, '12 Current Openings'],
  ])('%i -> %s', (count, expected) => {
    expect(openingsCountText(count)).toBe(expected);
  });
});

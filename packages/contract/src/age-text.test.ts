import { describe, expect, it } from 'vitest';
import { openingsCountText, postedAgeText } from './age-text';

describe('postedAgeText', () => {
  it.each([
    [{ DateCount: 0, HourCount: 0, MinuteCount: 0 }, '0 Minute ago'],
    [{ DateCount: 0, HourCount: 0, MinuteCount: 7 }, '7 Minute ago'],
    [{ DateCount: 0, HourCount: 0, MinuteCount: 59 }, '59 Minute ago'],
    [{ DateCount: 0, HourCount: 1, MinuteCount: 60 }, '1 Hour ago'],
    [{ DateCount: 0, HourCount: 1, MinuteCount: 119 }, '1 Hour ago'],
    [{ DateCount: 0, HourCount: 2, MinuteCount: 120 }, '2 Hours ago'],
    [{ DateCount: 0, HourCount: 23, MinuteCount: 1439 }, '23 Hours ago'],
    [{ DateCount: 1, HourCount: 24, MinuteCount: 1440 }, '1 day ago'],
    [{ DateCount: 1, HourCount: 47, MinuteCount: 2879 }, '1 day ago'],
    [{ DateCount: 2, HourCount: 48, MinuteCount: 2880 }, '2 days ago'],
    [{ DateCount: 30, HourCount: 720, MinuteCount: 43200 }, '30 days ago'],
    [{ DateCount: 0, HourCount: 0 }, '0 Minute ago'],
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

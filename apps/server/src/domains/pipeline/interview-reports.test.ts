import { describe, expect, it } from 'vitest';
import { isoWeekOf, mondayOf, percentile90 } from './interview-reports';

const at = (iso: string) => new Date(iso);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('interview reports: ISO weeks and the 90th percentile', () => {
  it('a week runs Monday 00:00 to Sunday 24:00 in UTC', () => {
    expect(day(mondayOf(at('2025-01-05T23:59:59.999Z')))).toBe('2024-12-30');
    expect(day(mondayOf(at('2025-01-06T00:00:00.000Z')))).toBe('2025-01-06');
    // The years 1 to 99 are not read as 1901 to 1999.
    expect(day(mondayOf(at('0001-01-03T12:00:00Z')))).toBe('0001-01-01');
  });

  it("names a week by the year of its Thursday: week 53, and a year's week 1 in December", () => {
    expect(isoWeekOf(at('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(isoWeekOf(at('2020-12-28T00:00:00Z'))).toBe('2020-W53');
    expect(isoWeekOf(at('2021-01-04T00:00:00Z'))).toBe('2021-W01');
    expect(isoWeekOf(at('2026-12-28T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(at('2025-03-31T00:00:00Z'))).toBe('2025-W14');
    expect(isoWeekOf(at('0001-01-01T00:00:00Z'))).toBe('0001-W01');
  });

  it('takes the 90th percentile by nearest rank, in whole numbers', () => {
    expect(percentile90([])).toBeNull();
    expect(percentile90([5])).toBe(5);
    const thirty = Array.from({ length: 30 }, (_, k) => k + 1);
    // The 27th of 30, not the 28th that 0.9 * 30 in floating point would give.
    expect(percentile90(thirty)).toBe(27);
    expect(percentile90([10, 1, 9, 2, 8, 3, 7, 4, 6, 5])).toBe(9);
  });
});

import { describe, expect, it } from 'vitest';
import { instantOfWallTime, spanInZone, withinHours } from './wall-time';

const weekdays = (start: number, end: number, days = [1, 2, 3, 4, 5]) =>
  days.map((weekday) => ({ weekday, startMinute: start, endMinute: end }));

describe('wall times and working hours', () => {
  it('reads a wall time in its zone on both sides of a US change, and refuses a skipped one', () => {
    expect(instantOfWallTime('2026-03-06T09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-06T14:00:00.000Z',
    );
    expect(instantOfWallTime('2026-03-09T09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(() => instantOfWallTime('2026-03-08T02:30', 'America/New_York')).toThrow(
      /does not exist/,
    );
    // Passed twice when the clocks go back: the first, still on summer time.
    expect(instantOfWallTime('2026-11-01T01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(instantOfWallTime('2026-03-09T09:00', 'Asia/Kolkata').toISOString()).toBe(
      '2026-03-09T03:30:00.000Z',
    );
  });

  it('judges hours in the person’s zone, joining touching spans, over midnight by each day', () => {
    const start = new Date('2026-03-09T13:00:00Z');
    const end = new Date('2026-03-09T14:00:00Z');
    expect(withinHours(start, end, 'Asia/Manila', weekdays(540, 1080))).toBe(false);
    expect(withinHours(start, end, 'America/New_York', weekdays(540, 1020))).toBe(true);
    const joined = [...weekdays(1080, 1140), ...weekdays(1140, 1200)];
    expect(withinHours(start, end, 'Asia/Kolkata', joined)).toBe(true);
    expect(withinHours(start, end, 'Asia/Kolkata', weekdays(1080, 1140))).toBe(false);
    // 23:30–00:30 in Manila: Monday's evening and Tuesday's first hour are both needed.
    const late = new Date('2026-03-09T15:30:00Z');
    const lateEnd = new Date('2026-03-09T16:30:00Z');
    expect(withinHours(late, lateEnd, 'Asia/Manila', weekdays(1320, 1440))).toBe(false);
    expect(
      withinHours(late, lateEnd, 'Asia/Manila', [...weekdays(1320, 1440), ...weekdays(0, 60)]),
    ).toBe(true);
    expect(spanInZone(late, lateEnd, 'Asia/Manila')).toBe(
      'Mon 2026-03-09 23:30–Tue 2026-03-10 00:30',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { slotStarts, type PersonHours } from './slots';

const weekdays = (start: number, end: number) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: start * 60, endMinute: end * 60 }));
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('the times offered to a candidate', () => {
  const newYork: PersonHours = {
    userId: 1,
    timeZone: 'America/New_York',
    spans: weekdays(9, 11),
  };

  it('follows a person’s hours across their daylight-time change', () => {
    // Friday 12 March 2027 (EST, UTC-5) and Monday 15 March (EDT, UTC-4).
    const starts = slotStarts({
      people: [newYork],
      busy: [],
      durationMinutes: 60,
      from: new Date('2027-03-12T00:00:00Z'),
      until: new Date('2027-03-16T00:00:00Z'),
    });
    expect(iso(starts)).toEqual([
      '2027-03-12T14:00:00.000Z',
      '2027-03-12T15:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
      '2027-03-15T14:00:00.000Z',
    ]);
  });

  it('keeps only the times when everyone is inside their hours and free', () => {
    // 08:30–12:30 in Kolkata (UTC+5:30) is 03:00–07:00 UTC; Manila 09:00–14:00 is 01:00–06:00.
    const kolkata: PersonHours = {
      userId: 2,
      timeZone: 'Asia/Kolkata',
      spans: [{ weekday: 2, startMinute: 8 * 60 + 30, endMinute: 12 * 60 + 30 }],
    };
    const manila: PersonHours = {
      userId: 3,
      timeZone: 'Asia/Manila',
      spans: [{ weekday: 2, startMinute: 9 * 60, endMinute: 14 * 60 }],
    };
    const starts = slotStarts({
      people: [kolkata, manila],
      busy: [
        {
          userId: 3,
          start: new Date('2027-03-09T04:00:00Z'),
          end: new Date('2027-03-09T04:30:00Z'),
        },
      ],
      durationMinutes: 45,
      from: new Date('2027-03-09T00:00:00Z'),
      until: new Date('2027-03-10T00:00:00Z'),
    });
    // 03:00 fits and the next start comes after it ends; 04:00 is taken, 04:30 fits; 05:30
    // would end after Manila's 06:00.
    expect(iso(starts)).toEqual(['2027-03-09T03:00:00.000Z', '2027-03-09T04:30:00.000Z']);
  });

  it('offers nothing when someone keeps no hours, and stops at the most', () => {
    const none = { userId: 4, timeZone: null, spans: [] };
    const window = {
      busy: [],
      durationMinutes: 30,
      from: new Date('2027-03-08T00:00:00Z'),
      until: new Date('2027-03-22T00:00:00Z'),
    };
    expect(slotStarts({ ...window, people: [newYork, none] })).toEqual([]);
    expect(slotStarts({ ...window, people: [newYork], max: 5 })).toHaveLength(5);
  });
});

import { DateTime } from 'luxon';
import { WEEKDAY_NAMES } from '@lumenfield/contract';
import { HttpProblem } from '../../lib/http-problem';

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/**
 * The instant a wall time names in `zone`. A time the clocks skip (02:30 on the night the US
 * moves forward) names no instant: refused, never moved silently. A time the clocks pass twice
 * (01:30 on the night they move back) is the first of the two, as calendars read it.
 */
export function instantOfWallTime(local: string, zone: string, field = 'startsAt'): Date {
  const time = DateTime.fromFormat(local, LOCAL_FORMAT, { zone });
  if (!time.isValid || time.toFormat(LOCAL_FORMAT) !== local) {
    throw new HttpProblem(400, `${local} does not exist in ${zone}: the clocks change then.`, [
      { field, message: `does not exist in ${zone} (the clocks change then)` },
    ]);
  }
  // The offsets in force a day either side are the only ones the wall time can have: the
  // earliest instant that reads as it is the first pass.
  const asUtc = DateTime.fromFormat(local, LOCAL_FORMAT, { zone: 'utc' }).toMillis();
  const readings = [time.minus({ days: 1 }).offset, time.plus({ days: 1 }).offset, time.offset]
    .map((offset) => asUtc - offset * 60_000)
    .filter((ms) => DateTime.fromMillis(ms, { zone }).toFormat(LOCAL_FORMAT) === local);
  return new Date(Math.min(...readings));
}

/** `minutes` after `at` (an interview's end from its start and duration). */
export const plusMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** A span in minutes from midnight of an ISO weekday (1 Monday … 7 Sunday). */
export interface DaySpan {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/**
 * Whether [start, end) lies wholly inside the working spans, read in `zone`: each local day
 * the interview touches must be covered by that weekday's spans (touching spans join), so an
 * interview over midnight needs hours on both days.
 */
export function withinHours(start: Date, end: Date, zone: string, spans: readonly DaySpan[]) {
  let from = DateTime.fromJSDate(start, { zone });
  const until = DateTime.fromJSDate(end, { zone });
  while (from < until) {
    const nextDay = from.startOf('day').plus({ days: 1 });
    const pieceEnd = until < nextDay ? until : nextDay;
    const a = from.hour * 60 + from.minute;
    const b = pieceEnd.equals(nextDay) ? 1440 : pieceEnd.hour * 60 + pieceEnd.minute;
    if (
      !covered(
        a,
        b,
        spans.filter((span) => span.weekday === from.weekday),
      )
    )
      return false;
    from = pieceEnd;
  }
  return true;
}

function covered(a: number, b: number, spans: readonly DaySpan[]): boolean {
  let reached = a;
  for (const span of [...spans].sort((x, y) => x.startMinute - y.startMinute)) {
    if (span.startMinute > reached) break;
    reached = Math.max(reached, span.endMinute);
    if (reached >= b) return true;
  }
  return reached >= b;
}

/** A zone Luxon knows, or `fallback`. */
export const zoneOr = (zone: string | null, fallback: string) =>
  zone && DateTime.now().setZone(zone).isValid ? zone : fallback;

/**
 * "Monday, March 15, 2027, 9:00 AM – 9:45 AM EDT (America/New_York)": an interview's time in
 * `zone`, with the zone named, so nobody has to convert it.
 */
export function whenInZone(start: Date, durationMinutes: number, zone: string): string {
  const from = DateTime.fromJSDate(start, { zone: zoneOr(zone, 'utc') }).setLocale('en-US');
  const until = from.plus({ minutes: durationMinutes });
  return (
    `${from.toFormat('cccc, LLLL d, yyyy, h:mm a')} – ${until.toFormat('h:mm a')} ` +
    `${from.offsetNameShort ?? ''} (${from.zoneName})`
  );
}

/** "Mon 2026-03-09 22:00–23:00" (an end on another day names it too), in `zone`. */
export function spanInZone(start: Date, end: Date, zone: string): string {
  const from = DateTime.fromJSDate(start, { zone });
  const until = DateTime.fromJSDate(end, { zone });
  const day = (t: DateTime) =>
    `${WEEKDAY_NAMES[t.weekday - 1]!.slice(0, 3)} ${t.toFormat('yyyy-MM-dd')}`;
  const sameDay = from.toISODate() === until.toISODate();
  return `${day(from)} ${from.toFormat('HH:mm')}–${sameDay ? '' : `${day(until)} `}${until.toFormat('HH:mm')}`;
}

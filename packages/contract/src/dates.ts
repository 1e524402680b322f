import { z } from './zod-setup';

/**
 * The days and instants the house takes: the years 1 to 9999. Both databases hold them
 * (PostgreSQL has no year 0), and their ISO 8601 text keeps four year digits, so stored instants
 * still sort as text (SQLite) and a day's bounds are written the same way on both engines.
 */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';
export const DATE_RANGE_MESSAGE = 'must be a date from the year 1 to 9999';

/** The first and the last instant of a day (YYYY-MM-DD, UTC), as stored instants are written. */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;
export const dayEnd = (day: string) => `${day}T23:59:59.999Z`;

const FIRST_MS = Date.parse(dayStart(FIRST_DAY));
const LAST_MS = Date.parse(dayEnd(LAST_DAY));

/** A day, YYYY-MM-DD (UTC), from 0001-01-01 to 9999-12-31. */
// `abort`: a value that is no date at all gets one sentence, not this one too.
export const isoDaySchema = z.iso
  .date({ abort: true })
  .refine((day) => day >= FIRST_DAY, DATE_RANGE_MESSAGE);

/**
 * An instant with its offset (ISO 8601) that falls within the years 1 to 9999 in UTC:
 * `9999-12-31T23:00:00-05:00` is in the year 10000 once written as UTC, and is refused.
 */
export const isoInstantSchema = z.iso.datetime({ offset: true, abort: true }).refine((text) => {
  const ms = Date.parse(text);
  return ms >= FIRST_MS && ms <= LAST_MS;
}, DATE_RANGE_MESSAGE);

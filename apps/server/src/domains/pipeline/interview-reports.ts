import {
  dayEnd,
  dayStart,
  INTERVIEW_WEEKS_MAX,
  type InterviewsPerWeekReport,
  type ReportFilter,
  type TimeToFeedbackReport,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { applicantInReach, type Reach } from '../team/reach';
import { median, type ReportRange } from './reports-repository';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The Monday (00:00 UTC) of the ISO week `instant` falls in. */
export function mondayOf(instant: Date): Date {
  // Whole days since 1970 (Date.UTC would read the years 0 to 99 as 1900 to 1999).
  const midnight = Math.floor(instant.getTime() / DAY_MS) * DAY_MS;
  // getUTCDay: Sunday 0 … Saturday 6; an ISO week starts on Monday.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The ISO week a Monday starts, `2025-W02`: its year is the year of its Thursday. */
export function isoWeekOf(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(0);
  firstThursday.setUTCFullYear(year, 0, 1);
  // The year's first Thursday is in its week 1.
  firstThursday.setUTCDate(1 + ((4 - firstThursday.getUTCDay() + 7) % 7));
  const week = Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * DAY_MS)) + 1;
  return `${String(year).padStart(4, '0')}-W${String(week).padStart(2, '0')}`;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The 90th percentile by nearest rank (the value nine in ten are at or under); null if empty. */
export function percentile90(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  // In whole numbers: 0.9 * 30 is 27.000000000000004 in floating point, whose ceiling is 28.
  return sorted[Math.ceil((9 * sorted.length) / 10) - 1]!;
}

/** Hours to one decimal, as the feedback report shows them. */
const roundHours = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The interview reports (docs/recruiters.md, "Reports"): interviews per week and time to
 * feedback. Unlike the applicant reports, they take the interviews that **start** between the
 * two dates (UTC days, both included), of the applicants within the reader's `reach` (and of
 * the opening when one is chosen): a week's interviews are a week's work, whenever their
 * applicants applied.
 */
export function interviewReports(db: Db) {
  /** The interviews in range, each with its applicant's opening, within reach. */
  const inRange = (range: ReportRange, reach: Reach) =>
    db
      .selectFrom('interviews')
      .innerJoin('applicants', 'applicants.id', 'interviews.applicantId')
      .where((eb) => applicantInReach(eb, reach))
      .where('interviews.startsAt', '>=', dayStart(range.from))
      .where('interviews.startsAt', '<=', dayEnd(range.to))
      .$if(range.jobId !== null, (q) => q.where('applicants.jobId', '=', range.jobId!));

  return {
    /**
     * Per ISO week the dates touch: the interviews held (scheduled, not cancelled) and those
     * cancelled, by their start; and per opening. An offered interview with no time booked has
     * no week and is not counted.
     */
    async interviewsPerWeek(filter: ReportFilter, reach: Reach): Promise<InterviewsPerWeekReport> {
      const rows = await inRange(filter, reach)
        .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
        .select([
          'interviews.startsAt',
          'interviews.status',
          'jobs.id as jobId',
          'jobs.title as jobTitle',
          'jobs.code as jobCode',
        ])
        .where('interviews.status', 'in', ['scheduled', 'cancelled'])
        .execute();
      const byWeek = new Map<number, { held: number; cancelled: number }>();
      const openings = new Map<
        number,
        { jobTitle: string; jobCode: string; held: number; cancelled: number }
      >();
      for (const row of rows) {
        if (row.startsAt === null) continue;
        const held = row.status === 'scheduled' ? 1 : 0;
        const monday = mondayOf(new Date(toIso(row.startsAt))).getTime();
        const week = byWeek.get(monday) ?? { held: 0, cancelled: 0 };
        week.held += held;
        week.cancelled += 1 - held;
        byWeek.set(monday, week);
        const opening = openings.get(row.jobId) ?? {
          jobTitle: row.jobTitle,
          jobCode: row.jobCode,
          held: 0,
          cancelled: 0,
        };
        opening.held += held;
        opening.cancelled += 1 - held;
        openings.set(row.jobId, opening);
      }
      const weeks = weeksOf(filter, [...byWeek.keys()]).map((monday) => {
        const counts = byWeek.get(monday) ?? { held: 0, cancelled: 0 };
        const date = new Date(monday);
        return { week: isoWeekOf(date), monday: isoDay(date), ...counts };
      });
      const all = [...openings.values()];
      return {
        filter,
        weeks,
        held: all.reduce((sum, o) => sum + o.held, 0),
        cancelled: all.reduce((sum, o) => sum + o.cancelled, 0),
        openings: [...openings]
          .map(([jobId, opening]) => ({ jobId, ...opening }))
          .sort(
            (a, b) =>
              b.held - a.held ||
              b.cancelled - a.cancelled ||
              a.jobTitle.localeCompare(b.jobTitle, 'en'),
          ),
      };
    },

    /**
     * For the scheduled interviews that start in the dates: the hours from each interview's
     * end to each submitted scorecard (a card submitted before the end counts as no wait), and
     * the interviews that have ended by `now` with an interviewer who has not submitted; over
     * everyone and per interviewer, the most missing first.
     */
    async timeToFeedback(
      filter: ReportFilter,
      reach: Reach,
      now: Date,
    ): Promise<TimeToFeedbackReport> {
      const rows = await inRange(filter, reach)
        .innerJoin('interviewInterviewers as ii', 'ii.interviewId', 'interviews.id')
        .innerJoin('users', 'users.id', 'ii.userId')
        .leftJoin('scorecards', (join) =>
          join
            .onRef('scorecards.interviewId', '=', 'interviews.id')
            .onRef('scorecards.userId', '=', 'ii.userId'),
        )
        .select([
          'interviews.startsAt',
          'interviews.durationMinutes',
          'users.id as userId',
          'users.name',
          'scorecards.submittedAt',
        ])
        .where('interviews.status', '=', 'scheduled')
        .execute();
      const people = new Map<number, { name: string; hours: number[]; missing: number }>();
      const all: number[] = [];
      let missing = 0;
      for (const row of rows) {
        if (row.startsAt === null) continue;
        const end = new Date(toIso(row.startsAt)).getTime() + row.durationMinutes * MINUTE_MS;
        const person = people.get(row.userId) ?? { name: row.name, hours: [], missing: 0 };
        people.set(row.userId, person);
        if (row.submittedAt !== null) {
          const waited = Math.max(0, new Date(toIso(row.submittedAt)).getTime() - end) / HOUR_MS;
          person.hours.push(waited);
          all.push(waited);
        } else if (end <= now.getTime()) {
          person.missing += 1;
          missing += 1;
        }
      }
      const figures = (hours: number[], missed: number) => ({
        submitted: hours.length,
        medianHours: roundHours(median(hours)),
        p90Hours: roundHours(percentile90(hours)),
        missing: missed,
      });
      return {
        filter,
        ...figures(all, missing),
        interviewers: [...people]
          // Someone whose interviews have not ended and who has submitted nothing has no figure.
          .filter(([, person]) => person.hours.length > 0 || person.missing > 0)
          .map(([userId, person]) => ({
            userId,
            name: person.name,
            ...figures(person.hours, person.missing),
          }))
          .sort(
            (a, b) =>
              b.missing - a.missing ||
              (b.p90Hours ?? -1) - (a.p90Hours ?? -1) ||
              a.name.localeCompare(b.name, 'en'),
          ),
      };
    },
  };
}

/**
 * The Mondays of the weeks a report lists: every week the dates touch; when that is more than
 * INTERVIEW_WEEKS_MAX, only those from the first to the last week with an interview (`found`).
 */
function weeksOf(range: ReportRange, found: readonly number[]): number[] {
  const first = mondayOf(new Date(dayStart(range.from))).getTime();
  const last = mondayOf(new Date(dayStart(range.to))).getTime();
  const span = (from: number, to: number) =>
    Array.from(
      { length: Math.round((to - from) / (7 * DAY_MS)) + 1 },
      (_, k) => from + k * 7 * DAY_MS,
    );
  if ((last - first) / (7 * DAY_MS) + 1 <= INTERVIEW_WEEKS_MAX) return span(first, last);
  if (found.length === 0) return [];
  return span(Math.min(...found), Math.max(...found));
}

import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalEventData,
} from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { DateTime } from 'luxon';
import { BRAND } from '../../lib/html-text';

/**
 * An interview as calendars see it: the iCalendar objects of its invitations, cancellations and
 * of the private feeds (RFC 5545 and 5546, written by ical-generator; never by hand).
 */

export interface Person {
  name: string;
  email: string;
}

export interface Interviewer extends Person {
  id: number;
  /** The person's own time zone (IANA), or null when they keep none. */
  timeZone: string | null;
}

/** An interview with a start (scheduled or cancelled), and who takes part. */
export interface InterviewFacts {
  id: number;
  uid: string;
  sequence: number;
  status: 'scheduled' | 'cancelled';
  startsAt: Date;
  /** The zone the interview was scheduled in (IANA). */
  timeZone: string;
  durationMinutes: number;
  location: string | null;
  applicantId: number;
  candidate: Person;
  /** The plan interview's name ("Technical interview") and kind (phone, video, on_site). */
  name: string;
  kind: string;
  jobTitle: string;
  interviewers: Interviewer[];
  updatedAt: Date;
}

/** Whose copy of the event: the candidate's names the company, an interviewer's the candidate. */
export type Audience = 'candidate' | 'interviewers';

export const KIND_WORDS: Record<string, string> = {
  phone: 'Phone',
  video: 'Video',
  on_site: 'On site',
};

/** A location that is a link (a video call) is the event's URL too. */
export const videoLink = (location: string | null): string | undefined =>
  location && /^https?:\/\/\S+$/.test(location) ? location : undefined;

/** The zone an event is written in: one with a VTIMEZONE, or none (the instant in UTC). */
const eventZone = (zone: string): string | null =>
  getVtimezoneComponent(zone) !== null ? zone : null;

/** "Name <address>" or a bare address (MAIL_FROM) as the ORGANIZER. */
export function organizerOf(mailFrom: string): Person {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  if (named) return { name: named[1] || BRAND, email: named[2]!.trim() };
  return { name: BRAND, email: mailFrom.trim() };
}

export const summaryFor = (interview: InterviewFacts, audience: Audience): string =>
  audience === 'candidate'
    ? `Interview with ${BRAND}: ${interview.name}`
    : `Interview: ${interview.candidate.name}, ${interview.name} (${interview.jobTitle})`;

function eventData(
  interview: InterviewFacts,
  audience: Audience,
  options: { organizer: Person; origin: string; description: string },
): ICalEventData {
  const zone = eventZone(interview.timeZone);
  const start = DateTime.fromJSDate(interview.startsAt, { zone: zone ?? 'utc' });
  const consoleLink = `${options.origin}/recruiters/applicants/${interview.applicantId}`;
  const url = videoLink(interview.location) ?? (audience === 'interviewers' ? consoleLink : null);
  const attendees: Person[] =
    audience === 'candidate' ? [interview.candidate] : interview.interviewers;
  return {
    id: interview.uid,
    sequence: interview.sequence,
    stamp: DateTime.fromJSDate(interview.updatedAt, { zone: 'utc' }),
    start,
    end: start.plus({ minutes: interview.durationMinutes }),
    timezone: zone,
    summary: summaryFor(interview, audience),
    description: options.description,
    location: interview.location,
    url,
    organizer: options.organizer,
    status:
      interview.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    attendees: attendees.map((person) => ({
      name: person.name,
      email: person.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
    })),
  };
}

const calendar = (method: ICalCalendarMethod, name?: string) =>
  ical({
    method,
    prodId: { company: BRAND, product: 'Careers', language: 'EN' },
    // No calendar-wide zone (DTSTAMP stays in UTC); a VTIMEZONE for each event's own zone.
    timezone: { name: null, generator: getVtimezoneComponent },
    ...(name ? { name } : {}),
  });

/**
 * One recipient's invitation (METHOD:REQUEST) or, for a cancelled interview, its cancellation
 * (METHOD:CANCEL, STATUS:CANCELLED), under the interview's stable UID and its SEQUENCE.
 */
export function invitationCalendar(
  interview: InterviewFacts,
  audience: Audience,
  options: { organizer: Person; origin: string; description: string },
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const method =
    interview.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const cal = calendar(method);
  cal.createEvent(eventData(interview, audience, options));
  return {
    method: interview.status === 'cancelled' ? 'CANCEL' : 'REQUEST',
    content: cal.toString(),
  };
}

/** A person's private feed: their interviews as an interviewer sees them (cancelled ones so). */
export function feedCalendar(
  interviews: readonly InterviewFacts[],
  options: { organizer: Person; origin: string; describe: (i: InterviewFacts) => string },
): string {
  const cal = calendar(ICalCalendarMethod.PUBLISH, `${BRAND} interviews`);
  for (const interview of interviews) {
    cal.createEvent(
      eventData(interview, 'interviewers', {
        organizer: options.organizer,
        origin: options.origin,
        description: options.describe(interview),
      }),
    );
  }
  return cal.toString();
}

import { BRAND } from '../../lib/html-text';
import { whenInZone, zoneOr } from '../interviews/wall-time';
import type { OutgoingMail } from '../mail/mail-repository';
import { message, type Block } from '../mail/mail-templates';
import {
  invitationCalendar,
  KIND_WORDS,
  organizerOf,
  summaryFor,
  videoLink,
  type Audience,
  type InterviewFacts,
  type Interviewer,
  type Person,
} from './interview-calendar';

/**
 * The mails that carry an interview to people: the invitation (or its update, or its
 * cancellation) with its iCalendar part, and the reminder a day before. Each recipient gets
 * their own, with the time in their own zone: an interviewer's `users.time_zone`; the
 * candidate's is not known, so theirs names the zone the interview was scheduled in.
 */

export interface MailSetting {
  /** MAIL_FROM: the invitations' ORGANIZER. */
  mailFrom: string;
  /** The origin of links: mailOrigin(config), never a request's. */
  origin: string;
}

export type InterviewMailKind = 'interview-invitation' | 'interview-cancellation';

/** The interview's time in `zone` (or its own), with the zone named (wall-time.ts). */
export const whenText = (interview: InterviewFacts, zone: string): string =>
  whenInZone(
    interview.startsAt,
    interview.durationMinutes,
    zoneOr(zone, zoneOr(interview.timeZone, 'utc')),
  );

/** Who the mail is to, in which zone, and which copy of the event they get. */
interface Recipient {
  /** The interviewer's user id; undefined for the candidate. */
  userId?: number;
  person: Person;
  zone: string;
  audience: Audience;
}

function recipients(interview: InterviewFacts): Recipient[] {
  return [
    { person: interview.candidate, zone: interview.timeZone, audience: 'candidate' },
    ...interview.interviewers.map((person) => ({
      userId: person.id,
      person,
      zone: zoneOr(person.timeZone, interview.timeZone),
      audience: 'interviewers' as const,
    })),
  ];
}

/** The facts of the interview, as the mail and the calendar entry's description say them. */
export function interviewLines(
  interview: InterviewFacts,
  audience: Audience,
  zone: string,
  origin: string,
): string[] {
  const where = interview.location
    ? `${videoLink(interview.location) ? 'Video call' : 'Where'}: ${interview.location}`
    : 'Where: the details follow from your recruiter.';
  const names = interview.interviewers.map((person) => person.name).join(', ');
  return [
    `When: ${whenText(interview, zone)}`,
    `Length: ${interview.durationMinutes} minutes`,
    `Kind: ${KIND_WORDS[interview.kind] ?? interview.kind}`,
    where,
    ...(audience === 'candidate'
      ? [`Position: ${interview.jobTitle}`, ...(names ? [`With: ${names}`] : [])]
      : [
          `Candidate: ${interview.candidate.name}`,
          `Opening: ${interview.jobTitle}`,
          ...(names ? [`Interviewers: ${names}`] : []),
          `The candidate, the interview kit and your scorecard: ${origin}/recruiters/applicants/${interview.applicantId}`,
        ]),
  ];
}

/** The queue's subject column holds 300 characters. */
const clip = (subject: string) => (subject.length > 300 ? `${subject.slice(0, 299)}…` : subject);

const subjectOf = (
  interview: InterviewFacts,
  audience: Audience,
  change: 'new' | 'updated' | 'cancelled',
) => {
  const summary = summaryFor(interview, audience);
  if (change === 'cancelled') return `Cancelled: ${summary}`;
  return change === 'updated' ? `Updated: ${summary}` : summary;
};

function opening(interview: InterviewFacts, change: 'new' | 'updated' | 'cancelled'): string {
  if (change === 'cancelled') return `The interview below is cancelled.`;
  if (change === 'updated')
    return `The interview below has changed; this is its new time and place.`;
  return `You are invited to an interview (${interview.name}).`;
}

/**
 * One mail per person for a change: the first invitation, an update (to those who had the
 * invitation: `mailedBefore`, the interviewers by id), or a cancellation; each with its
 * iCalendar part.
 */
export function invitationMails(
  interview: InterviewFacts,
  mailedBefore: { candidate: boolean; interviewerIds: readonly number[] },
  setting: MailSetting,
): OutgoingMail<InterviewMailKind>[] {
  const organizer = organizerOf(setting.mailFrom);
  // A cancellation goes to those who had the invitation only.
  const had = ({ userId }: Recipient) =>
    userId === undefined ? mailedBefore.candidate : mailedBefore.interviewerIds.includes(userId);
  const told = recipients(interview).filter(
    (recipient) => interview.status !== 'cancelled' || had(recipient),
  );
  return told.map((recipient) => {
    const { person, zone, audience } = recipient;
    const change =
      interview.status === 'cancelled' ? 'cancelled' : had(recipient) ? 'updated' : 'new';
    const lines = interviewLines(interview, audience, zone, setting.origin);
    const blocks: Block[] = [{ lines: [opening(interview, change)] }, { lines }];
    if (audience === 'candidate' && change !== 'cancelled') {
      blocks.push({
        lines: [
          `Times are in ${interview.timeZone} time. Your calendar shows the interview in your own time zone once you add it.`,
        ],
      });
    }
    const { text, html } = message(`Hello ${person.name},`, blocks, [`${BRAND} Recruiting`]);
    return {
      kind: change === 'cancelled' ? 'interview-cancellation' : 'interview-invitation',
      to: [person.email],
      subject: clip(subjectOf(interview, audience, change)),
      text,
      html,
      calendar: invitationCalendar(interview, audience, {
        organizer,
        origin: setting.origin,
        description: lines.join('\n'),
      }),
      ...(audience === 'candidate' ? { toApplicant: true } : {}),
    };
  });
}

/**
 * The cancellations for interviewers taken off an interview whose invitation they had: the
 * change's SEQUENCE, METHOD:CANCEL, to them alone.
 */
export function withdrawalMails(
  interview: InterviewFacts,
  removed: readonly Interviewer[],
  setting: MailSetting,
): OutgoingMail<InterviewMailKind>[] {
  if (removed.length === 0) return [];
  const withdrawn = { ...interview, status: 'cancelled' as const, interviewers: [...removed] };
  // To them alone: the candidate keeps the interview.
  return invitationMails(
    withdrawn,
    { candidate: false, interviewerIds: removed.map((person) => person.id) },
    setting,
  );
}

/** The reminder a day before, to each person: the invitation's facts, no calendar part. */
export function reminderMails(
  interview: InterviewFacts,
  setting: MailSetting,
): OutgoingMail<'interview-reminder'>[] {
  return recipients(interview).map(({ person, zone, audience }) => {
    const { text, html } = message(
      `Hello ${person.name},`,
      [
        { lines: ['A reminder: your interview is in less than a day.'] },
        { lines: interviewLines(interview, audience, zone, setting.origin) },
      ],
      [`${BRAND} Recruiting`],
    );
    return {
      kind: 'interview-reminder',
      to: [person.email],
      subject: clip(`Reminder: ${summaryFor(interview, audience)}, ${whenText(interview, zone)}`),
      text,
      html,
      ...(audience === 'candidate' ? { toApplicant: true } : {}),
    };
  });
}

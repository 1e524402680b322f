import { z } from './zod-setup';
import { isEmailAddress } from './application';
import type { ApplicantStatus } from './pipeline';

/**
 * The applicant's own page (docs/careers.md "Your application's own page"): what the server renders
 * at `/applications/<token>` and the re-send of the links. The one owner of its wire shapes and its
 * sentences (its paths: @lumenfield/routes), for server, page and tests.
 */

/** POST `{ Email }` (docs/api.md): the links of that address's applications, mailed; relative
 *  to API_BASE_PATH, like SELF_ID_API_PATH. */
export const APPLICATION_LINKS_API_PATH = '/applications/links';

/** The form fields of the page's forms (no-script posts, urlencoded). */
export const applicantFormFields = {
  xsrf: '_xsrf',
  email: 'email',
  confirm: 'confirm',
  resume: 'resume',
  slot: 'slot',
  timeZone: 'tz',
  message: 'message',
} as const;

/** The re-send's body, in the public API's names (docs/api.md). */
export const applicationLinksRequestSchema = z.object({
  Email: z.string().max(320),
});
export type ApplicationLinksRequest = z.infer<typeof applicationLinksRequestSchema>;
export const applicationLinksAcceptedSchema = z.object({ Message: z.string() });

/** The address of a re-send, judged by the application's own e-mail rule. */
export const isLinksEmail = (value: string) =>
  value.trim().length <= 320 && isEmailAddress(value.trim());

/** The page's sentences, in the applicant's words. */
export const applicantPageCopy = {
  title: 'Your application',
  linksTitle: 'Find your application',
  linksIntro:
    'Enter the e-mail address you applied with. We will send a new link to each of your applications to that address.',
  linksSent:
    'Thank you. If we have applications under that address, a mail with their links is on its way. It can take a few minutes; please check your spam folder too.',
  badEmail: 'Please enter the e-mail address you applied with, like name@example.com.',
  tooMany:
    'We have had many requests for links from you or for this address. Please wait a while and try again.',
  forbidden:
    'We could not accept this form: it did not come from this page. Please reload the page and send it again.',
  unknownTitle: 'This link does not open an application',
  unknownText:
    'The link may be older than 30 days without news, or mistyped, or the application has been erased. You can ask for new links below.',
  withdrawTitle: 'Withdraw your application?',
  withdrawText:
    'Once withdrawn, we stop considering you for this opening and the recruiters see that you withdrew. You can apply again later if you change your mind.',
  withdrawConfirm: 'I want to withdraw this application',
  withdrawn: 'Your application is withdrawn. Thank you for letting us know.',
  eraseTitle: 'Erase your data?',
  eraseText:
    'We will send you a mail with a link. Opening it and confirming erases every application you sent us under this address, with its resume. The link works once, for 24 hours.',
  eraseMailSent:
    'We have sent you a mail with a link to confirm the erasure. It works once, for 24 hours.',
  eraseConfirmTitle: 'Erase everything we keep about you?',
  eraseConfirmText:
    'This erases every application you sent us under this address, with the resumes and anything we wrote down about them. It cannot be undone.',
  eraseConfirm: 'I understand: erase my data',
  erasedTitle: 'Your data is erased',
  erasedText:
    'We no longer keep your applications or resumes. The links you had stop working now. Thank you for having considered us.',
  eraseLinkGone:
    'This erase link has been used or is older than 24 hours. Ask for a new one from your application’s page.',
  mustTick: 'Please tick the box to confirm.',
  resumeTitle: 'Send a newer resume',
  resumeText:
    'Your new resume takes the place of the one you sent; we do not keep the old one. PDF or Word, at most 5 MB.',
  resumeReplaced: 'Thank you. We have your new resume, and the old one is deleted.',
  resumeClosed:
    'The resume can no longer be changed: this application is past the first reading, or closed.',
  interviewsHeading: 'Your interviews',
  bookTitle: 'Choose a time for your interview',
  bookText:
    'Pick the time that suits you best. We send you and the interviewers a calendar invitation right away.',
  moveTitle: 'Choose another time',
  zoneLabel: 'Show the times in',
  badZone: 'We do not know that time zone, so the times are shown in the one we had.',
  deviceZone: 'Your device is set to',
  booked: 'Thank you. Your interview is booked, and a calendar invitation is on its way.',
  mustChoose: 'Please choose a time.',
  slotTaken:
    'Someone else booked that time a moment ago, or it is no longer free. Please choose another.',
  noSlots:
    'There are no free times left to choose from. Your recruiter will write to you with new ones.',
  tooLate:
    'Your interview is less than 24 hours away, so it can no longer be moved or cancelled here. Please write to your recruiter.',
  cancelInterviewTitle: 'Cancel your interview?',
  cancelInterviewText:
    'We tell the interviewers and take the interview out of their calendars. If you would like another time, write to your recruiter.',
  cancelInterviewConfirm: 'I want to cancel this interview',
  interviewCancelled: 'Your interview is cancelled. We have told the interviewers.',
  interviewGone: 'This interview is no longer open to booking.',
  threadHeading: 'Messages',
  threadEmpty: 'No messages yet. When a recruiter writes to you, it shows here as well as by mail.',
  replyLabel: 'Write to your recruiter',
  replyHint: 'Your answer goes to the recruiters of this opening. You do not need to use mail.',
  replyButton: 'Send my answer',
  replySent: 'Thank you. Your answer is with the recruiters.',
  replyEmpty: 'Please write your answer before sending it.',
  replyTooLong: 'Your answer is longer than 5,000 characters. Please shorten it.',
  replyTooMany:
    'You have sent many answers in a short time. Please wait a while and send it again.',
} as const;

/** An interview as the candidate's page shows it: nothing of the kit or the scorecards. */
export interface ApplicantInterview {
  id: number;
  name: string;
  /** "Video", "Phone", "On site". */
  kind: string;
  /** 'offered': times to choose from, none chosen yet. */
  status: 'scheduled' | 'offered';
  /** When, in the candidate's time zone with the zone named; null while offered. */
  when: string | null;
  durationMinutes: number;
  location: string | null;
  interviewers: string[];
  /** Booked from offered times and more than a day away: the candidate may move or cancel it. */
  canChange: boolean;
  /** Booked by the candidate but within a day: why it can no longer change here. */
  changeRefusal: string | null;
}

/** One day of the times offered, in the zone the page shows them in. */
export interface SlotDay {
  /** "Monday, March 15". */
  label: string;
  /** Each time's instant (ISO, UTC: the form's value) and its start in words ("9:00 AM"). */
  slots: { startsAt: string; label: string }[];
}

/**
 * One entry of the status page's thread: what we sent (never who, by name) or what the
 * candidate answered, by mail or on this page, with the names of the files that came with it.
 */
export interface ApplicantThreadEntry {
  from: 'us' | 'you';
  /** 'mail' or 'status-page' for an answer; null for what we sent. */
  channel: 'mail' | 'status-page' | null;
  at: string;
  subject: string | null;
  body: string;
  attachments: string[];
}

/** The application as its own page shows it: nothing a recruiter wrote but the messages. */
export interface ApplicantPageApplication {
  jobTitle: string;
  jobCode: string;
  /** The place applied for, or the opening's location line. */
  place: string;
  appliedOn: string;
  status: ApplicantStatus;
  /** When the stage last changed (the arrival when it never did). */
  statusSince: string;
  /** Why withdrawing is not possible, in the applicant's words; null when it is. */
  withdrawRefusal: string | null;
  resumeName: string;
  /** A newer resume may still be sent (New or Screening). */
  canReplaceResume: boolean;
  /** Interviews scheduled or offered, earliest first (cancelled ones are left out). */
  interviews: ApplicantInterview[];
  /** The messages we sent and the answers given, oldest first. */
  thread: ApplicantThreadEntry[];
}

/** What the page shows: one route, one of these. */
export type ApplicantPageView =
  | {
      kind: 'status';
      notice: string | null;
      /** An answer refused (empty, too long, too many): why, and the text as typed. */
      reply?: { problem: string; text: string };
    }
  | { kind: 'confirm-withdraw'; problem: string | null }
  | { kind: 'confirm-erase' }
  | { kind: 'replace-resume'; problem: string | null }
  | { kind: 'unknown' }
  | { kind: 'links'; problem: string | null; email: string }
  | { kind: 'links-sent' }
  | { kind: 'erase-confirm'; problem: string | null }
  | { kind: 'erase-gone' }
  | { kind: 'erased' }
  | {
      kind: 'book';
      interview: ApplicantInterview;
      /** The zone the times are shown in, and whether the candidate chose it (`?tz=`). */
      timeZone: string;
      zoneChosen: boolean;
      /** The zones to choose from, each with its words ("India Time - Mumbai, …"). */
      zones: { value: string; label: string }[];
      /** The other names of the zone shown (a device may report an older one). */
      zoneNames: string[];
      days: SlotDay[];
      problem: string | null;
    }
  | { kind: 'confirm-cancel-interview'; interview: ApplicantInterview; problem: string | null };

export interface ApplicantPageState {
  view: ApplicantPageView;
  /** The page's own path (`/applications/<token>`), where its forms post; null without one. */
  base: string | null;
  application: ApplicantPageApplication | null;
  /** The XSRF token for the forms' hidden field. */
  xsrfToken: string;
}

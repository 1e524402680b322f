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
} as const;

/** The application as its own page shows it: nothing a recruiter wrote. */
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
}

/** What the page shows: one route, one of these. */
export type ApplicantPageView =
  | { kind: 'status'; notice: string | null }
  | { kind: 'confirm-withdraw'; problem: string | null }
  | { kind: 'confirm-erase' }
  | { kind: 'replace-resume'; problem: string | null }
  | { kind: 'unknown' }
  | { kind: 'links'; problem: string | null; email: string }
  | { kind: 'links-sent' }
  | { kind: 'erase-confirm'; problem: string | null }
  | { kind: 'erase-gone' }
  | { kind: 'erased' };

export interface ApplicantPageState {
  view: ApplicantPageView;
  /** The page's own path (`/applications/<token>`), where its forms post; null without one. */
  base: string | null;
  application: ApplicantPageApplication | null;
  /** The XSRF token for the forms' hidden field. */
  xsrfToken: string;
}

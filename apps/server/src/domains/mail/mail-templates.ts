import type { OutgoingMail } from './mail-repository';
import { BRAND, escapeHtml } from '../../lib/html-text';

/** What the templates need to know about an application (nothing of the resume but its kind). */
export interface ApplicationFacts {
  /** The stored applicant's id: the mail is written after the applicant's row exists. */
  applicantId: number;
  firstName: string;
  lastName: string;
  email: string;
  job: { id: number; code: string; title: string; location: string; contactEmails: string[] };
  resumeKind: string;
  appliedOn: Date;
  /** The origin of links: mailOrigin(config), never the request's host. */
  origin: string;
  /** The applicant's own status page (domains/applications/applicant-links.ts). */
  statusLink: string;
  /** APPLICANT_RETENTION_DAYS: how long after the opening closes the application is kept. */
  retentionDays: number;
}

/** How every mail's HTML begins; its head (the subject as title) is added when it is queued. */
const HTML_OPENING =
  '<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#10233f">';

export interface Block {
  heading?: string;
  lines: string[];
}

/** One message, as plain text and as simple HTML from the same blocks; all text is escaped. */
export function message(greeting: string, blocks: Block[], closing: string[]) {
  const text = [
    greeting,
    '',
    ...blocks.flatMap((b) => [...(b.heading ? [b.heading] : []), ...b.lines, '']),
    ...closing,
  ].join('\n');
  const html = [
    HTML_OPENING,
    `<p>${escapeHtml(greeting)}</p>`,
    ...blocks.map(
      (b) =>
        `${b.heading ? `<h2 style="font-size:1.05em">${escapeHtml(b.heading)}</h2>` : ''}` +
        b.lines.map((line) => `<p>${linkify(line)}</p>`).join(''),
    ),
    `<p>${closing.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** Escapes a line and makes its one trailing https?:// URL a link. */
function linkify(line: string): string {
  const at = line.search(/https?:\/\/\S+$/);
  if (at < 0) return escapeHtml(line);
  const url = line.slice(at);
  return `${escapeHtml(line.slice(0, at))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
}

/** The applicant's confirmation: the opening, what happens next, their rights. No attachment. */
export function applicantConfirmation(
  facts: ApplicationFacts,
): OutgoingMail<'applicant-confirmation'> {
  const { job } = facts;
  const { text, html } = message(
    `Hello ${facts.firstName},`,
    [
      {
        lines: [
          `Thank you for applying for ${job.title} (job code ${job.code}) at ${BRAND}. We have your application and your resume.`,
        ],
      },
      {
        heading: 'What happens next',
        lines: [
          'A recruiter reads every application that arrives. If your experience fits the role, they will contact you by e-mail or phone to arrange a first conversation.',
          'There is no need to apply again for this opening.',
        ],
      },
      {
        heading: 'Your application’s own page',
        lines: [
          'This page shows where your application stands, and lets you withdraw it, send a newer resume, download what we keep or erase it. Keep this mail: the link is yours alone.',
          facts.statusLink,
        ],
      },
      {
        heading: 'Your data',
        lines: [
          'We use what you sent only to consider you for this opening, and only the people hiring for it see it. You can ask to see, correct or erase it at any time, as our privacy policy explains:',
          `${facts.origin}/privacypolicy`,
          `We keep your application and resume until ${facts.retentionDays} days after the opening closes; then they are erased.`,
        ],
      },
    ],
    ['Kind regards,', `The recruiting team at ${BRAND}`],
  );
  return {
    kind: 'applicant-confirmation',
    to: [facts.email],
    subject: `Your application for ${job.title}`,
    text,
    html,
  };
}

/** The opening's contact persons' notice of a new application: who and where, no resume. */
export function recruiterNotice(
  facts: Omit<ApplicationFacts, 'statusLink'>,
): OutgoingMail<'recruiter-notice'> {
  const { job } = facts;
  const { text, html } = message(
    'Hello,',
    [
      {
        lines: [
          `A new application arrived for ${job.title} (job code ${job.code}, ${job.location}).`,
        ],
      },
      {
        heading: 'The application',
        lines: [
          `Applicant: ${facts.firstName} ${facts.lastName}`,
          `Applied: ${facts.appliedOn.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          `Resume: ${facts.resumeKind.toUpperCase()}`,
        ],
      },
      {
        heading: 'Reading it',
        lines: [
          `The resume is not attached to this mail. Read the application in the recruiters' console (sign-in needed): ${facts.origin}/recruiters/applicants/${facts.applicantId}`,
        ],
      },
    ],
    [`${BRAND} careers site`],
  );
  return {
    kind: 'recruiter-notice',
    to: job.contactEmails,
    subject: `New application: ${job.title} (${job.code})`,
    text,
    html,
  };
}

/** What an overdue-feedback reminder says: the interview, and where its scorecard is filled in. */
export interface OverdueFeedback {
  to: string;
  interviewName: string;
  applicantName: string;
  jobTitle: string;
  /** When the interview was, in UTC (the interviewer's calendar has it in their own zone). */
  startsAt: Date;
  scorecardLink: string;
}

/** A reminder to an interviewer whose scorecard is overdue (docs/recruiters.md, "Scorecards"). */
export function feedbackReminder(due: OverdueFeedback): OutgoingMail<'feedback-reminder'> {
  const when = `${due.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const { text, html } = message(
    'Hello,',
    [
      {
        lines: [
          `Your scorecard for ${due.interviewName} with ${due.applicantName} (${due.jobTitle}, ${when}) is not in yet.`,
        ],
      },
      {
        heading: 'Your scorecard',
        lines: [`Fill it in while the interview is fresh (sign-in needed): ${due.scorecardLink}`],
      },
    ],
    [`${BRAND} recruiting`],
  );
  return {
    kind: 'feedback-reminder',
    to: [due.to],
    subject: `Feedback due: ${due.interviewName} with ${due.applicantName}`,
    text,
    html,
  };
}

/**
 * A message a recruiter sends an applicant (a template or their own words, placeholders filled):
 * its paragraphs as written, as plain text and as escaped HTML with its links made links.
 */
export function applicantMessageMail(
  to: string,
  subject: string,
  body: string,
): OutgoingMail<'applicant-message'> {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n'))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
  const html = [
    HTML_OPENING,
    ...paragraphs.map((lines) => `<p>${lines.map(linkify).join('<br>')}</p>`),
    '</body></html>',
  ].join('\n');
  return { kind: 'applicant-message', to: [to], subject, text: body, html, toApplicant: true };
}

/** "Choose a time for your interview": the times offered wait on the applicant's page. */
export function slotOfferMail(offer: {
  to: string;
  firstName: string;
  interviewName: string;
  jobTitle: string;
  statusLink: string;
}): OutgoingMail<'interview-offer'> {
  const { text, html } = message(
    `Hello ${offer.firstName},`,
    [
      {
        lines: [
          `We would like to invite you to an interview (${offer.interviewName}) for the ${offer.jobTitle} position. Please choose the time that suits you best on your application's page:`,
          offer.statusLink,
        ],
      },
      {
        lines: [
          'The times are shown in your own time zone, and you can change it there. Once you choose, a calendar invitation follows; you can move or cancel the interview on the same page until a day before it.',
        ],
      },
    ],
    ['Kind regards,', `The recruiting team at ${BRAND}`],
  );
  return {
    kind: 'interview-offer',
    to: [offer.to],
    subject: `Choose a time for your interview: ${offer.jobTitle}`,
    text,
    html,
    toApplicant: true,
  };
}

/** One application's line in the links mail: what it was for and its page. */
export interface ApplicationLink {
  jobTitle: string;
  jobCode: string;
  appliedOn: Date;
  statusLink: string;
}

/** "Send me my links again": every application of the address, each with a new link. */
export function applicantLinksMail(
  to: string,
  firstName: string,
  links: readonly ApplicationLink[],
): OutgoingMail<'applicant-links'> {
  const { text, html } = message(
    `Hello ${firstName},`,
    [
      {
        lines: [
          `You asked for the links to your applications at ${BRAND}. Here is a new one for each; the older links keep working too.`,
        ],
      },
      ...links.map((link) => ({
        heading: `${link.jobTitle} (job code ${link.jobCode}), applied ${link.appliedOn.toISOString().slice(0, 10)}`,
        lines: [link.statusLink],
      })),
      {
        lines: [
          'Each link is yours alone and works for 30 days after your application last changed. If you did not ask for this mail, you can ignore it.',
        ],
      },
    ],
    ['Kind regards,', `The recruiting team at ${BRAND}`],
  );
  return {
    kind: 'applicant-links',
    to: [to],
    subject: 'The links to your applications',
    text,
    html,
  };
}

/** "Erase my data": the one-time link that confirms it, valid ERASE_LINK_HOURS. */
export function eraseLinkMail(
  to: string,
  firstName: string,
  eraseLink: string,
): OutgoingMail<'applicant-erase-link'> {
  const { text, html } = message(
    `Hello ${firstName},`,
    [
      {
        lines: [
          `You asked us to erase your data at ${BRAND}. To confirm, open this link and press the button on its page. It works once, for 24 hours:`,
          eraseLink,
        ],
      },
      {
        lines: [
          'Confirming erases every application you sent us under this address, with its resume. If you did not ask for this, ignore this mail and nothing is erased.',
        ],
      },
    ],
    ['Kind regards,', `The recruiting team at ${BRAND}`],
  );
  return {
    kind: 'applicant-erase-link',
    to: [to],
    subject: 'Confirm erasing your data',
    text,
    html,
  };
}

import type { OutgoingMail } from '../mail/mail-repository';
import { message } from '../mail/mail-templates';
import { BRAND } from '../../lib/html-text';

/**
 * A person's digest of mentions and replies: each notification's one line (a candidate's name
 * at most, as the console list shows it) and a link to the applicant; nothing of a note or a
 * reply itself, which stay behind the sign-in.
 */
export function notificationDigestMail(digest: {
  to: string;
  items: readonly { detail: string; link: string }[];
  notificationsLink: string;
}): OutgoingMail<'notification-digest'> {
  const count = digest.items.length;
  const { text, html } = message(
    'Hello,',
    [
      {
        lines: digest.items.map((item) => `${item.detail}: ${item.link}`),
      },
      {
        heading: 'Your notifications',
        lines: [
          `All of them, read or not, in the console (sign-in needed): ${digest.notificationsLink}`,
        ],
      },
    ],
    [`${BRAND} recruiting`],
  );
  return {
    kind: 'notification-digest',
    to: [digest.to],
    subject:
      count === 1
        ? 'Something needs you in the console'
        : `${count} things need you in the console`,
    text,
    html,
  };
}

/**
 * A contact person's daily digest of new applications: per opening, how many came and a link
 * to its board; no applicant's name or address.
 */
export function applicationsDigestMail(digest: {
  to: string;
  openings: readonly { title: string; code: string; count: number; link: string }[];
}): OutgoingMail<'applications-digest'> {
  const total = digest.openings.reduce((sum, opening) => sum + opening.count, 0);
  const { text, html } = message(
    'Hello,',
    [
      {
        lines: [
          `${total === 1 ? 'One new application' : `${total} new applications`} since your last digest.`,
        ],
      },
      {
        heading: 'By opening',
        lines: digest.openings.map(
          (opening) =>
            `${opening.title} (job code ${opening.code}): ${opening.count} new: ${opening.link}`,
        ),
      },
      {
        heading: 'Instant notices instead',
        lines: [
          'You chose one digest a day. Your account page in the console changes it to a mail per application.',
        ],
      },
    ],
    [`${BRAND} careers site`],
  );
  return {
    kind: 'applications-digest',
    to: [digest.to],
    subject: `New applications: ${total} since your last digest`,
    text,
    html,
  };
}

import {
  alertFrequencyLabels,
  type AlertFrequency,
  type CareerListing,
} from '@lumenfield/contract';
import { jobPath, routes } from '@lumenfield/routes';
import { BRAND } from '../../lib/html-text';
import type { OutgoingMail } from '../mail/mail-repository';
import { message } from '../mail/mail-templates';

/** A link of an alert's own (confirm, unsubscribe): on the site's origin, never a request's. */
export const alertLinkUrl = (origin: string, page: 'confirm' | 'unsubscribe', token: string) =>
  `${origin}${routes[page === 'confirm' ? 'alertConfirm' : 'alertUnsubscribe'].path}?token=${token}`;

const CLOSING = ['Kind regards,', `The recruiting team at ${BRAND}`];

/** The double opt-in: nothing is sent to the address until this link is opened. */
export function alertConfirmationMail(input: {
  alertId: number;
  email: string;
  filtersText: string;
  frequency: AlertFrequency;
  confirmLink: string;
}): OutgoingMail<'alert-confirmation'> {
  const { text, html } = message(
    'Hello,',
    [
      {
        lines: [
          `Someone, we hope you, asked for job alerts from ${BRAND} at this address: ${input.filtersText}, ${alertFrequencyLabels[input.frequency].toLowerCase()}.`,
          'To start the alert, open this link and press the button on the page:',
          input.confirmLink,
        ],
      },
      {
        heading: 'Not you?',
        lines: [
          'Then there is nothing to do: without a confirmation we send nothing more, and we delete the request within a week.',
        ],
      },
    ],
    CLOSING,
  );
  return {
    kind: 'alert-confirmation',
    to: [input.email],
    subject: `Please confirm your job alert from ${BRAND}`,
    text,
    html,
    alertId: input.alertId,
  };
}

/**
 * New openings for one alert. Carries `List-Unsubscribe` (an https link with its own token in
 * production, where PUBLIC_URL is https) and `List-Unsubscribe-Post` (RFC 8058): a mail client
 * unsubscribes with one POST, without opening the site.
 */
export function jobAlertMail(input: {
  alertId: number;
  email: string;
  origin: string;
  openings: readonly CareerListing[];
  filtersText: string;
  frequency: AlertFrequency;
  unsubscribeLink: string;
}): OutgoingMail<'job-alert'> {
  const { openings } = input;
  const count = openings.length;
  const { text, html } = message(
    'Hello,',
    [
      {
        lines: [
          count === 1
            ? `A new opening at ${BRAND} matches your job alert (${input.filtersText}):`
            : `${count} new openings at ${BRAND} match your job alert (${input.filtersText}):`,
        ],
      },
      ...openings.map((job) => ({
        heading: `${job.title} (${job.code})`,
        lines: [job.location, `${input.origin}${jobPath(job.id)}`],
      })),
      {
        heading: 'Your alert',
        lines: [
          `You asked for these mails: ${alertFrequencyLabels[input.frequency].toLowerCase()}. To stop them, open this link and press the button:`,
          input.unsubscribeLink,
        ],
      },
    ],
    CLOSING,
  );
  return {
    kind: 'job-alert',
    to: [input.email],
    subject:
      count === 1
        ? `New opening at ${BRAND}: ${openings[0]!.title}`
        : `${count} new openings at ${BRAND} for your job alert`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    alertId: input.alertId,
  };
}

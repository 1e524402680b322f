import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { conversationAddress, type ReplyMailbox } from './reply-addresses';
import type { MailRepository } from './mail-repository';
import type { OutboxRepository } from './outbox-repository';

/** Tries per mail before it is left as failed (about a day and a half of retries). */
export const MAX_MAIL_ATTEMPTS = 12;
/** Mails one sender claims at a time, and how long the claim holds against other nodes. */
export const MAIL_BATCH = 10;
/** A node that dies mid-batch leaves its claimed mail to the others after this long. */
export const MAIL_CLAIM_MS = 5 * 60_000;

/** 30 s after the first failure, doubling, at most an hour between tries. */
export function retryDelayMs(failures: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, failures - 1));
}

/** What an SMTP failure is, without anything of the message (no addresses in logs). */
function failureCode(error: unknown): string {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return [code, responseCode].filter((part) => part !== undefined).join(' ') || 'error';
}

export interface MailSender {
  /** Sends what is due now; resolves with how many mails went. Safe to call from several nodes. */
  runOnce(now?: Date): Promise<number>;
  /**
   * No run starts after this, and a run in progress ends after the mail it is sending: the rest
   * of its batch is released at once for the other nodes, not held until the claim expires.
   */
  stop(): void;
  close(): void;
}

/**
 * Sends queued mail over SMTP (nodemailer). A mail goes once the SMTP server takes it; a
 * failure leaves it queued for a later try, so a mail server that is down delays only the mail.
 * Without SMTP_URL a mail is kept in the local outbox when one is given (a site on a loopback
 * host: config.ts, `mailOutbox`), else logged (its id and kind, never its text) instead of sent.
 */
export function createMailSender({
  smtpUrl,
  from,
  replyMailbox,
  mail,
  outbox,
  log,
}: {
  smtpUrl: string | undefined;
  from: string;
  /** REPLY_ADDRESS: a mail to an applicant names its conversation there; unset: no Reply-To. */
  replyMailbox?: ReplyMailbox | undefined;
  mail: MailRepository;
  /** Where mail goes instead of a mail server; never used while `smtpUrl` is set. */
  outbox?: OutboxRepository | undefined;
  log: FastifyBaseLogger;
}): MailSender {
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;
  let stopped = false;
  /** Delivered mail whose deleted rows a checkpoint has not yet cleared from the WAL. */
  let scrubOwed = false;

  return {
    async runOnce(now = new Date()) {
      if (stopped) return 0;
      const due = await mail.claimDue(now, MAIL_BATCH, MAIL_CLAIM_MS);
      let sent = 0;
      for (const [index, message] of due.entries()) {
        if (stopped) {
          await mail.release(due.slice(index).map((unsent) => unsent.id));
          break;
        }
        // The conversation's address: the header a reply is sent to, sent or kept alike.
        const replyTo =
          replyMailbox && message.replyToken
            ? conversationAddress(replyMailbox, message.replyToken)
            : undefined;
        try {
          if (transport) {
            await transport.sendMail({
              from,
              to: message.to,
              subject: message.subject,
              text: message.text,
              html: message.html,
              ...(replyTo ? { replyTo } : {}),
              ...(message.headers ? { headers: message.headers } : {}),
              // A text/calendar alternative with its method, and the same as invite.ics: the
              // form Google, Outlook and Apple calendars take an invitation in.
              ...(message.calendar
                ? { icalEvent: { ...message.calendar, filename: 'invite.ics' } }
                : {}),
            });
          } else if (outbox) {
            await outbox.keep(
              replyTo
                ? { ...message, headers: { ...message.headers, 'Reply-To': replyTo } }
                : message,
              now,
            );
            log.info(
              { mailId: message.id, kind: message.kind },
              'mail kept in the local outbox, not sent: no SMTP_URL',
            );
          } else {
            log.info(
              { mailId: message.id, kind: message.kind },
              'mail logged, not sent: no SMTP_URL',
            );
          }
          await mail.delivered(message.id);
          sent += 1;
        } catch (error) {
          const failures = message.attempts + 1;
          const retryAt =
            failures >= MAX_MAIL_ATTEMPTS
              ? undefined
              : new Date(now.getTime() + retryDelayMs(failures));
          await mail.attemptFailed(message.id, failureCode(error), retryAt);
          log.warn(
            { mailId: message.id, kind: message.kind, failures, error: failureCode(error) },
            retryAt ? 'mail not sent; it stays queued' : 'mail not sent; no more tries',
          );
        }
      }
      if (sent > 0) scrubOwed = true;
      // Once the queue is drained for now, not per batch: a checkpoint per ten mails would
      // slow a burst of applications, each queueing two.
      if (scrubOwed && due.length < MAIL_BATCH) scrubOwed = !(await mail.scrubDelivered());
      return sent;
    },
    stop: () => {
      stopped = true;
    },
    close: () => transport?.close(),
  };
}

import { BRAND, fillPlaceholders, usesStatusLink, type MessageFacts } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { issueApplicantLink, statusPageUrl } from '../applications/applicant-links';
import { cancelPendingMail, enqueueMail } from '../mail/mail-repository';
import { applicantMessageMail } from '../mail/mail-templates';
import { forgetMessage, recordMessage } from '../messages/messages-repository';
import type { PipelineApplicant } from './pipeline-repository';

/** What a message is, before its placeholders are filled: a template's or the recruiter's own. */
export interface Draft {
  templateId: number | null;
  subject: string;
  body: string;
}

/** Where the timeline shows the status link: the link itself is a secret, mailed once. */
const STATUS_LINK_KEPT = '[their status link]';

export const factsOf = (applicant: PipelineApplicant, statusLink: string): MessageFacts => ({
  firstName: applicant.firstName,
  lastName: applicant.lastName,
  jobTitle: applicant.jobTitle,
  jobCode: applicant.jobCode,
  statusLink,
  companyName: BRAND,
});

/**
 * Queues a message's mail to the applicant (held until `notBefore`) with a fresh status link
 * when the text asks for one, and keeps the message as the timeline shows it, inside the
 * caller's transaction (which holds the applicant's lock); answers both ids. Links are on
 * `mailOrigin` (plugins/public-origin.ts), never a request's host.
 */
export async function queueMessage(
  trx: Db,
  applicant: PipelineApplicant,
  draft: Draft,
  kind: 'template' | 'written' | 'rejection',
  userId: number,
  now: Date,
  mailOrigin: string,
  notBefore: Date = now,
): Promise<{ messageId: number; mailId: number | null }> {
  const link = usesStatusLink(draft.subject, draft.body)
    ? statusPageUrl(mailOrigin, await issueApplicantLink(trx, applicant.applicantId, 'status', now))
    : '';
  const mailed = factsOf(applicant, link);
  const kept = factsOf(applicant, STATUS_LINK_KEPT);
  // A subject is one line: a filled placeholder must not break it.
  const subject = (facts: MessageFacts) =>
    fillPlaceholders(draft.subject, facts).replace(/\s+/g, ' ').trim();
  const [mailId] = await enqueueMail(
    trx,
    [applicantMessageMail(applicant.email, subject(mailed), fillPlaceholders(draft.body, mailed))],
    applicant.applicantId,
    now,
    notBefore,
  );
  const messageId = await recordMessage(
    trx,
    {
      applicantId: applicant.applicantId,
      kind,
      templateId: draft.templateId,
      subject: subject(kept),
      body: fillPlaceholders(draft.body, kept),
      sentByUserId: userId,
    },
    now,
  );
  return { messageId, mailId: mailId ?? null };
}

/** Marks an automatic message's mail as held: a move before it goes takes it back. */
export async function holdMessage(trx: Db, messageId: number, mailId: number): Promise<void> {
  await trx
    .updateTable('applicantMessages')
    .set({ heldMailId: mailId })
    .where('id', '=', messageId)
    .execute();
}

/**
 * Takes back the applicant's automatic messages whose mail has not gone yet (the applicant
 * moved on, or back, within the hold), inside the caller's transaction under their lock: the
 * mail and the message both go. A mail already on its way or sent stays, and is held no more.
 * Answers how many were taken back.
 */
export async function takeBackHeldMessages(
  trx: Db,
  applicantId: number,
  now: Date,
): Promise<number> {
  const held = await trx
    .selectFrom('applicantMessages')
    .select(['id', 'heldMailId'])
    .where('applicantId', '=', applicantId)
    .where('heldMailId', 'is not', null)
    .execute();
  let takenBack = 0;
  for (const message of held) {
    if ((await cancelPendingMail(trx, [message.heldMailId!], now)) > 0) {
      await forgetMessage(trx, message.id);
      takenBack += 1;
    } else {
      await trx
        .updateTable('applicantMessages')
        .set({ heldMailId: null })
        .where('id', '=', message.id)
        .execute();
    }
  }
  return takenBack;
}

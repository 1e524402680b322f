import {
  BRAND,
  fillPlaceholders,
  placeholderProblem,
  STATUS_LINK_PREVIEW,
  stageMoveRefusal,
  usesStatusLink,
  type MessageDraft,
  type MessageFacts,
  type MessagePreview,
  type Rejection,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { changeApplicants, rejectionReasonLock } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import {
  extendStatusLinks,
  issueApplicantLink,
  statusPageUrl,
} from '../applications/applicant-links';
import { auditRepository } from '../audit/audit-repository';
import { enqueueMail } from '../mail/mail-repository';
import { applicantMessageMail } from '../mail/mail-templates';
import { messageLookups, recordMessage } from '../messages/messages-repository';
import { bulkRepository, type BulkStep } from './bulk-repository';
import { batchNote, checkSeen, noApplicant } from './pipeline-changes';
import { pipelineRepository, type PipelineApplicant } from './pipeline-repository';
import { EVERYTHING, type Reach } from '../team/reach';

/** What a message is, before its placeholders are filled: a template's or the recruiter's own. */
interface Draft {
  templateId: number | null;
  subject: string;
  body: string;
}

/** Where the timeline shows the status link: the link itself is a secret, mailed once. */
const STATUS_LINK_KEPT = '[their status link]';

/** 400 naming the field when a subject or body has a placeholder we do not know. */
export function checkPlaceholders(fields: Record<string, string>): void {
  for (const [field, text] of Object.entries(fields)) {
    const problem = placeholderProblem(text);
    if (problem) throw new HttpProblem(400, problem, [{ field, message: problem }]);
  }
}

const factsOf = (applicant: PipelineApplicant, statusLink: string): MessageFacts => ({
  firstName: applicant.firstName,
  lastName: applicant.lastName,
  jobTitle: applicant.jobTitle,
  jobCode: applicant.jobCode,
  statusLink,
  companyName: BRAND,
});

/**
 * Messages to an applicant and their rejection with a reason (docs/recruiters.md, "Messages to
 * candidates"). Each write holds the applicant's lock and is one transaction: the stage change,
 * the message as the timeline keeps it, the mail queued with a fresh status link when the text
 * asks for one, the status links' new expiry and the audit row. All of them or none.
 */
export function messageChanges(db: Db) {
  const draftOf = async (trx: Db, draft: MessageDraft): Promise<Draft> => {
    if ('templateId' in draft) {
      const template = await messageLookups(trx).findTemplate(draft.templateId);
      if (!template) {
        const message = 'That template is no longer there: choose another.';
        throw new HttpProblem(400, message, [{ field: 'templateId', message }]);
      }
      return { templateId: template.templateId, subject: template.subject, body: template.body };
    }
    checkPlaceholders({ subject: draft.subject, body: draft.body });
    return { templateId: null, subject: draft.subject, body: draft.body };
  };

  /** Queues the mail (held until `notBefore`) and keeps the message; answers both ids. */
  const send = async (
    trx: Db,
    applicant: PipelineApplicant,
    draft: Draft,
    kind: 'template' | 'written' | 'rejection',
    userId: number,
    now: Date,
    mailOrigin: string,
    notBefore: Date = now,
  ): Promise<{ messageId: number; mailId: number | null }> => {
    const link = usesStatusLink(draft.subject, draft.body)
      ? statusPageUrl(
          mailOrigin,
          await issueApplicantLink(trx, applicant.applicantId, 'status', now),
        )
      : '';
    const mailed = factsOf(applicant, link);
    const kept = factsOf(applicant, STATUS_LINK_KEPT);
    // A subject is one line: a filled placeholder must not break it.
    const subject = (facts: MessageFacts) =>
      fillPlaceholders(draft.subject, facts).replace(/\s+/g, ' ').trim();
    const [mailId] = await enqueueMail(
      trx,
      [
        applicantMessageMail(
          applicant.email,
          subject(mailed),
          fillPlaceholders(draft.body, mailed),
        ),
      ],
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
  };

  const changing = <T>(
    applicantId: number,
    work: (trx: Db) => Promise<T>,
    otherKeys: readonly string[] = [],
  ) => changeApplicants(db, [applicantId], work, otherKeys);

  /** The applicant within the writer's `reach` (out of it is as missing: 404). */
  const found = async (trx: Db, applicantId: number, reach: Reach = EVERYTHING) => {
    const applicant = await pipelineRepository(trx).find(applicantId, reach);
    if (!applicant) throw noApplicant(applicantId);
    return applicant;
  };

  return {
    /** What the draft would say to this applicant (within `reach`); nothing is stored or sent. */
    async preview(
      applicantId: number,
      draft: MessageDraft,
      reach: Reach = EVERYTHING,
    ): Promise<MessagePreview> {
      const applicant = await found(db, applicantId, reach);
      const text = await draftOf(db, draft);
      const facts = factsOf(applicant, STATUS_LINK_PREVIEW);
      return {
        subject: fillPlaceholders(text.subject, facts),
        body: fillPlaceholders(text.body, facts),
      };
    },

    /**
     * A template or a written message, queued to the applicant; answers the message's id. Links
     * in it are on `mailOrigin` (plugins/public-origin.ts), never a request's host.
     */
    sendMessage: (
      applicantId: number,
      draft: MessageDraft,
      userId: number,
      now: Date,
      mailOrigin: string,
    ) =>
      changing(applicantId, async (trx) => {
        const applicant = await found(trx, applicantId);
        const text = await draftOf(trx, draft);
        const kind = text.templateId === null ? 'written' : 'template';
        const { messageId } = await send(trx, applicant, text, kind, userId, now, mailOrigin);
        await extendStatusLinks(trx, applicantId, now);
        await auditRepository(trx).record(
          {
            actor: { userId },
            action: 'applicant-message',
            target: `applicant ${applicantId}`,
            detail:
              kind === 'template'
                ? `message ${messageId} from template ${text.templateId}`
                : `message ${messageId} written`,
          },
          now,
        );
        return messageId;
      }),

    /**
     * Rejected with a reason in use (400 naming reasonId otherwise) and, with a template, its
     * mail; 409 with the stage model's sentence when Rejected cannot be reached from here, or as
     * part of a bulk action (`bulk`), when someone changed the applicant meanwhile; the mail
     * then waits for the undo's window. A hiring manager rejects within their `reach` (404
     * outside it), with the same reason, mail and audit row as the staff.
     */
    reject: (
      applicantId: number,
      rejection: Rejection,
      userId: number,
      now: Date,
      mailOrigin: string,
      { bulk, reach = EVERYTHING }: { bulk?: BulkStep | undefined; reach?: Reach } = {},
    ) =>
      changing(
        applicantId,
        async (trx) => {
          const applicant = await found(trx, applicantId, reach);
          checkSeen(applicant.stage, bulk);
          const refusal = stageMoveRefusal(applicant.stage, 'Rejected');
          if (refusal) throw new HttpProblem(409, refusal);
          const reason = await messageLookups(trx).findReason(rejection.reasonId);
          if (!reason || reason.retired) {
            const message = 'Choose a reason from the list.';
            throw new HttpProblem(400, message, [{ field: 'reasonId', message }]);
          }
          const template =
            rejection.templateId === null
              ? undefined
              : await draftOf(trx, { templateId: rejection.templateId });
          await pipelineRepository(trx).setStage(
            applicantId,
            'Rejected',
            userId,
            now,
            reason.reasonId,
          );
          const sent = template
            ? await send(
                trx,
                applicant,
                template,
                'rejection',
                userId,
                now,
                mailOrigin,
                bulk?.mailNotBefore,
              )
            : undefined;
          const messageId = sent?.messageId;
          if (bulk) {
            await bulkRepository(trx).addItem({
              batchId: bulk.batchId,
              applicantId,
              fromStage: applicant.stage,
              toStage: 'Rejected',
              messageId: sent?.messageId ?? null,
              mailId: sent?.mailId ?? null,
            });
          }
          await extendStatusLinks(trx, applicantId, now);
          await auditRepository(trx).record(
            {
              actor: { userId },
              action: 'applicant-reject',
              target: `applicant ${applicantId}`,
              detail:
                `${applicant.stage} -> Rejected, reason ${reason.reasonId}` +
                (messageId === undefined ? ', no mail' : `, message ${messageId}`) +
                batchNote(bulk),
            },
            now,
          );
        },
        [rejectionReasonLock(rejection.reasonId)],
      ),
  };
}

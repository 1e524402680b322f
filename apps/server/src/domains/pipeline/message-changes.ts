import {
  fillPlaceholders,
  placeholderProblem,
  STATUS_LINK_PREVIEW,
  stageMoveRefusal,
  type MessageDraft,
  type MessagePreview,
  type Rejection,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { changeApplicants, rejectionReasonLock } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { extendStatusLinks } from '../applications/applicant-links';
import { auditRepository } from '../audit/audit-repository';
import { messageLookups } from '../messages/messages-repository';
import { bulkRepository, type BulkStep } from './bulk-repository';
import { batchNote, checkSeen, noApplicant } from './pipeline-changes';
import { pipelineRepository } from './pipeline-repository';
import { factsOf, queueMessage, takeBackHeldMessages, type Draft } from './queued-message';
import { EVERYTHING, type Reach } from '../team/reach';

/** 400 naming the field when a subject or body has a placeholder we do not know. */
export function checkPlaceholders(fields: Record<string, string>): void {
  for (const [field, text] of Object.entries(fields)) {
    const problem = placeholderProblem(text);
    if (problem) throw new HttpProblem(400, problem, [{ field, message: problem }]);
  }
}

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
        const { messageId } = await queueMessage(
          trx,
          applicant,
          text,
          kind,
          userId,
          now,
          mailOrigin,
        );
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
          // An automatic message of the stage they leave, not gone yet, is not sent after all.
          await takeBackHeldMessages(trx, applicantId, now);
          await pipelineRepository(trx).setStage(
            applicantId,
            'Rejected',
            userId,
            now,
            reason.reasonId,
          );
          const sent = template
            ? await queueMessage(
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

import type { FastifyInstance } from 'fastify';
import {
  API_BASE_PATH,
  consolePaths,
  type ConsoleApplicant,
  type ConsoleApplicantRow,
  type StageMove,
} from '@lumenfield/contract';
import type { PipelineApplicant } from '../../domains/pipeline/pipeline-repository';
import { stageHistoryOf, type StageHistory } from '../../domains/pipeline/pipeline-changes';
import { reachesAll, type Reach } from '../../domains/team/reach';
import { HttpProblem } from '../../lib/http-problem';

/** The applicant's page carries every stored field: one left out of its schema does not compile. */
export const everyStoredFieldOnThePage: [
  Exclude<keyof PipelineApplicant, keyof ConsoleApplicant>,
] extends [never]
  ? true
  : never = true;

export const toRow =
  (flagged: ReadonlySet<number>) =>
  (a: PipelineApplicant): ConsoleApplicantRow => ({
    applicantId: a.applicantId,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    city: a.city,
    appliedOn: a.appliedOn,
    jobId: a.jobId,
    jobCode: a.jobCode,
    jobTitle: a.jobTitle,
    stage: a.stage,
    doesNotMeet: a.doesNotMeet,
    possibleDuplicate: flagged.has(a.applicantId),
  });

export const toStageMove = ({ stage, history }: StageHistory): StageMove => ({
  stage,
  stageHistory: history.map((step) => ({
    stage: step.stage,
    changedBy: step.changedBy,
    changedOn: step.changedAt,
  })),
});

/**
 * "Possible duplicate" flags of a list: the staff's only. A duplicate may be an application to
 * an opening out of the reader's reach, so nobody else is told there is one.
 */
export const duplicateFlags = async (app: FastifyInstance, reach: Reach, ids: number[]) =>
  reachesAll(reach) ? app.repos.duplicates.flagged(ids) : new Set<number>();

const KINDS = ['pdf', 'doc', 'docx'] as const;
const kindOf = (kind: string) => KINDS.find((k) => k === kind) ?? 'pdf';

/**
 * One applicant's page as `reach` sees it; 404 when missing or out of reach alike. Duplicates
 * (the same person's other applications) are the staff's; an interviewer reads what the person
 * sent and the resume only: no notes, messages, source, referral or rejection reason.
 */
export async function applicantPageOf(
  app: FastifyInstance,
  id: number,
  reach: Reach,
  boundTo: string,
): Promise<ConsoleApplicant> {
  const { repos } = app;
  const found = await repos.pipeline.find(id, reach);
  if (!found) throw new HttpProblem(404, `There is no applicant with id ${id}.`);
  const reader = reach.kind === 'interviews';
  const [stages, notes, messages, replies, duplicates] = await Promise.all([
    stageHistoryOf(repos.pipeline, found),
    reader ? [] : repos.pipeline.notes(id),
    reader ? [] : repos.messages.messagesOf(id),
    // Replies go with the messages they answer: not an interviewer's to read.
    reader ? [] : repos.replies.of(id),
    reachesAll(reach)
      ? repos.duplicates.of(id, app.now())
      : { possibleDuplicates: [], alsoApplied: [] },
  ]);
  const signature = app.consoleSessions.resumeSignature(boundTo, found.attachmentGuid);
  const resumePath = consolePaths.resume.replace(':guid', found.attachmentGuid);
  const { stage, attachmentKind, ...applicant } = found; // the stage comes with its history
  return {
    ...applicant,
    ...(reader ? { source: null, arrival: {}, referredBy: null, rejectionReason: null } : {}),
    ...duplicates,
    messages,
    replies: replies.map(({ files, ...reply }) => ({
      ...reply,
      attachments: files.map((file) => ({
        name: file.name,
        kind: file.kind,
        bytes: file.bytes,
        url: `${API_BASE_PATH}${consolePaths.replyAttachment.replace(':guid', file.guid)}?sig=${app.consoleSessions.resumeSignature(boundTo, file.guid)}`,
      })),
    })),
    attachmentKind: kindOf(attachmentKind),
    resumeUrl: `${API_BASE_PATH}${resumePath}?sig=${signature}`,
    ...toStageMove(stages),
    notes: notes.map((note) => ({
      noteId: note.id,
      author: note.author,
      createdOn: note.createdAt,
      text: note.text,
    })),
  };
}

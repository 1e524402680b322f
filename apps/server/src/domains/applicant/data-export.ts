import {
  WITHDRAWN,
  applicantColumns,
  applicantStatusOf,
  type ApplicantColumnKey,
  type ApplicantPageApplication,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { messagesOf } from '../messages/messages-repository';
import { pipelineRepository, type PipelineApplicant } from '../pipeline/pipeline-repository';

/**
 * "Download my data" decides about every stored field of an application. What the applicant sent
 * (`applicantColumns`) goes in under each field's own name, so a field added there is exported
 * with no line here; every other field is listed below with where it goes or why it stays out.
 * Together they cover a stored applicant, so a field added to it does not compile until decided.
 */
export const exportOtherFields = {
  jobId: 'as the opening (its title, code and place)',
  jobCode: 'as the opening',
  jobTitle: 'as the opening',
  appliedOn: 'appliedOn',
  place: 'placeAppliedFor',
  answers: 'answers, each with its question as asked',
  stage: 'status and stageHistory, in the applicant’s words',
  attachmentName: 'resume',
  attachmentSize: 'resume',
  attachmentSha256: 'resume',
  attachmentKind: 'resume',
  applicantId: 'out: our key for the record, not a fact about them',
  countryId: 'out: the code behind countryName',
  stateId: 'out: the code behind stateName',
  attachmentGuid: 'out: the resume’s key (the resume is its own download)',
  // Each of these is a recruiter's reading of the application; docs/careers.md says what the
  // export holds (issue 19 asks for more of them).
  doesNotMeet: 'out: a recruiter’s flag',
  rejectionReason: 'out: a recruiter’s note',
  source: 'out: a recruiter’s reading of the visit',
  arrival: 'out: the visit’s raw values',
} as const satisfies Record<Exclude<keyof PipelineApplicant, ApplicantColumnKey>, string>;

/** Everything stored about one application, as "Download my data" gives it. */
export interface ApplicantDataExport {
  exportedAt: string;
  application: Pick<PipelineApplicant, ApplicantColumnKey> & {
    opening: { title: string; code: string; place: string };
    appliedOn: string;
    placeAppliedFor: PipelineApplicant['place'];
    answers: { question: string; answer: PipelineApplicant['answers'][number]['value'] }[];
    status: ApplicantPageApplication['status'];
    stageHistory: { stage: string; changedAt: string; changedBy: 'you' | 'a recruiter' }[];
    resume: {
      fileName: string;
      kind: string;
      type: string;
      bytes: number;
      sha256: string;
      receivedAt: string;
    } | null;
    messages: { sentOn: string; subject: string; body: string }[];
  };
}

/** What the applicant sent, under the stored fields' names. */
function sentFields(found: PipelineApplicant): Pick<PipelineApplicant, ApplicantColumnKey> {
  const sent: Partial<Record<ApplicantColumnKey, unknown>> = {};
  for (const { key } of applicantColumns) sent[key] = found[key];
  return sent as Pick<PipelineApplicant, ApplicantColumnKey>;
}

/**
 * The export of one application (inside the caller's transaction, under the applicant's lock):
 * every stored field (answers, place, stage history, the messages we sent, the resume's facts,
 * not its bytes). A recruiter's notes are the company's own working notes and are left out
 * (docs/careers.md).
 */
export async function applicantDataExport(
  trx: Db,
  found: PipelineApplicant,
  application: ApplicantPageApplication,
  now: Date,
): Promise<ApplicantDataExport> {
  const stages = await pipelineRepository(trx).stageHistory(found.applicantId);
  const resume = await trx
    .selectFrom('attachments')
    .select(['originalName', 'kind', 'mimeType', 'sizeBytes', 'sha256', 'createdAt'])
    .where('applicantId', '=', found.applicantId)
    .executeTakeFirst();
  return {
    exportedAt: now.toISOString(),
    application: {
      opening: { title: found.jobTitle, code: found.jobCode, place: application.place },
      appliedOn: found.appliedOn,
      ...sentFields(found),
      placeAppliedFor: found.place,
      answers: found.answers.map(({ label, value }) => ({ question: label, answer: value })),
      status: application.status,
      stageHistory: [
        ...stages.map((step) => ({
          stage: applicantStatusOf(step.stage),
          changedAt: step.changedAt,
          changedBy: step.stage === WITHDRAWN ? ('you' as const) : ('a recruiter' as const),
        })),
        { stage: applicantStatusOf('New'), changedAt: found.appliedOn, changedBy: 'you' as const },
      ],
      resume: resume
        ? {
            fileName: resume.originalName,
            kind: resume.kind,
            type: resume.mimeType,
            bytes: resume.sizeBytes,
            sha256: resume.sha256,
            receivedAt: toIso(resume.createdAt),
          }
        : null,
      messages: (await messagesOf(trx, found.applicantId)).map((sent) => ({
        sentOn: sent.sentOn,
        subject: sent.subject,
        body: sent.body,
      })),
    },
  };
}

import {
  WITHDRAWN,
  attributeRatingSchema,
  applicantColumns,
  applicantStatusOf,
  type ApplicantColumnKey,
  type ApplicantPageApplication,
} from '@lumenfield/contract';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { jsonColumn } from '../../db/json-column';
import type { ApplicantReplies, Attachments } from '../../db/schema.generated';
import { repliesOf } from '../conversations/thread';
import { messagesOf } from '../messages/messages-repository';
import { pipelineRepository, type PipelineApplicant } from '../pipeline/pipeline-repository';

/**
 * Our own keys and codes, which say nothing about the applicant that the export does not say by
 * name: the only stored fields "Download my data" leaves out.
 */
export const exportLeavesOut = {
  applicantId: 'our key for the record',
  jobId: 'our key for the opening (its title and code are exported)',
  countryId: 'the code behind countryName',
  stateId: 'the code behind stateName',
  attachmentGuid: 'the resume’s key (the resume is its own download)',
} as const;

/**
 * "Download my data" carries every stored field of an application. What the applicant sent
 * (`applicantColumns`) goes in under each field's own name; every other field names the part of
 * the export that carries it, and the type checks that part exists. Together with the keys
 * above they cover a stored applicant, so a field added to it does not compile until exported.
 */
export const exportOtherFields = {
  jobCode: 'opening',
  jobTitle: 'opening',
  appliedOn: 'appliedOn',
  place: 'placeAppliedFor',
  remoteCountry: 'remoteCountryAppliedFor',
  answers: 'answers',
  stage: 'status',
  attachmentName: 'resume',
  attachmentSize: 'resume',
  attachmentSha256: 'resume',
  attachmentKind: 'resume',
  // A recruiter's readings of the application are about the applicant too.
  doesNotMeet: 'knockOutAnswers',
  rejectionReason: 'rejectionReason',
  source: 'source',
  arrival: 'visit',
} as const satisfies Record<
  Exclude<keyof PipelineApplicant, ApplicantColumnKey | keyof typeof exportLeavesOut>,
  keyof ApplicantDataExport['application']
>;

/** Everything stored about one application, as "Download my data" gives it. */
export interface ApplicantDataExport {
  exportedAt: string;
  application: Pick<PipelineApplicant, ApplicantColumnKey> & {
    opening: { title: string; code: string; place: string };
    appliedOn: string;
    placeAppliedFor: PipelineApplicant['place'];
    /** The country they would work from remotely (alpha-2), when they chose that instead. */
    remoteCountryAppliedFor: PipelineApplicant['remoteCountry'];
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
    /** The questions whose answer did not meet the opening's requirement, by their labels. */
    knockOutAnswers: PipelineApplicant['doesNotMeet'];
    /** The reason given when the application was declined, if it was. */
    rejectionReason: PipelineApplicant['rejectionReason'];
    /** Where we understood the application came from, and what the visit carried. */
    source: PipelineApplicant['source'];
    visit: PipelineApplicant['arrival'];
    /** Their interviews, and the scorecards submitted about each (not who wrote them). */
    interviews: ExportedInterview[];
    /** What they answered, by mail or on their status page, with the files that came. */
    replies: ExportedReply[];
  };
}

/** A reply as "Download my data" gives it: every stored column, the files' facts. */
export interface ExportedReply {
  channel: string;
  subject: string | null;
  body: string;
  receivedAt: string;
  files: { fileName: string; kind: string; type: string; bytes: number; sha256: string }[];
}

/**
 * Every column of a stored reply and of a reply's file, and where the export carries it (null:
 * our own key or bookkeeping, which says nothing about the person): a column added to either
 * table does not compile until it is placed here.
 */
export const replyExportFields = {
  reply: {
    id: null,
    applicantId: null,
    // A hash of the mail's Message-ID: what makes one mail land once.
    sourceKey: null,
    channel: 'channel',
    subject: 'subject',
    body: 'body',
    receivedAt: 'receivedAt',
  },
  file: {
    id: null,
    applicantId: null,
    replyId: null,
    // The bytes are not in the JSON (as the resume's are not); their facts are.
    content: null,
    createdAt: null,
    originalName: 'fileName',
    kind: 'kind',
    mimeType: 'type',
    sizeBytes: 'bytes',
    sha256: 'sha256',
  },
} as const satisfies {
  reply: Record<keyof ApplicantReplies, keyof ExportedReply | null>;
  file: Record<keyof Attachments, keyof ExportedReply['files'][number] | null>;
};

export interface ExportedInterview {
  name: string;
  kind: string;
  status: string;
  startsAt: string | null;
  timeZone: string;
  durationMinutes: number;
  location: string | null;
  scorecards: {
    ratings: z.infer<typeof attributeRatingSchema>[];
    notes: string;
    recommendation: string | null;
    submittedAt: string;
  }[];
}

const storedRatings = z.array(attributeRatingSchema);

/**
 * The applicant's interviews with the scorecards submitted about them. A draft is an
 * interviewer's working note, like a recruiter's notes, and stays out; so do the interviewers'
 * names, as the stage history says "a recruiter".
 */
async function interviewsOf(trx: Db, applicantId: number): Promise<ExportedInterview[]> {
  const interviews = await trx
    .selectFrom('interviews')
    .innerJoin('planInterviews', 'planInterviews.id', 'interviews.planInterviewId')
    .select([
      'interviews.id',
      'planInterviews.name',
      'planInterviews.kind',
      'interviews.status',
      'interviews.startsAt',
      'interviews.timeZone',
      'interviews.durationMinutes',
      'interviews.location',
    ])
    .where('interviews.applicantId', '=', applicantId)
    .orderBy('interviews.id')
    .execute();
  const cards =
    interviews.length === 0
      ? []
      : await trx
          .selectFrom('scorecards')
          .select(['interviewId', 'ratings', 'notes', 'recommendation', 'submittedAt'])
          .where(
            'interviewId',
            'in',
            interviews.map((interview) => interview.id),
          )
          .where('submittedAt', 'is not', null)
          .orderBy('submittedAt')
          .execute();
  return interviews.map(({ id, startsAt, ...interview }) => ({
    ...interview,
    startsAt: startsAt === null ? null : toIso(startsAt),
    scorecards: cards
      .filter((card) => card.interviewId === id)
      .map((card) => ({
        ratings: jsonColumn(storedRatings, card.ratings, []),
        notes: card.notes ?? '',
        recommendation: card.recommendation,
        submittedAt: toIso(card.submittedAt!),
      })),
  }));
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
 * not its bytes; the knock-out answers, a rejection's reason, the source and the visit; their
 * interviews and the scorecards submitted about them; their replies with their files' facts). A
 * recruiter's notes are the company's own working notes and are left out (docs/careers.md).
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
    .where('replyId', 'is', null)
    .executeTakeFirst();
  return {
    exportedAt: now.toISOString(),
    application: {
      opening: { title: found.jobTitle, code: found.jobCode, place: application.place },
      appliedOn: found.appliedOn,
      ...sentFields(found),
      placeAppliedFor: found.place,
      remoteCountryAppliedFor: found.remoteCountry,
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
      knockOutAnswers: found.doesNotMeet,
      rejectionReason: found.rejectionReason,
      source: found.source,
      visit: found.arrival,
      interviews: await interviewsOf(trx, found.applicantId),
      replies: (await repliesOf(trx, found.applicantId)).map((reply) => ({
        channel: reply.channel,
        subject: reply.subject,
        body: reply.body,
        receivedAt: reply.receivedOn,
        files: reply.files.map((file) => ({
          fileName: file.name,
          kind: file.kind,
          type: file.mimeType,
          bytes: file.bytes,
          sha256: file.sha256,
        })),
      })),
    },
  };
}

import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { writeTransaction } from '../../db/write-transaction';
import { applicantColumns, toApplicantSummary, type ApplicantSummary } from './applicant-row';
import { enqueueMail, type OutgoingMail } from '../mail/mail-repository';

export type { ApplicantSummary } from './applicant-row';

export interface NewApplication {
  jobId: number;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  city: string;
  email: string;
  experience: string | null;
  countryId: number;
  stateId: number;
  referredBy: string | null;
  resume: {
    originalName: string;
    kind: string;
    mimeType: string;
    content: Buffer;
  };
  /** Mail about this application, queued in the same transaction (not for a duplicate). */
  mail?: OutgoingMail[];
}

export interface StoredApplication {
  applicantId: number;
  attachmentGuid: string;
  sha256: string;
  /** True when an identical submit within DUPLICATE_WINDOW_MS already stored this applicant. */
  duplicate: boolean;
}

/** The same job, e-mail and resume within this long is the same application sent again. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/** Another transaction stored the identical application first; ours is rolled back. */
class LostDuplicateRace extends Error {}

/** Identifies "the same application": job, e-mail (case-insensitive) and the resume's bytes. */
export function submitKey(jobId: number, email: string, resumeSha256: string): string {
  return crypto
    .createHash('sha256')
    .update(`${jobId}\n${email.trim().toLowerCase()}\n${resumeSha256}`)
    .digest('hex');
}

export interface StoredAttachment {
  guid: string;
  originalName: string;
  kind: string;
  mimeType: string;
  size: number;
  sha256: string;
  content: Buffer;
}

/** Applicants and their resumes. The only code that touches those two tables. */
export function applicantsRepository(db: Db) {
  return {
    /**
     * Stores the applicant and the resume in one transaction: both or neither. An identical
     * submit (same job, e-mail and resume bytes) within DUPLICATE_WINDOW_MS stores nothing and
     * answers the applicant stored first, also when the two race each other.
     */
    async create(application: NewApplication, now = new Date()): Promise<StoredApplication> {
      const guid = crypto.randomUUID();
      const { content } = application.resume;
      const sha256 = crypto.createHash('sha256').update(content).digest('hex');
      const key = submitKey(application.jobId, application.email, sha256);
      const cutoff = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
      // The applicant an identical submit stored within the window (a transaction is a Db too).
      const earlier = (q: Db) =>
        q
          .selectFrom('applicationSubmits')
          .innerJoin('attachments', 'attachments.applicantId', 'applicationSubmits.applicantId')
          .select(['applicationSubmits.applicantId', 'attachments.id as guid'])
          .where('applicationSubmits.submitKey', '=', key)
          .where('applicationSubmits.submittedAt', '>=', cutoff)
          .executeTakeFirst();
      try {
        return await writeTransaction(db, async (trx) => {
          const seen = await earlier(trx);
          if (seen) {
            return {
              applicantId: seen.applicantId,
              attachmentGuid: seen.guid,
              sha256,
              duplicate: true,
            };
          }
          const applicant = await trx
            .insertInto('applicants')
            .values({
              jobId: application.jobId,
              firstName: application.firstName,
              lastName: application.lastName,
              mobileNumber: application.mobileNumber,
              city: application.city,
              email: application.email,
              experience: application.experience,
              countryId: application.countryId,
              stateId: application.stateId,
              referredBy: application.referredBy,
              appliedOn: now.toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('attachments')
            .values({
              id: guid,
              applicantId: applicant.id,
              originalName: application.resume.originalName,
              kind: application.resume.kind,
              mimeType: application.resume.mimeType,
              sizeBytes: content.length,
              sha256,
              content,
              createdAt: now.toISOString(),
            })
            .execute();
          // Claims the key, or takes over one older than the window. On PostgreSQL a racing
          // identical submit waits here for ours to commit, then finds the key taken.
          const claimed = await trx
            .insertInto('applicationSubmits')
            .values({
              submitKey: key,
              applicantId: applicant.id,
              submittedAt: now.toISOString(),
            })
            .onConflict((oc) =>
              oc
                .column('submitKey')
                .doUpdateSet((eb) => ({
                  applicantId: eb.ref('excluded.applicantId'),
                  submittedAt: eb.ref('excluded.submittedAt'),
                }))
                .where('applicationSubmits.submittedAt', '<', cutoff),
            )
            .returning('applicantId')
            .executeTakeFirst();
          if (!claimed) throw new LostDuplicateRace();
          await enqueueMail(trx, application.mail ?? [], applicant.id, now);
          return { applicantId: applicant.id, attachmentGuid: guid, sha256, duplicate: false };
        });
      } catch (error) {
        if (!(error instanceof LostDuplicateRace) && !isUniqueViolation(error)) throw error;
        const first = await earlier(db);
        if (!first) throw error;
        return {
          applicantId: first.applicantId,
          attachmentGuid: first.guid,
          sha256,
          duplicate: true,
        };
      }
    },

    /** Applicants of one opening, oldest first, with their resume's metadata (no bytes). */
    async listForJob(jobId: number): Promise<ApplicantSummary[]> {
      const rows = await db
        .selectFrom('applicants')
        .innerJoin('attachments', 'attachments.applicantId', 'applicants.id')
        .select(applicantColumns)
        .where('applicants.jobId', '=', jobId)
        .orderBy('applicants.appliedOn', 'asc')
        .orderBy('applicants.id', 'asc')
        .execute();
      return rows.map(toApplicantSummary);
    },

    async findAttachment(guid: string): Promise<StoredAttachment | undefined> {
      const row = await db
        .selectFrom('attachments')
        .select([
          'id as guid',
          'originalName',
          'kind',
          'mimeType',
          'sizeBytes as size',
          'sha256',
          'content',
        ])
        .where('id', '=', guid)
        .executeTakeFirst();
      return row && { ...row, content: Buffer.from(row.content) };
    },
  };
}

export type ApplicantsRepository = ReturnType<typeof applicantsRepository>;

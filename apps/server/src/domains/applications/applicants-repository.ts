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
          .selectFrom('application_submits')
          .innerJoin('attachments', 'attachments.applicant_id', 'application_submits.applicant_id')
          .select(['application_submits.applicant_id', 'attachments.id as guid'])
          .where('application_submits.submit_key', '=', key)
          .where('application_submits.submitted_at', '>=', cutoff)
          .executeTakeFirst();
      try {
        return await writeTransaction(db, async (trx) => {
          const seen = await earlier(trx);
          if (seen) {
            return {
              applicantId: seen.applicant_id,
              attachmentGuid: seen.guid,
              sha256,
              duplicate: true,
            };
          }
          const applicant = await trx
            .insertInto('applicants')
            .values({
              job_id: application.jobId,
              first_name: application.firstName,
              last_name: application.lastName,
              mobile_number: application.mobileNumber,
              city: application.city,
              email: application.email,
              experience: application.experience,
              country_id: application.countryId,
              state_id: application.stateId,
              referred_by: application.referredBy,
              applied_on: now.toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('attachments')
            .values({
              id: guid,
              applicant_id: applicant.id,
              original_name: application.resume.originalName,
              kind: application.resume.kind,
              mime_type: application.resume.mimeType,
              size_bytes: content.length,
              sha256,
              content,
              created_at: now.toISOString(),
            })
            .execute();
          // Claims the key, or takes over one older than the window. On PostgreSQL a racing
          // identical submit waits here for ours to commit, then finds the key taken.
          const claimed = await trx
            .insertInto('application_submits')
            .values({
              submit_key: key,
              applicant_id: applicant.id,
              submitted_at: now.toISOString(),
            })
            .onConflict((oc) =>
              oc
                .column('submit_key')
                .doUpdateSet((eb) => ({
                  applicant_id: eb.ref('excluded.applicant_id'),
                  submitted_at: eb.ref('excluded.submitted_at'),
                }))
                .where('application_submits.submitted_at', '<', cutoff),
            )
            .returning('applicant_id')
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
          applicantId: first.applicant_id,
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
        .innerJoin('attachments', 'attachments.applicant_id', 'applicants.id')
        .select(applicantColumns)
        .where('applicants.job_id', '=', jobId)
        .orderBy('applicants.applied_on', 'asc')
        .orderBy('applicants.id', 'asc')
        .execute();
      return rows.map(toApplicantSummary);
    },

    async findAttachment(guid: string): Promise<StoredAttachment | undefined> {
      const row = await db
        .selectFrom('attachments')
        .select(['id', 'original_name', 'kind', 'mime_type', 'size_bytes', 'sha256', 'content'])
        .where('id', '=', guid)
        .executeTakeFirst();
      return (
        row && {
          guid: row.id,
          originalName: row.original_name,
          kind: row.kind,
          mimeType: row.mime_type,
          size: row.size_bytes,
          sha256: row.sha256,
          content: Buffer.from(row.content),
        }
      );
    },
  };
}

export type ApplicantsRepository = ReturnType<typeof applicantsRepository>;

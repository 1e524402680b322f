import crypto from 'node:crypto';
import type { Db } from '../db/database';
import { toIso } from '../db/database';

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
}

export interface StoredApplication {
  applicantId: number;
  attachmentGuid: string;
  sha256: string;
}

export interface ApplicantSummary {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  city: string;
  countryId: number;
  stateId: number;
  experience: string | null;
  referredBy: string | null;
  appliedOn: string;
  attachmentGuid: string;
  attachmentName: string;
  attachmentSize: number;
  attachmentSha256: string;
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
    /** Stores the applicant and the resume in one transaction: both or neither. */
    async create(application: NewApplication, now = new Date()): Promise<StoredApplication> {
      const guid = crypto.randomUUID();
      const { content } = application.resume;
      const sha256 = crypto.createHash('sha256').update(content).digest('hex');
      const applicantId = await db.transaction().execute(async (trx) => {
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
        return applicant.id;
      });
      return { applicantId, attachmentGuid: guid, sha256 };
    },

    /** Applicants of one opening, oldest first, with their resume's metadata (no bytes). */
    async listForJob(jobId: number): Promise<ApplicantSummary[]> {
      const rows = await db
        .selectFrom('applicants')
        .innerJoin('attachments', 'attachments.applicant_id', 'applicants.id')
        .select([
          'applicants.id',
          'applicants.first_name',
          'applicants.last_name',
          'applicants.email',
          'applicants.mobile_number',
          'applicants.city',
          'applicants.country_id',
          'applicants.state_id',
          'applicants.experience',
          'applicants.referred_by',
          'applicants.applied_on',
          'attachments.id as attachment_id',
          'attachments.original_name',
          'attachments.size_bytes',
          'attachments.sha256',
        ])
        .where('applicants.job_id', '=', jobId)
        .orderBy('applicants.applied_on', 'asc')
        .orderBy('applicants.id', 'asc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        mobileNumber: row.mobile_number,
        city: row.city,
        countryId: row.country_id,
        stateId: row.state_id,
        experience: row.experience,
        referredBy: row.referred_by,
        appliedOn: toIso(row.applied_on),
        attachmentGuid: row.attachment_id,
        attachmentName: row.original_name,
        attachmentSize: row.size_bytes,
        attachmentSha256: row.sha256,
      }));
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

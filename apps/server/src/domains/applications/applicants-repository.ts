import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { writeTransaction } from '../../db/write-transaction';
import { toApplicantRow, type ApplicationFields } from './applicant-row';
import { enqueueMail } from '../mail/mail-repository';
import { applicationMails, type ApplicationFacts } from '../mail/mail-templates';

/** What an application's mail needs besides the applicant: the opening, and where links point. */
export type ApplicationMailContext = Pick<ApplicationFacts, 'job' | 'origin' | 'retentionDays'>;

export interface NewApplication {
  jobId: number;
  fields: ApplicationFields;
  resume: {
    originalName: string;
    kind: string;
    mimeType: string;
    content: Buffer;
  };
  /**
   * Mail about this application (the applicant's confirmation, the contact persons' notice),
   * written and queued in the same transaction once the applicant's row exists, with its id;
   * none for a duplicate. Plain data, so it crosses to the SQLite writer's thread.
   */
  mail?: ApplicationMailContext;
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
      const key = submitKey(application.jobId, application.fields.email, sha256);
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
            .values(toApplicantRow(application.jobId, application.fields, now))
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
          if (application.mail) {
            const { firstName, lastName, email } = application.fields;
            const mails = applicationMails({
              ...application.mail,
              applicantId: applicant.id,
              firstName,
              lastName,
              email,
              resumeKind: application.resume.kind,
              appliedOn: now,
            });
            await enqueueMail(trx, mails, applicant.id, now);
          }
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

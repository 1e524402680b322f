import crypto from 'node:crypto';
import { creditSource, type Arrival, type SourceVia } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { writeTransaction } from '../../db/write-transaction';
import { toApplicantRow, type ApplicationFields } from './applicant-row';
import { enqueueMail, queueCappedMail } from '../mail/mail-repository';
import {
  applicantConfirmation,
  recruiterNotice,
  type ApplicationFacts,
} from '../mail/mail-templates';
import { issueApplicantLink, statusPageUrl } from './applicant-links';
import { linkByToken, namedSources, sourceById } from '../sources/sources-repository';
import { auditRepository } from '../audit/audit-repository';
import { noticeApplication } from '../notifications/application-notices';
import { emailKey, phoneKey } from '../../lib/contact-keys';
import { reportAggregates } from './report-aggregates';

/**
 * What an application's mail needs besides the applicant: the opening, where links point, and
 * MAIL_CAP_PER_ADDRESS (anyone can apply under anyone's address).
 */
export type ApplicationMailContext = Pick<ApplicationFacts, 'job' | 'origin' | 'retentionDays'> & {
  capPerAddress: number;
  /** The applicant's confirmation only, without the contact persons' notice (a hand-added one). */
  confirmationOnly?: boolean;
};

/** A candidate a recruiter added by hand: who, and the named source they chose. */
export interface AddedBy {
  userId: number;
  source: { id: number; name: string };
}

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
  /** How the visitor arrived (cleaned raw values): the source is credited from it and kept. */
  arrival?: Arrival;
  /**
   * Added by a recruiter (the console): the chosen source is credited ('recruiter'), no visit
   * is read, and the addition is audited in the same transaction.
   */
  addedBy?: AddedBy;
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

/**
 * The credited source of an application (creditSource's precedence, joined to the named
 * sources) and the raw values kept: a tracking link counts while it is on and its source
 * exists; a link of a deleted source is kept as a raw `src` and credits nothing.
 */
async function sourceColumns(trx: Db, { arrival = {}, fields, addedBy }: NewApplication) {
  if (addedBy) {
    // Chosen from the list a moment ago. Deleted since, it is credited by name only, as the
    // applicants of a deleted source keep the name they were credited to.
    const source = await sourceById(trx, addedBy.source.id);
    return {
      sourceId: source?.id ?? null,
      trackingLinkId: null,
      sourceName: addedBy.source.name,
      sourceVia: 'recruiter' satisfies SourceVia,
      arrival: null,
    };
  }
  const link = arrival.src ? await linkByToken(trx, arrival.src) : undefined;
  const linked = link?.active && link.sourceId !== null ? link : undefined;
  const credit = creditSource({
    link: linked ? { id: linked.sourceId!, name: linked.sourceName! } : null,
    arrival,
    heard: fields.referredBy,
    sources: await namedSources(trx),
  });
  return {
    sourceId: credit?.sourceId ?? null,
    trackingLinkId: linked?.linkId ?? null,
    sourceName: credit?.name ?? null,
    sourceVia: credit?.via ?? null,
    arrival: Object.keys(arrival).length > 0 ? JSON.stringify(arrival) : null,
  };
}

/**
 * The keys the same person applying again is found by (docs/recruiters.md, "Duplicates"): the
 * e-mail address normalised and the mobile number in E.164, read with the country's alpha-2
 * code as its region. (The third key, the resume's SHA-256, is on the resume's row.)
 */
async function duplicateKeys(trx: Db, fields: ApplicationFields) {
  const country = await trx
    .selectFrom('countries')
    .select('alpha2')
    .where('value', '=', fields.countryId)
    .executeTakeFirst();
  return {
    emailKey: emailKey(fields.email),
    phoneE164: phoneKey(fields.mobileNumber, country?.alpha2 ?? null),
  };
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
          .selectFrom('applicationSubmits')
          .innerJoin('attachments', (join) =>
            join
              .onRef('attachments.applicantId', '=', 'applicationSubmits.applicantId')
              .on('attachments.replyId', 'is', null),
          )
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
              ...toApplicantRow(application.jobId, application.fields, now),
              ...(await sourceColumns(trx, application)),
              ...(await duplicateKeys(trx, application.fields)),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // Counted into the reports in the same transaction (report-aggregates.ts).
          await reportAggregates.added(trx, [applicant.id]);
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
          if (application.addedBy) {
            // Who added them, in the same transaction: ids only, never the person's details.
            const { userId, source } = application.addedBy;
            await auditRepository(trx).record(
              {
                actor: { userId },
                action: 'applicant-add',
                target: `applicant ${applicant.id}`,
                detail:
                  `opening ${application.jobId}, source ${source.id}, ` +
                  (application.mail ? 'confirmation e-mail asked' : 'no e-mail'),
              },
              now,
            );
          }
          if (application.mail) {
            const { capPerAddress, confirmationOnly = false, ...context } = application.mail;
            const { firstName, lastName, email } = application.fields;
            const facts = {
              ...context,
              applicantId: applicant.id,
              firstName,
              lastName,
              email,
              resumeKind: application.resume.kind,
              appliedOn: now,
            };
            // Past the cap the application is stored all the same, without its confirmation.
            await queueCappedMail(
              trx,
              { to: email, capPerAddress, applicantId: applicant.id, now },
              async () => {
                const token = await issueApplicantLink(trx, applicant.id, 'status', now);
                return applicantConfirmation({
                  ...facts,
                  statusLink: statusPageUrl(context.origin, token),
                });
              },
            );
            // The contact persons' notice is the company's own mail: never capped. A contact
            // who is a console person with daily notices hears of it in tomorrow's digest.
            if (!confirmationOnly && context.job.contactEmails.length > 0) {
              const instant = await noticeApplication(trx, facts, now);
              if (instant.length > 0) {
                await enqueueMail(
                  trx,
                  [{ ...recruiterNotice(facts), to: instant }],
                  applicant.id,
                  now,
                );
              }
            }
          }
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
        // Resumes only: a reply's files have their own route (conversations).
        .where('replyId', 'is', null)
        .executeTakeFirst();
      return row && { ...row, content: Buffer.from(row.content) };
    },
  };
}

export type ApplicantsRepository = ReturnType<typeof applicantsRepository>;

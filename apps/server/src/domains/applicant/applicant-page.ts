import crypto from 'node:crypto';
import {
  WITHDRAWN,
  counted,
  applicantStatusOf,
  appliedPlaceText,
  withdrawalRefusal,
  type ApplicantPageApplication,
  type ApplicantStage,
} from '@lumenfield/contract';
import { eraseConfirmPath } from '@lumenfield/routes';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { checkpointWal } from '../../db/wal-checkpoint';
import { changeFoundApplicants } from '../../db/write-transaction';
import {
  extendStatusLinks,
  findApplicantByLink,
  issueApplicantLink,
  statusPageUrl,
  requestLinks,
} from '../applications/applicant-links';
import { auditRepository } from '../audit/audit-repository';
import { appliedUnder } from '../applications/applicants-by-address';
import { applicantDataExport, type ApplicantDataExport } from './data-export';
import { eraseLinkLimit } from '../mail/mail-caps';
import { queueCappedMail } from '../mail/mail-repository';
import { applicantLinksMail, eraseLinkMail, type ApplicationLink } from '../mail/mail-templates';
import { pipelineRepository } from '../pipeline/pipeline-repository';
import { stageHistoryOf } from '../pipeline/pipeline-changes';
import { EVERYTHING } from '../team/reach';
import { candidateInterviews } from '../interviews/candidate-interviews';
import { applicantInterviews } from './applicant-interviews';
import { changeByLink } from './by-link';
import { applicantThread } from '../conversations/thread';
import { recordReply } from '../conversations/replies';

/** While a newer resume may replace the one sent: before anyone went past the first reading. */
const RESUME_STAGES: readonly ApplicantStage[] = ['New', 'Screening'];

/** A new resume, checked as an application's is (routes/applicant-page.ts). */
export interface ReplacementResume {
  bytes: Buffer;
  kind: string;
  mimeType: string;
  fileName: string;
}

/** How many queued "send my links" requests one pass handles. */
const LINK_REQUESTS_PER_PASS = 50;

/** What a withdrawal came to: done, refused with the model's sentence, or no such link. */
export type WithdrawOutcome = { withdrawn: true } | { refusal: string } | undefined;

/** Where the page's mails link to, and how many a stranger may cause to one address a day. */
export interface ApplicantPageMail {
  /** The site's mail origin (mailOrigin(config)), never a request's host. */
  origin: string;
  /** MAIL_CAP_PER_ADDRESS. */
  capPerAddress: number;
}

/** Every application sent under an address (any case), the newest first. */
const applicationsOf = (reader: Db, email: string) =>
  reader
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
    .select([
      'applicants.id',
      'applicants.firstName',
      'applicants.email',
      'applicants.appliedOn',
      'jobs.title',
      'jobs.code',
    ])
    .where(appliedUnder(email))
    .orderBy('applicants.id', 'desc')
    .execute();

/**
 * The applicant's own page (docs/careers.md "Your application's own page"): what a status link
 * opens and what its holder may do. Every write is one transaction with its audit row (actor
 * `applicant`, no personal data) and moves the status links' expiry on.
 */
export function applicantPage(db: Db, { origin, capPerAddress }: ApplicantPageMail) {
  const audit = (trx: Db) => auditRepository(trx);

  /** The application a status link opens, as the page shows it. */
  async function viewOf(reader: Db, applicantId: number, now: Date) {
    const pipeline = pipelineRepository(reader);
    // The applicant's own page: their application, whoever's reach it is in.
    const found = await pipeline.find(applicantId, EVERYTHING);
    if (!found) return undefined;
    const { stage, history } = await stageHistoryOf(pipeline, found);
    const job = await reader
      .selectFrom('jobs')
      .select('location')
      .where('id', '=', found.jobId)
      .executeTakeFirst();
    const application: ApplicantPageApplication = {
      jobTitle: found.jobTitle,
      jobCode: found.jobCode,
      place: appliedPlaceText(found) ?? job?.location ?? '',
      appliedOn: found.appliedOn,
      status: applicantStatusOf(stage),
      statusSince: history[0]!.changedAt,
      withdrawRefusal: withdrawalRefusal(stage) ?? null,
      resumeName: found.attachmentName,
      canReplaceResume: RESUME_STAGES.includes(stage),
      interviews: await candidateInterviews(reader, applicantId, now),
      thread: await applicantThread(reader, applicantId),
    };
    return { found, stage, application };
  }

  const withLink = <T>(
    token: string,
    now: Date,
    work: (trx: Db, applicantId: number) => Promise<T>,
  ) => changeByLink(db, token, now, work);

  /** A checkpoint a reader held up is owed: the next run of the link queue makes it. */
  let scrubOwed = false;
  const scrubWal = async () => {
    scrubOwed = !(await checkpointWal(db));
  };

  return {
    /** The page of a status link; undefined when it opens nothing (unknown, expired, erased). */
    async open(token: string, now: Date) {
      const applicantId = await findApplicantByLink(db, token, 'status', now);
      if (applicantId === undefined) return undefined;
      return (await viewOf(db, applicantId, now))?.application;
    },

    ...applicantInterviews(db),

    /** Whether an erase link from its mail still opens its confirmation (unused, in time). */
    async eraseLinkOpens(token: string, now: Date): Promise<boolean> {
      return (await findApplicantByLink(db, token, 'erase', now)) !== undefined;
    },

    /** Withdraw: stage Withdrawn in the stage history (by no user: the applicant), audited. */
    withdraw: (token: string, now: Date): Promise<WithdrawOutcome> =>
      withLink(token, now, async (trx, applicantId) => {
        const view = await viewOf(trx, applicantId, now);
        if (!view) return undefined;
        const refusal = withdrawalRefusal(view.stage);
        if (refusal) return { refusal };
        await pipelineRepository(trx).setStage(applicantId, WITHDRAWN, null, now);
        await audit(trx).record(
          {
            actor: { label: 'applicant' },
            action: 'applicant-withdraw',
            target: `applicant ${applicantId}`,
            detail: `${view.stage} -> ${WITHDRAWN}`,
          },
          now,
        );
        await extendStatusLinks(trx, applicantId, now);
        return { withdrawn: true as const };
      }),

    /**
     * An answer written on the status page (text only, already judged by the route): on the
     * timeline as a reply by the page, the recruiters told (recordReply), audited with its
     * length only; the links' expiry moves on. Undefined: the link opens nothing.
     */
    reply: (token: string, text: string, now: Date): Promise<true | undefined> =>
      withLink(token, now, async (trx, applicantId) => {
        await recordReply(trx, {
          applicantId,
          channel: 'status-page',
          subject: null,
          body: text,
          receivedAt: now,
        });
        await audit(trx).record(
          {
            actor: { label: 'applicant' },
            action: 'applicant-reply',
            target: `applicant ${applicantId}`,
            detail: `${text.length} characters`,
          },
          now,
        );
        await extendStatusLinks(trx, applicantId, now);
        return true as const;
      }),

    /** "Erase my data": a one-time erase link mailed to the address applied with, audited. */
    requestErase: (token: string, now: Date): Promise<boolean | undefined> =>
      withLink(token, now, async (trx, applicantId) => {
        const person = await trx
          .selectFrom('applicants')
          .select(['email', 'firstName'])
          .where('id', '=', applicantId)
          .executeTakeFirst();
        if (!person) return undefined;
        // Past either cap no link is made and no mail goes; the page answers the same.
        const mailed = await queueCappedMail(
          trx,
          {
            to: person.email,
            capPerAddress,
            limits: [eraseLinkLimit(applicantId)],
            applicantId,
            now,
          },
          async () => {
            const eraseToken = await issueApplicantLink(trx, applicantId, 'erase', now);
            return eraseLinkMail(
              person.email,
              person.firstName,
              `${origin}${eraseConfirmPath(eraseToken)}`,
            );
          },
        );
        await audit(trx).record(
          {
            actor: { label: 'applicant' },
            action: 'applicant-erase-request',
            target: `applicant ${applicantId}`,
            ...(mailed ? {} : { detail: 'no mail: over a cap' }),
          },
          now,
        );
        await extendStatusLinks(trx, applicantId, now);
        return true;
      }),

    /** "Download my data" (data-export.ts), audited as a read by the applicant. */
    exportData: (token: string, now: Date): Promise<ApplicantDataExport | undefined> =>
      withLink(token, now, async (trx, applicantId) => {
        const view = await viewOf(trx, applicantId, now);
        if (!view) return undefined;
        await audit(trx).record(
          {
            actor: { label: 'applicant' },
            action: 'applicant-data-download',
            target: `applicant ${applicantId}`,
            detail: 'data',
          },
          now,
        );
        return applicantDataExport(trx, view.found, view.application, now);
      }),

    /**
     * A newer resume in place of the one sent (New or Screening only): the row's bytes are
     * overwritten, so the old ones are not kept; audited with the size only. Undefined: no such
     * link; false: past the stages where it may change.
     */
    async replaceResume(token: string, resume: ReplacementResume, now: Date) {
      const replaced = await withLink(token, now, async (trx, applicantId) => {
        const view = await viewOf(trx, applicantId, now);
        if (!view) return undefined;
        if (!RESUME_STAGES.includes(view.stage)) return false;
        await trx
          .updateTable('attachments')
          .set({
            content: resume.bytes,
            kind: resume.kind,
            mimeType: resume.mimeType,
            originalName: resume.fileName,
            sizeBytes: resume.bytes.length,
            sha256: crypto.createHash('sha256').update(resume.bytes).digest('hex'),
            createdAt: now.toISOString(),
          })
          .where('applicantId', '=', applicantId)
          // The resume alone, never a file that came with a reply.
          .where('replyId', 'is', null)
          .execute();
        await audit(trx).record(
          {
            actor: { label: 'applicant' },
            action: 'applicant-resume-replace',
            target: `applicant ${applicantId}`,
            detail: `${resume.kind}, ${resume.bytes.length} bytes`,
          },
          now,
        );
        await extendStatusLinks(trx, applicantId, now);
        return true;
      });
      // The old bytes' pages are zeroed in the database but live on in the WAL until this.
      if (replaced) await scrubWal();
      return replaced;
    },

    /** The resume's bytes for its owner, audited as a read by the applicant. */
    resume: (token: string, now: Date) =>
      withLink(token, now, async (trx, applicantId) => {
        const resume = await trx
          .selectFrom('attachments')
          .select(['originalName', 'mimeType', 'content'])
          .where('applicantId', '=', applicantId)
          .where('replyId', 'is', null)
          .executeTakeFirst();
        if (!resume) return undefined;
        await audit(trx).record(
          {
            actor: { label: 'applicant' },
            action: 'applicant-data-download',
            target: `applicant ${applicantId}`,
            detail: 'resume',
          },
          now,
        );
        return resume;
      }),

    /**
     * "Send me my links": counted against the address (LINK_REQUESTS_PER_ADDRESS an hour,
     * whoever asks, by the API or the form) and stored, nothing more, so the answer is the same
     * for every address (the lookup and the mail happen in `handleLinkRequests`, after the
     * answer). False, and nothing stored: the address had its hour's requests.
     */
    requestLinks: (email: string, now: Date): Promise<boolean> => requestLinks(db, email, now),

    /**
     * Handles queued link requests: each one in its own transaction takes its row (deleting it,
     * so the address is kept no longer, and no other node handles it too), issues a new status
     * link for every application of the address and queues one mail listing them, unless the
     * address had its day's mails (MAIL_CAP_PER_ADDRESS). An unknown address: the row is
     * deleted and nothing else happens. Answers how many were handled.
     */
    async handleLinkRequests(now: Date): Promise<number> {
      const waiting = await db
        .selectFrom('linkRequests')
        .select('id')
        .orderBy('id')
        .limit(LINK_REQUESTS_PER_PASS)
        .execute();
      let handled = 0;
      for (const { id } of waiting) {
        // Every application of the address gets a link: each one's lock is held for it.
        const find = async (reader: Db) => {
          const request = await reader
            .selectFrom('linkRequests')
            .select('email')
            .where('id', '=', id)
            .executeTakeFirst();
          return request ? (await applicationsOf(reader, request.email)).map((a) => a.id) : [];
        };
        const took = await changeFoundApplicants(db, find, async (trx) => {
          const row = await trx
            .deleteFrom('linkRequests')
            .where('id', '=', id)
            .returning('email')
            .executeTakeFirst();
          if (!row) return false;
          const applications = await applicationsOf(trx, row.email);
          const newest = applications[0];
          if (!newest) return true;
          const links: ApplicationLink[] = [];
          // Past the address's cap no link is made and no mail goes; the row is handled.
          const mailed = await queueCappedMail(
            trx,
            { to: newest.email, capPerAddress, applicantId: newest.id, now },
            async () => {
              for (const application of applications) {
                const token = await issueApplicantLink(trx, application.id, 'status', now);
                links.push({
                  jobTitle: application.title,
                  jobCode: application.code,
                  appliedOn: new Date(toIso(application.appliedOn)),
                  statusLink: statusPageUrl(origin, token),
                });
              }
              return applicantLinksMail(newest.email, newest.firstName, links);
            },
          );
          if (!mailed) return true;
          // Asked by whoever knew the address: the person's links, mailed to them alone.
          await audit(trx).record(
            {
              actor: { label: 'applicant' },
              action: 'applicant-links-mail',
              target: `applicant ${newest.id}`,
              detail: counted(links.length, ['link', 'links']),
            },
            now,
          );
          return true;
        });
        if (took) handled++;
      }
      // The deleted requests' addresses (and a replaced resume whose checkpoint a reader held
      // up) live on in the WAL until this.
      if (handled > 0 || scrubOwed) await scrubWal();
      return handled;
    },
  };
}

export type ApplicantPage = ReturnType<typeof applicantPage>;

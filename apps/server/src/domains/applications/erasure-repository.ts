import { describeErasure, type ErasureResult } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../db/create-db';
import { checkpointWal } from '../../db/wal-checkpoint';
import { changeFoundApplicants } from '../../db/write-transaction';
import { auditRepository, type AuditActor } from '../audit/audit-repository';
import { findApplicantByLink, spendApplicantLink } from './applicant-links';
import { appliedUnder } from './applicants-by-address';
import { reportAggregates } from './report-aggregates';

// Well below either engine's limit of bound values per statement.
const CHUNK = 500;

/**
 * Applicants a retention run erases per transaction: a few hundred take well under a second with
 * every key indexed, so no lock is held for long (docs/operations.md, "Retention").
 */
export const RETENTION_BATCH = 200;

/**
 * Erases applicants with everything about them: resumes (their bytes), submit keys, queued
 * mail and mail kept in the local outbox, their voluntary self-identification (answers and tokens), their own links, the messages
 * sent to them, their part in bulk actions and the decisions about them as a duplicate, then
 * the applicants (their duplicate keys, the normalised e-mail and phone, are columns of theirs),
 * counting each. Runs inside the caller's transaction.
 */
async function eraseApplicants(trx: Db, ids: readonly number[]): Promise<ErasureResult> {
  const result: ErasureResult = { applicants: 0, resumes: 0, mails: 0 };
  // Out of the report counts first, all at once (report-aggregates.ts): one adjustment of
  // sorted rows, as every other writer of the counts makes.
  await reportAggregates.erasing(trx, ids);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const batch = ids.slice(i, i + CHUNK);
    // A reply's files first (they are not resumes, and not counted as such), then the resumes;
    // the replies themselves go with the applicants (ON DELETE CASCADE).
    await trx
      .deleteFrom('attachments')
      .where('applicantId', 'in', batch)
      .where('replyId', 'is not', null)
      .execute();
    const resumes = await trx
      .deleteFrom('attachments')
      .where('applicantId', 'in', batch)
      .executeTakeFirst();
    const mails = await trx
      .deleteFrom('mailQueue')
      .where('applicantId', 'in', batch)
      .executeTakeFirst();
    await trx.deleteFrom('applicationSubmits').where('applicantId', 'in', batch).execute();
    // Mail the local outbox kept instead of sending it (no mail server on a loopback host).
    await trx.deleteFrom('localOutbox').where('applicantId', 'in', batch).execute();
    await trx.deleteFrom('selfIdentifications').where('applicantId', 'in', batch).execute();
    await trx.deleteFrom('selfIdTokens').where('applicantId', 'in', batch).execute();
    await trx.deleteFrom('applicantLinks').where('applicantId', 'in', batch).execute();
    await trx.deleteFrom('applicantMessages').where('applicantId', 'in', batch).execute();
    await trx.deleteFrom('bulkBatchItems').where('applicantId', 'in', batch).execute();
    // Recruiters' decisions about them as a duplicate (merged, dismissed): the other application
    // of a pair stays, no longer linked to anyone erased. Deleted by table, as self-id's are.
    await trx
      .deleteFrom('duplicateDecisions')
      .where((eb) => eb.or([eb('applicantId', 'in', batch), eb('otherId', 'in', batch)]))
      .execute();
    const applicants = await trx
      .deleteFrom('applicants')
      .where('id', 'in', batch)
      .executeTakeFirst();
    result.resumes += Number(resumes.numDeletedRows);
    result.mails += Number(mails.numDeletedRows);
    result.applicants += Number(applicants.numDeletedRows);
  }
  return result;
}

/**
 * Deletes the job alerts of an address (lower case) with their links and queued mail, inside
 * the caller's transaction; answers how many queued mails went.
 */
async function eraseAlertsOf(trx: Db, address: string): Promise<number> {
  const ids = (
    await trx
      .selectFrom('jobAlerts')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  const mails = await trx.deleteFrom('mailQueue').where('alertId', 'in', ids).executeTakeFirst();
  await trx.deleteFrom('jobAlertLinks').where('alertId', 'in', ids).execute();
  await trx.deleteFrom('jobAlerts').where('id', 'in', ids).execute();
  return Number(mails.numDeletedRows);
}

/**
 * The erased rows' old pages live on in SQLite's WAL until it is checkpointed: the erasure
 * answers only once no file under DATA_DIR holds them (docs/security.md).
 */
async function checkpointAfterErasure(db: Db): Promise<void> {
  // The erasure waits as long as any lock would (the busy timeout) before it gives up.
  if (!(await checkpointWal(db, SQLITE_BUSY_TIMEOUT_MS))) {
    throw new Error('the WAL could not be checkpointed');
  }
}

/**
 * Erases the applicants `select` finds, in one write transaction holding each one's lock (it
 * reads, then deletes) with its audit row (counts only), and answers once no file holds them
 * any more. `select` only reads (it runs again inside the transaction); `spend`, when given,
 * decides inside it whether the erasure happens at all (a one-time link spent). An erasure that
 * found no one is recorded only when `auditNone` (a request is; a retention run is not).
 */
async function eraseSelected(
  db: Db,
  select: (reader: Db) => Promise<readonly { id: number }[]>,
  audit: {
    actor: AuditActor;
    now: Date;
    auditNone: boolean;
    /** More of the person to erase in the same transaction; answers its queued mails. */
    alsoErase?: (trx: Db) => Promise<number>;
    /** False: erase nothing, record nothing (the erase link was spent by someone else). */
    spend?: (trx: Db) => Promise<boolean>;
  },
): Promise<ErasureResult> {
  const erased = await changeFoundApplicants(
    db,
    async (reader) => (await select(reader)).map((row) => row.id),
    async (trx, ids) => {
      if (audit.spend && !(await audit.spend(trx))) return { applicants: 0, resumes: 0, mails: 0 };
      const result = await eraseApplicants(trx, ids);
      result.mails += (await audit.alsoErase?.(trx)) ?? 0;
      if (audit.auditNone || result.applicants > 0) {
        await auditRepository(trx).record(
          { actor: audit.actor, action: 'applicant-erase', detail: describeErasure(result) },
          audit.now,
        );
      }
      return result;
    },
  );
  if (erased.applicants > 0 || audit.alsoErase) await checkpointAfterErasure(db);
  return erased;
}

/** Erasure on request and by retention (docs/recruiters.md, "Retention and erasure"). */
export function erasureRepository(db: Db) {
  return {
    /**
     * Everything about the person with this e-mail (case-insensitive), in one transaction with
     * its audit row by `actor`. The answer and the row hold counts only; the address itself is
     * never logged.
     */
    async eraseByEmail(email: string, actor: AuditActor, now: Date): Promise<ErasureResult> {
      const address = email.trim().toLowerCase();
      return eraseSelected(
        db,
        (trx) => trx.selectFrom('applicants').select('id').where(appliedUnder(email)).execute(),
        // The person's job alerts (docs/careers.md) go too, with their links and queued mail.
        // Deleted by table here, as self-identification is: the alerts' domain sits above
        // this one. Their mails count among the queued mails.
        { actor, now, auditNone: true, alsoErase: (trx) => eraseAlertsOf(trx, address) },
      );
    },

    /**
     * The applicant's own "Erase my data", confirmed by their one-time erase link: everything
     * about the person whose application the link names (every application under its e-mail, as
     * on request), audited as the applicant with counts only. Undefined when the link is
     * unknown, used or expired; then nothing is erased and nothing recorded.
     */
    async eraseByLink(token: string, now: Date): Promise<ErasureResult | undefined> {
      let valid = false;
      const result = await eraseSelected(
        db,
        async (reader) => {
          const applicantId = await findApplicantByLink(reader, token, 'erase', now);
          if (applicantId === undefined) return [];
          const owner = await reader
            .selectFrom('applicants')
            .select('email')
            .where('id', '=', applicantId)
            .executeTakeFirst();
          if (!owner) return [];
          return reader
            .selectFrom('applicants')
            .select('id')
            .where(appliedUnder(owner.email))
            .execute();
        },
        {
          actor: { label: 'applicant' },
          now,
          auditNone: false,
          spend: async (trx) => {
            valid = (await spendApplicantLink(trx, token, 'erase', now)) !== undefined;
            return valid;
          },
        },
      );
      return valid ? result : undefined;
    },

    /**
     * Applicants whose opening is closed and closed before `now` minus `retentionDays`: erased
     * `batchSize` at a time, each batch its own transaction holding its applicants' locks and
     * audited as the retention run, so a year's backlog never holds one lock for minutes. An
     * opening that was reopened is not closed, so it keeps its applicants. Answers the total.
     */
    async eraseExpired(
      now: Date,
      retentionDays: number,
      batchSize = RETENTION_BATCH,
    ): Promise<ErasureResult> {
      const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
      const total: ErasureResult = { applicants: 0, resumes: 0, mails: 0 };
      for (;;) {
        const erased = await eraseSelected(
          db,
          // No order: any `batchSize` of them, found through the openings' index and the
          // applicants' by opening; those erased are gone, so the next batch finds the rest.
          (trx) =>
            trx
              .selectFrom('applicants')
              .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
              .select('applicants.id as id')
              .where('jobs.isOpen', '=', 0)
              .where('jobs.closedAt', 'is not', null)
              .where('jobs.closedAt', '<', cutoff)
              .limit(batchSize)
              .execute(),
          { actor: { label: 'retention' }, now, auditNone: false },
        );
        total.applicants += erased.applicants;
        total.resumes += erased.resumes;
        total.mails += erased.mails;
        if (erased.applicants < batchSize) return total;
      }
    },
  };
}

/**
 * Leases of scheduled jobs: `claim` succeeds for one holder at a time, until the lease expires
 * or is released. The conditional UPDATE decides, so two nodes racing cannot both win.
 */
export function leaseRepository(db: Db) {
  return {
    async claim(name: string, holder: string, now: Date, forMs: number): Promise<boolean> {
      const at = now.toISOString();
      await db
        .insertInto('jobLeases')
        .values({ name, holder: '', expiresAt: new Date(0).toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const result = await db
        .updateTable('jobLeases')
        .set({ holder, expiresAt: new Date(now.getTime() + forMs).toISOString() })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('expiresAt', '<=', at), eb('holder', '=', holder)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async release(name: string, holder: string, now: Date): Promise<void> {
      await db
        .updateTable('jobLeases')
        .set({ expiresAt: now.toISOString() })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}

import crypto from 'node:crypto';
import {
  UNCONFIRMED_ALERT_DAYS,
  counted,
  alertFiltersText,
  isAlertFrequency,
  alertPeriodMs,
  filterListings,
  workplaceTypeSchema,
  type AlertFrequency,
  type AlertRequest,
  type CareerFilters,
  type CareerListing,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { auditRepository } from '../audit/audit-repository';
import { enqueueMail, queueCappedMail } from '../mail/mail-repository';
import { jobsRepository } from '../openings/jobs-repository';
import { careerListings } from '../openings/openings';
import { referenceRepository } from '../openings/reference-repository';
import { alertConfirmationMail, alertLinkUrl, jobAlertMail } from './alert-mails';

/**
 * Job alerts (docs/careers.md, "Job alerts"): the only code that touches `job_alerts`,
 * `job_alert_links` and `job_alert_openings`, besides erasure, which deletes a person's alerts
 * by their address. Every change is one transaction with its audit row (no address in it), and
 * a mail it sends is queued in that transaction.
 */

type LinkPurpose = 'confirm' | 'unsubscribe';

/** Unconfirmed alerts one address may have from the last day: past it, no more mail is sent. */
export const PENDING_ALERTS_PER_ADDRESS = 3;
/** Alerts looked at per transaction of a run (a SQLite write holds the file's lock). */
const SEND_BATCH = 50;
const DAY_MS = 86_400_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a visitor's page says about an alert: never the address. */
export interface AlertView {
  id: number;
  filters: CareerFilters;
  frequency: AlertFrequency;
  confirmed: boolean;
}

interface AlertRow {
  id: number;
  email: string;
  query: string;
  country: number | null;
  workplace: string | null;
  frequency: string;
  confirmedAt: Date | string | null;
  sentThrough: Date | string | null;
}

const filtersOf = (row: Pick<AlertRow, 'query' | 'country' | 'workplace'>): CareerFilters => {
  const workplace = workplaceTypeSchema.safeParse(row.workplace);
  return {
    q: row.query,
    country: row.country,
    workplace: workplace.success ? workplace.data : null,
  };
};
const frequencyOf = (row: Pick<AlertRow, 'frequency'>): AlertFrequency =>
  isAlertFrequency(row.frequency) ? row.frequency : 'daily';

const viewOf = (row: AlertRow): AlertView => ({
  id: row.id,
  filters: filtersOf(row),
  frequency: frequencyOf(row),
  confirmed: row.confirmedAt !== null,
});

const ALERT_COLUMNS = [
  'jobAlerts.id',
  'jobAlerts.email',
  'jobAlerts.query',
  'jobAlerts.country',
  'jobAlerts.workplace',
  'jobAlerts.frequency',
  'jobAlerts.confirmedAt',
  'jobAlerts.sentThrough',
] as const;

/** A new link's secret, inside the caller's transaction; only its hash is kept. */
async function issueLink(trx: Db, alertId: number, purpose: LinkPurpose, now: Date) {
  const token = crypto.randomBytes(32).toString('base64url');
  await trx
    .insertInto('jobAlertLinks')
    .values({ tokenHash: hashToken(token), alertId, purpose, createdAt: now.toISOString() })
    .execute();
  return token;
}

async function alertByLink(db: Db, token: string, purpose: LinkPurpose) {
  if (!TOKEN.test(token)) return undefined;
  return db
    .selectFrom('jobAlertLinks')
    .innerJoin('jobAlerts', 'jobAlerts.id', 'jobAlertLinks.alertId')
    .select(ALERT_COLUMNS)
    .where('jobAlertLinks.tokenHash', '=', hashToken(token))
    .where('jobAlertLinks.purpose', '=', purpose)
    .executeTakeFirst();
}

/** Deletes alerts with their links and queued mail, inside the caller's transaction. */
export async function deleteAlerts(trx: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await trx.deleteFrom('mailQueue').where('alertId', 'in', ids).execute();
  await trx.deleteFrom('jobAlertLinks').where('alertId', 'in', ids).execute();
  const result = await trx.deleteFrom('jobAlerts').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The countries' names by value, for an alert's filters in words. */
async function countryNames(db: Db): Promise<(value: number) => string | undefined> {
  const countries = await referenceRepository(db).countries();
  const names = new Map(countries.map((c) => [c.value, c.label]));
  return (value) => names.get(value);
}

export function jobAlertsRepository(db: Db) {
  /**
   * Notes each opening visible now that the alerts have not seen yet, as published now: a new
   * opening, one whose scheduled date has come, one reopened after it was never seen open.
   */
  async function noteVisibleOpenings(trx: Db, now: Date): Promise<void> {
    const visible = await jobsRepository(trx).listVisible(now);
    if (visible.length === 0) return;
    await trx
      .insertInto('jobAlertOpenings')
      .values(visible.map((job) => ({ jobId: job.id, seenAt: now.toISOString() })))
      .onConflict((oc) => oc.column('jobId').doNothing())
      .execute();
  }

  return {
    /** The filters in words (pages and mails): "“QA”, India, Remote" or every new opening. */
    async filtersText(filters: CareerFilters): Promise<string> {
      return alertFiltersText(filters, await countryNames(db));
    },

    /**
     * A new alert, unconfirmed, and its confirmation mail, in one transaction with its audit
     * row. 'throttled': the address already has PENDING_ALERTS_PER_ADDRESS unconfirmed alerts
     * from the last day, and nothing is stored or sent; 'capped': the address had its day's
     * MAIL_CAP_PER_ADDRESS, and the alert is stored without a mail (the visitor's answer is the
     * same for all three).
     */
    async subscribe(
      alert: AlertRequest,
      mail: { origin: string; capPerAddress: number },
      now: Date,
    ): Promise<'queued' | 'capped' | 'throttled'> {
      const email = alert.email.trim();
      const address = email.toLowerCase();
      const filtersText = alertFiltersText(alert.filters, await countryNames(db));
      return writeTransaction(
        db,
        async (trx) => {
          const pending = await trx
            .selectFrom('jobAlerts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
            .where('confirmedAt', 'is', null)
            .where('createdAt', '>', new Date(now.getTime() - DAY_MS).toISOString())
            .executeTakeFirstOrThrow();
          if (Number(pending.n) >= PENDING_ALERTS_PER_ADDRESS) return 'throttled';
          const { id } = await trx
            .insertInto('jobAlerts')
            .values({
              email,
              query: alert.filters.q,
              country: alert.filters.country,
              workplace: alert.filters.workplace,
              frequency: alert.frequency,
              createdAt: now.toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const queued = await queueCappedMail(
            trx,
            { to: email, capPerAddress: mail.capPerAddress, applicantId: null, now },
            async () =>
              alertConfirmationMail({
                alertId: id,
                email,
                filtersText,
                frequency: alert.frequency,
                confirmLink: alertLinkUrl(
                  mail.origin,
                  'confirm',
                  await issueLink(trx, id, 'confirm', now),
                ),
              }),
          );
          await auditRepository(trx).record(
            {
              actor: { label: null },
              action: 'alert-subscribe',
              target: `alert ${id}`,
              detail: alert.frequency,
            },
            now,
          );
          return queued ? 'queued' : 'capped';
        },
        // Two posts for one address at once count each other.
        [`job-alerts:${address}`],
      );
    },

    /** The alert a link opens (the pages' GET), or undefined whatever the reason. */
    async findByLink(token: string, purpose: LinkPurpose): Promise<AlertView | undefined> {
      const row = await alertByLink(db, token, purpose);
      return row && viewOf(row);
    },

    /**
     * Confirms the alert of a confirmation link, once: from now on it hears of openings
     * published after this moment. Undefined when the link opens nothing.
     */
    async confirm(token: string, now: Date): Promise<AlertView | undefined> {
      return writeTransaction(db, async (trx) => {
        const row = await alertByLink(trx, token, 'confirm');
        if (!row) return undefined;
        const frequency = frequencyOf(row);
        await trx
          .updateTable('jobAlerts')
          .set({
            confirmedAt: now.toISOString(),
            sentThrough: now.toISOString(),
            nextDueAt: new Date(now.getTime() + alertPeriodMs[frequency]).toISOString(),
          })
          .where('id', '=', row.id)
          .execute();
        await trx
          .deleteFrom('jobAlertLinks')
          .where('alertId', '=', row.id)
          .where('purpose', '=', 'confirm')
          .execute();
        // The openings already visible are not news to this alert.
        await noteVisibleOpenings(trx, now);
        await auditRepository(trx).record(
          { actor: { label: null }, action: 'alert-confirm', target: `alert ${row.id}` },
          now,
        );
        return { ...viewOf(row), confirmed: true };
      });
    },

    /** Deletes the alert of an unsubscribe link, its links and its queued mail. */
    async unsubscribe(token: string, now: Date): Promise<boolean> {
      return writeTransaction(db, async (trx) => {
        const row = await alertByLink(trx, token, 'unsubscribe');
        if (!row) return false;
        await deleteAlerts(trx, [row.id]);
        await auditRepository(trx).record(
          { actor: { label: null }, action: 'alert-unsubscribe', target: `alert ${row.id}` },
          now,
        );
        return true;
      });
    },

    /** Alerts nobody confirmed within UNCONFIRMED_ALERT_DAYS: deleted, counted, audited. */
    async expireUnconfirmed(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - UNCONFIRMED_ALERT_DAYS * DAY_MS).toISOString();
      return writeTransaction(db, async (trx) => {
        const rows = await trx
          .selectFrom('jobAlerts')
          .select('id')
          .where('confirmedAt', 'is', null)
          .where('createdAt', '<', cutoff)
          .execute();
        const deleted = await deleteAlerts(
          trx,
          rows.map((row) => row.id),
        );
        if (deleted > 0) {
          await auditRepository(trx).record(
            {
              actor: { label: 'alerts' },
              action: 'alert-expire',
              detail: `${counted(deleted, ['unconfirmed alert', 'unconfirmed alerts'])} deleted`,
            },
            now,
          );
        }
        return deleted;
      });
    },

    /**
     * Every confirmed alert that is due: the openings first seen visible since its last digest,
     * still visible and matching its filters, in one mail; none, no mail. The alert's
     * `sent_through` moves on in the transaction that queues its mail, and only from the value
     * this run read: a second node (or run) that read the same alert changes nothing, so one
     * digest is never mailed twice. Answers how many mails were queued.
     */
    async sendDue(now: Date, origin: string): Promise<number> {
      await writeTransaction(db, (trx) => noteVisibleOpenings(trx, now));
      const at = now.toISOString();
      const due = await db
        .selectFrom('jobAlerts')
        .select(ALERT_COLUMNS)
        .where('confirmedAt', 'is not', null)
        .where('nextDueAt', '<=', at)
        .orderBy('id')
        .execute();
      if (due.length === 0) return 0;
      const seen = new Map(
        (await db.selectFrom('jobAlertOpenings').selectAll().execute()).map((row) => [
          row.jobId,
          Date.parse(toIso(row.seenAt)),
        ]),
      );
      const listings = await careerListings({ jobs: jobsRepository(db) }, now);
      const names = await countryNames(db);
      let queued = 0;
      for (let i = 0; i < due.length; i += SEND_BATCH) {
        const batch = due.slice(i, i + SEND_BATCH);
        queued += await writeTransaction(db, async (trx) => {
          let mails = 0;
          for (const row of batch) {
            const since = row.sentThrough === null ? 0 : Date.parse(toIso(row.sentThrough));
            const frequency = frequencyOf(row);
            const claimed = await trx
              .updateTable('jobAlerts')
              .set({
                sentThrough: at,
                nextDueAt: new Date(now.getTime() + alertPeriodMs[frequency]).toISOString(),
              })
              .where('id', '=', row.id)
              .where('nextDueAt', '<=', at)
              .where((eb) =>
                row.sentThrough === null
                  ? eb('sentThrough', 'is', null)
                  : eb('sentThrough', '=', toIso(row.sentThrough)),
              )
              .executeTakeFirst();
            if (Number(claimed.numUpdatedRows) !== 1) continue;
            const filters = filtersOf(row);
            const fresh: CareerListing[] = filterListings(
              listings.filter((job) => {
                const seenAt = seen.get(job.id);
                return seenAt !== undefined && seenAt > since && seenAt <= now.getTime();
              }),
              filters,
            );
            if (fresh.length === 0) continue;
            const token = await issueLink(trx, row.id, 'unsubscribe', now);
            await enqueueMail(
              trx,
              [
                jobAlertMail({
                  alertId: row.id,
                  email: row.email,
                  origin,
                  openings: fresh,
                  filtersText: alertFiltersText(filters, names),
                  frequency,
                  unsubscribeLink: alertLinkUrl(origin, 'unsubscribe', token),
                }),
              ],
              null,
              now,
            );
            mails += 1;
          }
          if (mails > 0) {
            await auditRepository(trx).record(
              {
                actor: { label: 'alerts' },
                action: 'alert-send',
                detail: `${counted(mails, ['alert mail', 'alert mails'])} queued`,
              },
              now,
            );
          }
          return mails;
        });
      }
      return queued;
    },
  };
}

export type JobAlertsRepository = ReturnType<typeof jobAlertsRepository>;

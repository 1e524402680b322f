import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { holdLocks } from '../../db/write-transaction';
import { emailKey } from '../../lib/contact-keys';

/**
 * Caps on what a stranger can make us do to someone else's inbox (docs/careers.md, "Mail a
 * stranger can cause"), counted in the database so every route and every node counts alike:
 * the only code that touches `mail_cap_slots`. A slot is a row; a limit allows `max` rows of
 * its key within `windowMs`. Keys name an address only by the SHA-256 of its normalised form.
 */

/** Mail a stranger can cause to an address; any other kind is a recruiter's or the owner's. */
export type StrangerMailKind =
  'applicant-confirmation' | 'alert-confirmation' | 'applicant-links' | 'applicant-erase-link';

/** "Erase my data" mails one application may cause in an hour. */
export const ERASE_LINKS_PER_HOUR = 3;
/** "Send me my links" requests for one address in an hour, from the API and the form together. */
export const LINK_REQUESTS_PER_ADDRESS = 3;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The longest window of any limit: older slots count for nothing and are pruned. */
const LONGEST_WINDOW_MS = DAY_MS;

export interface SlotLimit {
  key: string;
  max: number;
  windowMs: number;
}

/** Where an address's mail lands: `Ana+jobs@Example.com` and `ana@example.com` are one inbox. */
const addressHash = (address: string) =>
  crypto
    .createHash('sha256')
    .update(emailKey(address) ?? '')
    .digest('hex');

/** Stranger-caused mail to one address: at most `capPerAddress` a day, of every kind together. */
export const recipientLimit = (address: string, capPerAddress: number): SlotLimit => ({
  key: `mail-to:${addressHash(address)}`,
  max: capPerAddress,
  windowMs: DAY_MS,
});

/** Erase-link mails of one application: at most ERASE_LINKS_PER_HOUR an hour. */
export const eraseLinkLimit = (applicantId: number): SlotLimit => ({
  key: `erase-link:${applicantId}`,
  max: ERASE_LINKS_PER_HOUR,
  windowMs: HOUR_MS,
});

/** "Send me my links" for one address, whoever asks and by whichever route. */
export const linkRequestLimit = (address: string): SlotLimit => ({
  key: `link-request:${addressHash(address)}`,
  max: LINK_REQUESTS_PER_ADDRESS,
  windowMs: HOUR_MS,
});

/**
 * Takes one slot under every limit, or none when any of them is full; answers whether it took
 * them. Inside the caller's writeTransaction: on PostgreSQL the keys' advisory locks make a
 * count and the insert it decides one step for every node (SQLite: the write lock does).
 */
export async function takeSlots(
  trx: Db,
  limits: readonly SlotLimit[],
  now: Date,
): Promise<boolean> {
  await holdLocks(
    trx,
    limits.map((limit) => `mail-cap:${limit.key}`),
  );
  for (const { key, max, windowMs } of limits) {
    const row = await trx
      .selectFrom('mailCapSlots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key)
      .where('takenAt', '>', new Date(now.getTime() - windowMs).toISOString())
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= max) return false;
  }
  await trx
    .insertInto('mailCapSlots')
    .values(limits.map(({ key }) => ({ key, takenAt: now.toISOString() })))
    .execute();
  return true;
}

/** Deletes slots older than every window (the retention run): they count for nothing. */
export async function pruneMailCapSlots(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('mailCapSlots')
    .where('takenAt', '<=', new Date(now.getTime() - LONGEST_WINDOW_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

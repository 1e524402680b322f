import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { linkRequestLimit, takeSlots } from '../mail/mail-caps';

/**
 * The applicant's own links, by which they reach their application without an account
 * (docs/security.md "The applicant's own page"): the only code that touches `applicant_links`,
 * besides erasure, which deletes an applicant's links with them. The secret travels once, in a
 * mail; only its SHA-256 is kept, so a copy of the database opens nobody's application.
 */
export type ApplicantLinkPurpose = 'status' | 'erase';

/** A status link works for this long after the application last changed. */
export const STATUS_LINK_DAYS = 30;
/** An "erase my data" confirmation works for this long, once. */
export const ERASE_LINK_HOURS = 24;

const DAY_MS = 86_400_000;
const lifetimeMs = (purpose: ApplicantLinkPurpose) =>
  purpose === 'status' ? STATUS_LINK_DAYS * DAY_MS : ERASE_LINK_HOURS * 3_600_000;

export const hashLinkToken = (token: string) =>
  crypto.createHash('sha256').update(token).digest('hex');

/** Where a status token is opened: on the site's own origin (mailOrigin), never a request's. */
export const statusPageUrl = (origin: string, token: string) => `${origin}/applications/${token}`;

/**
 * A new link for this applicant, inside the caller's transaction (the mail that carries it is
 * queued in the same one). Answers the secret; only its hash is stored.
 */
export async function issueApplicantLink(
  trx: Db,
  applicantId: number,
  purpose: ApplicantLinkPurpose,
  now: Date,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await trx
    .insertInto('applicantLinks')
    .values({
      tokenHash: hashLinkToken(token),
      applicantId,
      purpose,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + lifetimeMs(purpose)).toISOString(),
      usedAt: null,
    })
    .execute();
  return token;
}

/**
 * The applicant a link opens: known, of this purpose, not expired and (an erase link) not used;
 * otherwise undefined, whatever the reason, so no answer tells one failure from another.
 */
export async function findApplicantByLink(
  db: Db,
  token: string,
  purpose: ApplicantLinkPurpose,
  now: Date,
): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('applicantLinks')
    .select('applicantId')
    .where('tokenHash', '=', hashLinkToken(token))
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', now.toISOString())
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return row?.applicantId;
}

/**
 * Spends a one-time link inside the caller's transaction: answers its applicant when it was
 * valid and unused, and marks it used, so a second use (or a racing one) finds nothing.
 */
export async function spendApplicantLink(
  trx: Db,
  token: string,
  purpose: ApplicantLinkPurpose,
  now: Date,
): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await trx
    .updateTable('applicantLinks')
    .set({ usedAt: now.toISOString() })
    .where('tokenHash', '=', hashLinkToken(token))
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', now.toISOString())
    .where('usedAt', 'is', null)
    .returning('applicantId')
    .executeTakeFirst();
  return row?.applicantId;
}

/**
 * The application changed (a stage, a withdrawal, a new resume, a message): its status links
 * work for STATUS_LINK_DAYS from now. Inside the change's own transaction.
 */
export async function extendStatusLinks(trx: Db, applicantId: number, now: Date): Promise<void> {
  await trx
    .updateTable('applicantLinks')
    .set({ expiresAt: new Date(now.getTime() + STATUS_LINK_DAYS * DAY_MS).toISOString() })
    .where('applicantId', '=', applicantId)
    .where('purpose', '=', 'status')
    .execute();
}

/**
 * A "send me my links" request: counted against the address (LINK_REQUESTS_PER_ADDRESS an hour,
 * whoever asks, by the API or the form) and stored, nothing more, so the answer is the same for
 * every address; the lookup and the mail come later (applicantPage's `handleLinkRequests`).
 * False, and nothing stored: the address had its hour's requests. Writes no applicant, so it
 * takes no applicant's lock.
 */
export function requestLinks(db: Db, email: string, now: Date): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    if (!(await takeSlots(trx, [linkRequestLimit(email)], now))) return false;
    await trx
      .insertInto('linkRequests')
      .values({ email: email.trim().toLowerCase(), createdAt: now.toISOString() })
      .execute();
    return true;
  });
}

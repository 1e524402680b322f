import crypto from 'node:crypto';
import { toIso, type Db } from '../../db/database';

/**
 * How long a conversation's address takes replies: half a year. A candidate answers a
 * rejection or an offer weeks later, and a hiring round runs for months; past it, a reply is
 * kept as unmatched for an admin, never lost. The applicant's erasure takes the address with it.
 */
export const REPLY_TOKEN_DAYS = 180;

/** RFC 4648 base32, lowercase: mail systems may lowercase an address's local part. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 160 random bits: 32 base32 characters, past guessing. */
const TOKEN_BYTES = 20;
const TOKEN = /^[a-z2-7]{32}$/;

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export const hashReplyToken = (token: string): string =>
  crypto.createHash('sha256').update(token).digest('hex');

/**
 * A fresh token naming the applicant's conversation, stored hashed with its expiry inside the
 * caller's transaction (the one that queues the mail carrying it); answers the token in clear.
 */
export async function issueReplyToken(trx: Db, applicantId: number, now: Date): Promise<string> {
  const token = base32(crypto.randomBytes(TOKEN_BYTES));
  await trx
    .insertInto('replyAddresses')
    .values({
      tokenHash: hashReplyToken(token),
      applicantId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + REPLY_TOKEN_DAYS * 86_400_000).toISOString(),
    })
    .execute();
  return token;
}

/** REPLY_ADDRESS split at its `@`: the local part a token is appended to, and the domain. */
export interface ReplyMailbox {
  local: string;
  domain: string;
}

export function replyMailbox(address: string): ReplyMailbox {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/** The address a mail's Reply-To names: `careers+<token>@example.com`. */
export const conversationAddress = ({ local, domain }: ReplyMailbox, token: string): string =>
  `${local}+${token}@${domain}`;

/**
 * The token in the first of `addresses` that is the mailbox plus a tag (`careers+tag@…`,
 * compared without regard to case, as mail systems may change it); undefined when none is.
 * A tag that is not a token's shape is answered too: the caller files it as unknown.
 */
export function tokenIn(addresses: readonly string[], mailbox: ReplyMailbox): string | undefined {
  const local = mailbox.local.toLowerCase();
  const domain = mailbox.domain.toLowerCase();
  for (const address of addresses) {
    const lower = address.trim().toLowerCase();
    const at = lower.lastIndexOf('@');
    if (at < 0 || lower.slice(at + 1) !== domain) continue;
    const part = lower.slice(0, at);
    if (part.startsWith(`${local}+`) && part.length > local.length + 1) {
      return part.slice(local.length + 1);
    }
  }
  return undefined;
}

export type TokenMatch =
  { applicantId: number } | { unmatched: 'unknown' | 'expired' | 'no-token' };

/** Whose conversation `token` names at `now`; an unknown, malformed or expired one is unmatched. */
export async function matchReplyToken(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<TokenMatch> {
  if (token === undefined) return { unmatched: 'no-token' };
  if (!TOKEN.test(token)) return { unmatched: 'unknown' };
  const row = await db
    .selectFrom('replyAddresses')
    .select(['applicantId', 'expiresAt'])
    .where('tokenHash', '=', hashReplyToken(token))
    .executeTakeFirst();
  if (!row) return { unmatched: 'unknown' };
  if (new Date(toIso(row.expiresAt)).getTime() <= now.getTime()) return { unmatched: 'expired' };
  return { applicantId: row.applicantId };
}

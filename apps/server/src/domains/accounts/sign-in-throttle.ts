import crypto from 'node:crypto';
import type { SignInThrottleRepository } from './sign-in-throttle-repository';
import { normaliseEmail } from './users-repository';

/** Failed sign-ins one client may have against one account in the window. */
export const PAIR_FAILURES = 5;
/** Failed sign-ins a client address may have in the window, whatever the accounts. */
export const CLIENT_FAILURES = 20;
/** Failed sign-ins an account may have in the window from every client together. */
export const ACCOUNT_FAILURES = 50;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleKeys {
  pair: string;
  client: string;
  account: string;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The e-mail is hashed: the table never holds an address someone typed. */
export function throttleKeys(email: string, clientAddress: string): ThrottleKeys {
  const account = sha256(normaliseEmail(email));
  const client = clientAddress.slice(0, 60);
  return {
    pair: `pair:${sha256(`${account}\n${client}`)}`,
    client: `client:${client}`,
    account: `account:${account}`,
  };
}

/** Either a failure slot held for this attempt, or how long to wait before the next one. */
export type Reservation = { ids: number[]; retryAfter?: undefined } | { retryAfter: number };

/**
 * Takes a failure slot for an attempt before its password is checked, in one locked
 * transaction, so concurrent guesses can never all see room under a limit. The slot stays a
 * failure unless `release` gives it back after a right password.
 */
export async function reserveAttempt(
  repo: SignInThrottleRepository,
  keys: ThrottleKeys,
  now: Date,
): Promise<Reservation> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const limits = [
    [keys.pair, PAIR_FAILURES],
    [keys.client, CLIENT_FAILURES],
    [keys.account, ACCOUNT_FAILURES],
  ] as const;
  // The pair's rows are written only by callers holding both other locks.
  const reservation = await repo.exclusive([keys.account, keys.client], async (scoped) => {
    let wait = 0;
    for (const [key, limit] of limits) {
      const { failures, oldest } = await scoped.count(key, since);
      if (failures >= limit && oldest) {
        const freeAt = Date.parse(oldest) + FAILURE_WINDOW_MS;
        wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000), 1);
      }
    }
    if (wait > 0) return { retryAfter: wait };
    return { ids: await scoped.record([keys.pair, keys.client, keys.account], now) };
  });
  if (reservation.retryAfter === undefined) {
    await repo.prune(since);
  }
  return reservation;
}

/**
 * A right password: its slot is given back and this client's earlier typos for the account are
 * forgotten. The client's and the account's other failures stay until they leave the window, so
 * a guesser's own sign-ins never reset their count.
 */
export async function releaseAttempt(
  repo: SignInThrottleRepository,
  keys: ThrottleKeys,
  reservation: { ids: number[] },
): Promise<void> {
  await repo.release(reservation.ids);
  await repo.clear(keys.pair);
}

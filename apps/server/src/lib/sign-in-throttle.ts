import crypto from 'node:crypto';
import type { SignInThrottleRepository } from '../repositories/sign-in-throttle-repository';
import { normaliseEmail } from '../repositories/users-repository';

/** Failed sign-ins an account may have in the window before it is refused for a while. */
export const ACCOUNT_FAILURES = 5;
/** Failed sign-ins a client address may have in the window, whatever the accounts. */
export const CLIENT_FAILURES = 20;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleKeys {
  account: string;
  client: string;
}

/** The e-mail is hashed: the table never holds an address someone typed. */
export function throttleKeys(email: string, clientAddress: string): ThrottleKeys {
  const hashed = crypto.createHash('sha256').update(normaliseEmail(email)).digest('hex');
  return { account: `account:${hashed}`, client: `client:${clientAddress.slice(0, 60)}` };
}

/**
 * Seconds until another attempt is allowed, or 0 when one is allowed now: the account or the
 * client that used up its failures waits until the oldest of them leaves the window.
 */
export async function retryAfterSeconds(
  repo: SignInThrottleRepository,
  keys: ThrottleKeys,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  let wait = 0;
  for (const [key, limit] of [
    [keys.account, ACCOUNT_FAILURES],
    [keys.client, CLIENT_FAILURES],
  ] as const) {
    const { failures, oldest } = await repo.count(key, since);
    if (failures >= limit && oldest) {
      const freeAt = Date.parse(oldest) + FAILURE_WINDOW_MS;
      wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000), 1);
    }
  }
  return wait;
}

export async function recordFailure(
  repo: SignInThrottleRepository,
  keys: ThrottleKeys,
  now: Date,
): Promise<void> {
  await repo.record([keys.account, keys.client], now);
  await repo.prune(new Date(now.getTime() - FAILURE_WINDOW_MS));
}

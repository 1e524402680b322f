import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@lumenfield/contract';

/**
 * Password storage (docs/recruiters.md): scrypt with N=2^17, r=8, p=1 and a 32-byte random salt,
 * kept as `scrypt$N$r$p$salt$hash` so stronger parameters later still verify older hashes.
 * node:crypto's async scrypt runs on libuv's thread pool, never on the event loop.
 */
const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

export const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 32;
export const MAX_PASSWORD_LENGTH = 1024;
/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is just below N=2^17, r=8. */
const maxmem = (N: number, r: number) => 128 * N * r + 1024 * 1024;

/**
 * The form of a password that is counted, hashed and verified: NFKC, so text typed composed or
 * decomposed, or with compatibility forms (full-width letters, ligatures), is one password.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT;
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await scrypt(normalisePassword(password), salt, KEY_BYTES, {
    N,
    r,
    p,
    maxmem: maxmem(N, r),
  });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** True when `password` matches the stored string; compared in constant time. */
/**
 * The stored hash of an account made by single sign-on: no password verifies against it (the
 * sign-in route spends a dummy hash's time instead), until an admin sets one.
 */
export const NO_PASSWORD = 'none';

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash, extra] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || extra !== undefined) return false;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  // Only sane parameters are ever run (a tampered row must not make the node hash for minutes).
  if (![N, R, P].every(Number.isSafeInteger) || N > 2 ** 20 || R > 32 || P > 16) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  const actual = await scrypt(
    normalisePassword(password),
    Buffer.from(salt, 'base64url'),
    KEY_BYTES,
    {
      N,
      r: R,
      p: P,
      maxmem: maxmem(N, R),
    },
  );
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * The hash of a random password nobody kept, verified for unknown accounts so the time a sign-in
 * takes does not tell whether the e-mail has an account (same parameters as a real hash).
 */
const DUMMY_HASH =
  'scrypt$131072$8$1$gWp2E90wvKJm12YoRKeJQHZEl1sgHKSMlvka7kJ-l6I$7q47X_zuG5rayqm16lhoWzA3B_NDDE3W5ZP71EKzxxo';
export async function verifyDummy(password: string): Promise<void> {
  await verifyPassword(password, DUMMY_HASH);
}

const common = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** The strength estimate a password must reach (0 to 4): 3 resists an offline attack well. */
export const MIN_PASSWORD_SCORE = 3;
const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** Why the estimate found a password weak, as the end of a sentence (its warning key). */
const WEAKNESS: Record<string, string> = {
  straightRow: 'rows of keys on the keyboard are easy to guess',
  keyPattern: 'short patterns of keys on the keyboard are easy to guess',
  simpleRepeat: 'repeated characters like "aaa" are easy to guess',
  extendedRepeat: 'repeated groups of characters like "abcabc" are easy to guess',
  sequences: 'sequences like "abc" or "6543" are easy to guess',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is a common password with small changes',
  wordByItself: 'single words are easy to guess',
  namesByThemselves: 'names on their own are easy to guess',
  commonNames: 'common names are easy to guess',
  userInputs: 'it contains your own details',
};

/**
 * Why a password may not be used, or undefined when it may: too short or too long (counted
 * after normalising), one of the common passwords of the maintained list, containing the
 * person's name or e-mail name, or too easy to guess by the strength estimate.
 */
export function passwordProblem(
  password: string,
  person: { email: string; name: string },
): string | undefined {
  const normalised = normalisePassword(password);
  const length = [...normalised].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  }
  if (length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  const lower = normalised.toLowerCase();
  if (common.has(lower)) return 'is one of the most common passwords; choose another';
  const parts = [
    person.email.split('@')[0] ?? '',
    ...person.name.split(/\s+/),
    person.name.replace(/\s+/g, ''),
  ]
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.length >= 3);
  if (parts.some((part) => lower.includes(part))) {
    return 'must not contain your name or the name of your e-mail address';
  }
  const estimate = strength.check(normalised, parts);
  if (estimate.score < MIN_PASSWORD_SCORE) {
    const why = WEAKNESS[estimate.feedback.warning ?? ''];
    return `is too easy to guess${why ? ` (${why})` : ''}; a few uncommon words together are stronger`;
  }
  return undefined;
}

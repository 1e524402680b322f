import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { dictionary } from '@zxcvbn-ts/language-common';
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

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT;
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, {
    N,
    r,
    p,
    maxmem: maxmem(N, r),
  });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** True when `password` matches the stored string; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash, extra] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || extra !== undefined) return false;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  // Only sane parameters are ever run (a tampered row must not make the node hash for minutes).
  if (![N, R, P].every(Number.isSafeInteger) || N > 2 ** 20 || R > 32 || P > 16) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  const actual = await scrypt(
    password.normalize('NFC'),
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

/**
 * Why a password may not be used, or undefined when it may: too short or too long, one of the
 * common passwords of the maintained list, or containing the person's name or e-mail name.
 */
export function passwordProblem(
  password: string,
  person: { email: string; name: string },
): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  }
  if (length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  const lower = password.toLowerCase();
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
  return undefined;
}

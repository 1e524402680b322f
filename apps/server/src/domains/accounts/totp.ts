import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { RECOVERY_CODE_COUNT } from '@lumenfield/contract';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Lumenfield console';
/** Steps either side of now a code may come from (a phone's clock a little off). */
export const TOTP_WINDOW = 1;

/** The keys two-step sign-in derives from the cookie secret: one to seal, one to hash. */
export interface SecondFactorKeys {
  seal: Buffer;
  recovery: Buffer;
}

/** HKDF-SHA256 of the cookie secret, one label per use: neither key is the secret itself. */
export function secondFactorKeys(cookieSecret: string): SecondFactorKeys {
  const derive = (info: string) =>
    Buffer.from(crypto.hkdfSync('sha256', cookieSecret, 'lumenfield-second-factor', info, 32));
  return { seal: derive('totp-secret-aes-256-gcm'), recovery: derive('recovery-code-hmac') };
}

/** AES-256-GCM with a random 96-bit nonce: `v1.` and base64url of nonce, tag and ciphertext. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret, or undefined when it was sealed under another key (the cookie secret changed). */
export function openSecret(key: Buffer, sealed: string): string | undefined {
  if (!sealed.startsWith('v1.')) return undefined;
  const bytes = Buffer.from(sealed.slice(3), 'base64url');
  if (bytes.length < 29) return undefined;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = 'account') =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** What the QR code holds: the app files it under the issuer and the person's e-mail. */
export const totpUri = (secret: string, label: string): string => totpOf(secret, label).toString();

/** The secret in groups of four, for typing it into an app by hand. */
export const groupedSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? '';

/**
 * The time step `code` belongs to (within TOTP_WINDOW steps of now), or undefined. The caller
 * refuses a step at or before the last one accepted, so each code works once.
 */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an app would show at `now` (tests, and nothing else, need it). */
export const totpCodeAt = (secret: string, now: Date): string =>
  totpOf(secret).generate({ timestamp: now.getTime() });

// Crockford-like: no 0/o, 1/l/i, so a code read off paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Ten codes of four groups of six characters (about 119 bits each): at least the 112 bits that
 * let a keyed SHA-256 stand in for a slow password hash (docs/security.md, ASVS 6.5.2).
 */
export function newRecoveryCodes(): string[] {
  const group = () =>
    Array.from(
      { length: 6 },
      () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 4 }, group).join('-'),
  );
}

/**
 * What is stored of a recovery code: an HMAC-SHA256 keyed by a key derived from the cookie
 * secret, so a copy of the database alone cannot even test guesses. Case, spaces and dashes do not count.
 */
export function recoveryCodeHash(key: Buffer, code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return crypto.createHmac('sha256', key).update(normal).digest('hex');
}

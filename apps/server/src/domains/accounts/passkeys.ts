import crypto from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AuthenticationCredential, RegistrationCredential } from '@lumenfield/contract';
import type { NewPasskey, PasskeysRepository, StoredPasskey } from './passkeys-repository';
import type { User, UsersRepository } from './users-repository';

/**
 * Who the passkeys belong to, as the browser checks it: the RP ID (the site's host name, to
 * which every passkey is bound) and the origin pages run on (docs/operations.md, "Passkeys").
 */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** The name an authenticator shows beside the person's e-mail. */
const RP_NAME = 'Lumenfield console';
/** ES256, EdDSA, RS256: what authenticators make, strongest first. */
const ALGORITHMS = [-7, -8, -257];
/** The transports WebAuthn names; a browser's newer ones are dropped, not stored. */
const TRANSPORTS: readonly string[] = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
];

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * The WebAuthn user handle of a person: fixed, so an authenticator keeps one passkey per person
 * and site, and free of personal data (it is not the e-mail, and a hash of the id, not the id).
 */
export const userHandleOf = (userId: number) =>
  crypto.createHash('sha256').update(`lumenfield-passkey-user\n${userId}`).digest().subarray(0, 32);

const knownTransports = (names: readonly string[] | undefined): string[] =>
  (names ?? []).filter((name) => TRANSPORTS.includes(name));

/**
 * The options for adding a passkey to `user`'s account: a discoverable credential preferred (so
 * it signs in without an e-mail), user verification required (the device's PIN or biometrics),
 * no attestation (we trust no maker's list; the key is what counts), and the person's passkeys
 * excluded so the same authenticator is not added twice.
 */
export function registrationOptions(
  rp: RelyingParty,
  user: User,
  existing: readonly StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new Uint8Array(userHandleOf(user.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: knownTransports(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

/**
 * A browser's answer as the library reads it. Extension results are dropped: none is asked for,
 * and the contract's loose object is not the library's type.
 */
function libraryJson<Response>(credential: {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Response;
  authenticatorAttachment?: 'platform' | 'cross-platform' | undefined;
}) {
  const { id, rawId, type, response, authenticatorAttachment } = credential;
  return {
    id,
    rawId,
    type,
    response,
    ...(authenticatorAttachment && { authenticatorAttachment }),
    clientExtensionResults: {},
  };
}

/** Whether the challenge a browser signed is the one whose hash was kept. */
export const challengeMatches = (challengeHash: string) => (challenge: string) =>
  crypto.timingSafeEqual(Buffer.from(sha256(challenge)), Buffer.from(challengeHash));

/** A registration answer checked: the new passkey's key and counter, or why not. */
export async function verifyRegistration(
  rp: RelyingParty,
  credential: RegistrationCredential,
  challengeHash: string,
): Promise<{ passkey: Omit<NewPasskey, 'userId' | 'name'> } | { reason: string }> {
  const response: RegistrationResponseJSON = libraryJson(credential);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challengeMatches(challengeHash),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return { reason: 'not verified' };
    const { credential: made, credentialBackedUp } = result.registrationInfo;
    return {
      passkey: {
        credentialId: made.id,
        publicKey: Buffer.from(made.publicKey).toString('base64url'),
        counter: made.counter,
        transports: knownTransports(credential.response.transports),
        synced: credentialBackedUp,
      },
    };
  } catch (error) {
    // The library's sentence says which check failed; it holds no personal data.
    return { reason: error instanceof Error ? error.message.slice(0, 200) : 'not verified' };
  }
}

/**
 * The options for signing in with a passkey: any of this site's (usernameless), or, for a second
 * step after the password, one of `allowed` (the person the pending sign-in names).
 */
export function signInOptions(
  rp: RelyingParty,
  allowed?: readonly StoredPasskey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    ...(allowed && {
      allowCredentials: allowed.map((passkey) => ({
        id: passkey.credentialId,
        transports: knownTransports(passkey.transports),
      })),
    }),
  });
}

/** Why a passkey did not sign someone in (audited; the person is told one sentence for all). */
export type PasskeyRefusal =
  | 'unknown passkey'
  | 'another person'
  | 'account deactivated'
  | 'not verified'
  | 'counter replayed';

export type PasskeyVerdict =
  | { user: User; passkey: StoredPasskey; reason?: undefined }
  | { reason: PasskeyRefusal; detail?: string; user?: User };

/**
 * Checks a browser's answer to a passkey sign-in: its passkey is known, its person active (and
 * the one `expectedUserId` names, when a pending sign-in already named someone: a second step
 * after the password), the challenge the one kept, origin and RP ID ours, user verification
 * done, the signature right and its counter higher than the last one seen. A use is stored
 * (counter, last used). Answers the person, or the reason it refused. Throttling and the audit
 * row are the caller's, who knows what kind of sign-in this is.
 */
export async function verifyPasskey(
  repos: {
    passkeys: Pick<PasskeysRepository, 'findByCredentialId' | 'recordUse'>;
    users: Pick<UsersRepository, 'findById'>;
  },
  input: {
    credential: AuthenticationCredential;
    /** The base64url challenge, or a check of it (a kept hash). */
    expectedChallenge: string | ((challenge: string) => boolean);
    rp: RelyingParty;
    expectedUserId?: number;
    now: Date;
  },
): Promise<PasskeyVerdict> {
  const { credential, rp, now } = input;
  const passkey = await repos.passkeys.findByCredentialId(credential.id);
  if (!passkey) return { reason: 'unknown passkey' };
  const user = await repos.users.findById(passkey.userId);
  if (!user) return { reason: 'unknown passkey' };
  if (input.expectedUserId !== undefined && input.expectedUserId !== user.id) {
    return { reason: 'another person', user };
  }
  // The authenticator names whose passkey it holds: it must be the one it was registered for.
  const handle = credential.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandleOf(user.id)).toString('base64url')) {
    return { reason: 'another person', user };
  }
  const response: AuthenticationResponseJSON = libraryJson(credential);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: knownTransports(passkey.transports),
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const reason = /counter/i.test(message) ? 'counter replayed' : 'not verified';
    return { reason, detail: message.slice(0, 200), user };
  }
  if (!verified.verified) return { reason: 'not verified', user };
  // Told only to whoever really holds the passkey; a deactivated account's use is not recorded.
  if (!user.isActive) return { reason: 'account deactivated', user };
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  const stored = await repos.passkeys.recordUse(
    passkey.id,
    { counter: newCounter, previous: passkey.counter, synced: credentialBackedUp },
    now,
  );
  // Another use stored its counter between our read and write: one of the two is a copy.
  if (!stored && newCounter > 0) return { reason: 'counter replayed', user };
  return {
    user,
    passkey: { ...passkey, counter: newCounter, lastUsedAt: now.toISOString() },
  };
}

/** How many passkeys a person has: a second step after the password can offer one when any. */
export const passkeyCount = (
  repos: { passkeys: Pick<PasskeysRepository, 'countForUser'> },
  userId: number,
) => repos.passkeys.countForUser(userId);

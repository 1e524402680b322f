// Passkeys (WebAuthn) of console accounts: adding one, the list, signing in with one
// (docs/recruiters.md, "Passkeys"). The ceremonies' options are WebAuthn's own JSON, handed to
// the browser as the server library made them; the browser's answers are checked here first.
import { z } from './zod-setup';

/** Passkeys one person may hold (a laptop, a phone, a key, and spares). */
export const MAX_PASSKEYS = 10;
/** How long a ceremony's challenge may be answered, in seconds. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

const base64url = z
  .string()
  .max(16_000)
  .regex(/^[A-Za-z0-9_-]*$/, 'is not base64url');

/** A passkey as its owner (or an admin) sees it listed: never its key. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdOn: z.string(),
  /** null until first used to sign in. */
  lastUsedOn: z.string().nullable(),
  /** Kept by a provider that syncs it between devices (a password manager, a phone's account). */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * POST …/options: WebAuthn's PublicKeyCredentialCreationOptionsJSON (adding) or
 * PublicKeyCredentialRequestOptionsJSON (signing in), for @simplewebauthn/browser. Its challenge
 * is kept on the server, named by a short-lived cookie set with this answer.
 */
export const passkeyOptionsSchema = z.object({
  options: z.looseObject({ challenge: z.string(), rpId: z.string().optional() }),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** A browser's answer to a ceremony, as JSON (WebAuthn's PublicKeyCredential toJSON()). */
const credentialOf = <Response extends z.ZodType>(response: Response) =>
  z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response,
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.looseObject({}),
  });

/** What the browser answers to navigator.credentials.create(). */
export const registrationCredentialSchema = credentialOf(
  z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
);
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

/** What the browser answers to navigator.credentials.get(). */
export const authenticationCredentialSchema = credentialOf(
  z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
);
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

/** POST /recruiters/session/passkeys: the new passkey's name and the browser's answer. */
export const passkeyAddSchema = z.object({
  name: z.string().trim().min(1).max(100),
  credential: registrationCredentialSchema,
});
export type PasskeyAdd = z.infer<typeof passkeyAddSchema>;

/** POST /recruiters/session/passkey: the browser's answer (whose passkey it is says who). */
export const passkeySignInSchema = z.object({ credential: authenticationCredentialSchema });
export type PasskeySignIn = z.infer<typeof passkeySignInSchema>;

export const userPasskeyParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  passkeyId: z.coerce.number().int().positive(),
});

/** One sentence for every passkey sign-in that fails: it tells a guesser nothing. */
export const PASSKEY_SIGN_IN_FAILED_MESSAGE =
  'That passkey did not sign you in. Try again, or sign in with your password.';

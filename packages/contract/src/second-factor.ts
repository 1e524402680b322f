// Two-step sign-in (docs/security.md, "Second factor"): an authenticator app's codes (TOTP,
// RFC 6238) and ten one-time recovery codes.
import { authenticationCredentialSchema } from './console-passkeys';
import { consoleUserSchema, sessionSchema } from './console-users';
import { z } from './zod-setup';

/**
 * Minutes after signing in during which a person may change how they sign in (add or remove a
 * passkey, set up an app) or end one of their sessions: later, they sign in again first (OWASP
 * ASVS 7.5.1, 7.5.2).
 */
export const RECENT_SIGN_IN_MINUTES = 10;
/** What such a change answers (403) when the sign-in is older than that. */
export const SIGN_IN_AGAIN_TO_CHANGE_MESSAGE =
  'This change needs a recent sign-in: confirm it is you by signing in again.';

/** Recovery codes a person gets at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Minutes a pending sign-in (right password, second step still to come) lives. */
export const PENDING_SIGN_IN_MINUTES = 5;
/** Wrong codes a pending sign-in takes before it ends (the person starts again). */
export const PENDING_SIGN_IN_FAILURES = 5;
/** The one message for a wrong code, a wrong recovery code and a used one alike. */
export const SECOND_FACTOR_FAILED_MESSAGE = 'That code is not right. Please try again.';

/**
 * A code from the app; spaces a person types are dropped. Anything but six digits is simply a
 * wrong code (the one message), not a malformed request.
 */
export const totpCodeSchema = z
  .string()
  .max(20)
  .transform((code) => code.replace(/\s+/g, ''));
/** A recovery code as printed (`xxxxxx-xxxxxx-xxxxxx-xxxxxx`); case, spaces, dashes do not count. */
export const recoveryCodeSchema = z.string().trim().min(1).max(40);

/**
 * POST /recruiters/session when the password was right but a second step is needed: no
 * session yet. `totp`: type a code from the app (or a recovery code); `passkey`: the site
 * requires a second factor and this account's is a passkey; `enrol`: the site requires one and
 * this account has none, so set one up first. `passkey` (the field): one of the person's
 * passkeys can do this step (POST …/second-factor/passkey for its options).
 */
export const secondStepSchema = z.object({
  secondStep: z.enum(['totp', 'passkey', 'enrol']),
  passkey: z.boolean(),
  /** ISO 8601: when the pending sign-in ends. */
  expiresOn: z.string(),
});
export type SecondStep = z.infer<typeof secondStepSchema>;

/**
 * What POST /recruiters/session answers: the session, or the second step still to come. A
 * union rather than a second status, so a client that only knows `sessionSchema` fails to parse
 * instead of treating a half sign-in as a whole one.
 */
export const signInAnswerSchema = z.union([sessionSchema, secondStepSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;
export const isSecondStep = (answer: SignInAnswer): answer is SecondStep => 'secondStep' in answer;

/**
 * POST /recruiters/session/second-factor: a code from the app, one recovery code, or the
 * browser's answer to the options of one of the person's passkeys.
 */
export const secondFactorSchema = z.union([
  z.object({ code: totpCodeSchema }).strict(),
  z.object({ recoveryCode: recoveryCodeSchema }).strict(),
  z.object({ credential: authenticationCredentialSchema }).strict(),
]);
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** The session; after an enrolment, with the recovery codes shown this once. */
export const secondFactorDoneSchema = sessionSchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type SecondFactorDone = z.infer<typeof secondFactorDoneSchema>;

/** A new authenticator secret, not yet on: shown as a QR code of `uri` and as text. */
export const totpSetupSchema = z.object({
  /** Base32, grouped by four for reading aloud or typing. */
  secret: z.string(),
  /** `otpauth://totp/…`: what the QR code holds. */
  uri: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** PUT /recruiters/session/totp, POST …/recovery-codes: a current code from the app. */
export const totpConfirmSchema = z.object({ code: totpCodeSchema });
export type TotpConfirm = z.input<typeof totpConfirmSchema>;

/** The recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** DELETE /recruiters/session/totp: a current code, or the password. */
export const totpDisableSchema = z.union([
  z.object({ code: totpCodeSchema }).strict(),
  z.object({ password: z.string().min(1).max(1024) }).strict(),
]);
export type TotpDisable = z.input<typeof totpDisableSchema>;

/** GET /recruiters/session/totp: a person's second factors (`secondFactorsOf`). */
export const secondFactorsSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactors = z.infer<typeof secondFactorsSchema>;

/** GET /recruiters/users: each account and whether it has two-step sign-in on. */
export const listedUserSchema = consoleUserSchema.extend({ twoStep: z.boolean() });
export type ListedUser = z.infer<typeof listedUserSchema>;

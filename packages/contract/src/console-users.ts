// The console's people: roles, signing in, sessions, accounts, passwords and API tokens.
import { z } from './zod-setup';

export const SESSION_IDLE_MINUTES = 30;
export const SESSION_MAX_HOURS = 12;
export const MIN_PASSWORD_LENGTH = 12;

/**
 * `compliance` sees the self-identification counts and nothing else (docs/recruiters.md); admins
 * and recruiters never see them. `hiring_manager` works on the applicants of the openings whose
 * hiring team names them hiring manager; `interviewer` reads only the applicants they interview
 * (hiring-team.ts). `editor` edits the site's content (docs/content.md) and works with no opening
 * or applicant. Each of the four reaches only the routes that name it.
 */
export const userRoleSchema = z.enum([
  'admin',
  'recruiter',
  'compliance',
  'hiring_manager',
  'interviewer',
  'editor',
]);
export type UserRole = z.infer<typeof userRoleSchema>;
/** The roles that work with openings and applicants: a console route's roles when it names none. */
export const STAFF_ROLES: readonly UserRole[] = ['admin', 'recruiter'];
/**
 * The routes a hiring manager shares with the staff, within their reach: their openings (read),
 * their applicants' lists, board, page, stage, notes, resume, CSV and the reports.
 */
export const PIPELINE_ROLES: readonly UserRole[] = [...STAFF_ROLES, 'hiring_manager'];
/** The routes an interviewer shares too: the applicants list and an applicant's page, read only. */
export const APPLICANT_READER_ROLES: readonly UserRole[] = [...PIPELINE_ROLES, 'interviewer'];
/** Every role: a person's own session, password and tokens. */
export const ALL_ROLES: readonly UserRole[] = userRoleSchema.options;

/** The one message for a wrong e-mail and a wrong password alike. */
export const SIGN_IN_FAILED_MESSAGE = 'The e-mail address or password is not right.';

export const signInSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type SignIn = z.infer<typeof signInSchema>;

export const consoleUserSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  isActive: z.boolean(),
  createdOn: z.string(),
  lastSignInOn: z.string().nullable(),
});
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

/** GET/POST /recruiters/session: the signed-in person. */
export const sessionSchema = z.object({
  user: consoleUserSchema,
  /** ISO 8601: when the session ends if nothing happens (idle), and at the latest. */
  idleExpiresOn: z.string(),
  expiresOn: z.string(),
});
export type ConsoleSession = z.infer<typeof sessionSchema>;

/** One session of a person as their list shows it (docs/security.md, "Sessions"). */
export const listedSessionSchema = z.object({
  /** Names the session for ending it; never its id. */
  handle: z.string(),
  /** "Chrome 156 on Linux"; null for a session older than the list. */
  device: z.string().nullable(),
  /** The country of the address it was opened from, "Local network", or null. */
  place: z.string().nullable(),
  /** The address with its host part hidden ("203.0.113.x"). */
  address: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type ListedSession = z.infer<typeof listedSessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(listedSessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;
export const sessionHandleParamsSchema = z.object({ handle: z.string().min(1).max(64) });
export const userSessionParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  handle: z.string().min(1).max(64),
});

/**
 * GET/PATCH /recruiters/account-settings (admins): the site-wide rules for signing in
 * (docs/security.md, "Accounts"); a PATCH sets the rules it names.
 */
export const accountSettingsSchema = z.object({
  /** Every password account adds a second factor (a passkey or an authenticator app). */
  requireSecondFactor: z.boolean(),
  /**
   * Who may sign in with a password: everyone, or (single sign-on configured) only the
   * break-glass admin named by `breakGlassUserId`; everyone else signs in with single sign-on.
   */
  passwordSignIn: z.enum(['everyone', 'break-glass']),
  /** The admin who keeps password sign-in while it is off for everyone else; null: nobody. */
  breakGlassUserId: z.number().int().positive().nullable(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
export type PasswordSignIn = AccountSettings['passwordSignIn'];

/** PATCH /recruiters/account-settings: the rules it names, as they are to be. */
export const accountSettingsPatchSchema = accountSettingsSchema.partial().strict();
export type AccountSettingsPatch = z.infer<typeof accountSettingsPatchSchema>;

/** The rules as an admin reads them, and whether single sign-on is configured on the server. */
export const accountSettingsAnswerSchema = accountSettingsSchema.extend({
  updatedAt: z.string().nullable(),
  singleSignOn: z.boolean(),
});
export type AccountSettingsAnswer = z.infer<typeof accountSettingsAnswerSchema>;

/** The one message POST /recruiters/session answers (403) while password sign-in is off. */
export const PASSWORD_SIGN_IN_OFF_MESSAGE =
  'Password sign-in is turned off for this console. Please sign in with single sign-on.';

/**
 * GET /recruiters/sso (anyone): what the sign-in page offers. `provider` is null when single
 * sign-on is not configured; `button` is the words of its button ("Sign in with Okta").
 */
export const signInOptionsSchema = z.object({
  provider: z.object({ button: z.string() }).nullable(),
  passwordSignIn: accountSettingsSchema.shape.passwordSignIn,
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/**
 * Why single sign-on sent the browser back to the sign-in page (`?sso=<reason>`): the page
 * says one sentence for each, never the provider's detail.
 */
/** GET /recruiters/sso/start: the console page to come back to (`next`, judged by safeReturnPath). */
export const ssoStartQuerySchema = z.object({ next: z.string().max(2000).optional() });

export const ssoFailureSchema = z.enum(['failed', 'refused']);
export type SsoFailure = z.infer<typeof ssoFailureSchema>;
export const SSO_FAILURE_PARAM = 'sso';
export const SSO_FAILURE_MESSAGES: Record<SsoFailure, string> = {
  failed: 'Single sign-on did not complete. Please try again.',
  refused:
    'Single sign-on did not sign you in to the console. If you should have access, ask an admin.',
};

/**
 * DELETE /recruiters/session answers 204, or 200 with this when the session was signed in with
 * single sign-on and the provider offers to end its own session too (RP-initiated logout).
 */
export const signOutSchema = z.object({ providerSignOutUrl: z.url() });
export type SignOut = z.infer<typeof signOutSchema>;

const password = z.string().max(1024);

export const userCreateSchema = z.object({
  email: z.string().trim().min(3).max(320),
  name: z.string().trim().min(1).max(200),
  role: userRoleSchema,
  /** At least MIN_PASSWORD_LENGTH characters and not a common password (400 names the field). */
  password,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userPatchSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  role: userRoleSchema.optional(),
  /** false deactivates the account and ends its sessions at once. */
  isActive: z.boolean().optional(),
  /** A new password set by an admin; ends the account's sessions. */
  password: password.optional(),
});
export type UserPatch = z.infer<typeof userPatchSchema>;

/**
 * PUT /recruiters/session/password: the current password and a new one (the same rules as
 * every password, 400 naming newPassword). Every session of the person ends; this browser gets
 * a new one.
 */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: password,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** Every personal API token starts so: a secret scanner (or a person) knows one when it sees one. */
export const API_TOKEN_PREFIX = 'lft_';
/** Live personal API tokens one person may hold (docs/recruiters.md). */
export const MAX_API_TOKENS = 20;

/** A personal API token as its owner sees it listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdOn: z.string(),
  /** null until first used; updated at most once a minute. */
  lastUsedOn: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenCreateSchema = z.object({ name: z.string().trim().min(1).max(100) });
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** POST /recruiters/tokens: the new token and, this once only, its secret. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

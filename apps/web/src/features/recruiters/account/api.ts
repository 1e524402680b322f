import {
  apiTokenCreatedSchema,
  apiTokenSchema,
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  consolePaths,
  isSecondStep,
  recoveryCodesSchema,
  secondFactorDoneSchema,
  secondFactorsSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeySchema,
  sessionListSchema,
  sessionSchema,
  signInAnswerSchema,
  totpSetupSchema,
  signInOptionsSchema,
  signOutSchema,
  type ConsoleSession,
  type PasskeyAdd,
  type PasskeyOptions,
  type PasskeySignIn,
  type PasswordChange,
  type SecondFactorDone,
  type SecondFactorInput,
  type SignIn,
  type TotpDisable,
} from '@lumenfield/contract';
import { hashKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';
import { call, withId } from '../common/api/request';

export const tokenListSchema = z.array(apiTokenSchema);

export const accountApi = {
  session: (signal?: AbortSignal) =>
    apiRequest('GET', consolePaths.session, { schema: sessionSchema, signal }),
  signIn: (body: SignIn) =>
    apiRequest('POST', consolePaths.session, { body, schema: signInAnswerSchema }),
  // The second step answers 401 for a wrong code: not a session that ended (no `call`).
  secondFactor: (body: SecondFactorInput) =>
    apiRequest('POST', consolePaths.secondFactor, { body, schema: secondFactorDoneSchema }),
  secondFactorPasskeyOptions: () =>
    apiRequest('POST', consolePaths.secondFactorPasskeyOptions, { schema: passkeyOptionsSchema }),
  secondFactorSetup: () =>
    apiRequest('POST', consolePaths.secondFactorSetup, { schema: totpSetupSchema }),
  secondFactors: (signal?: AbortSignal) =>
    call('GET', consolePaths.totp, { schema: secondFactorsSchema, signal }),
  setUpTotp: () => call('POST', consolePaths.totp, { schema: totpSetupSchema }),
  confirmTotp: (code: string) =>
    call('PUT', consolePaths.totp, { body: { code }, schema: recoveryCodesSchema }),
  disableTotp: (body: TotpDisable) => call<void>('DELETE', consolePaths.totp, { body }),
  newRecoveryCodes: (code: string) =>
    call('POST', consolePaths.recoveryCodes, { body: { code }, schema: recoveryCodesSchema }),
  /** Answers where to go next when the provider ends its own session too (single sign-on). */
  signOut: () => apiRequest('DELETE', consolePaths.session, { schema: signOutSchema.optional() }),
  signInOptions: (signal?: AbortSignal) =>
    apiRequest('GET', consolePaths.signInOptions, { schema: signInOptionsSchema, signal }),
  changePassword: (body: PasswordChange) =>
    call('PUT', consolePaths.password, { body, schema: sessionSchema }),
  tokens: (signal?: AbortSignal) =>
    call('GET', consolePaths.tokens, { schema: tokenListSchema, signal }),
  createToken: (name: string) =>
    call('POST', consolePaths.tokens, { body: { name }, schema: apiTokenCreatedSchema }),
  revokeToken: (id: number) => call<void>('DELETE', withId(consolePaths.token, id)),
  calendarFeed: (signal?: AbortSignal) =>
    call('GET', consolePaths.calendarFeed, { schema: calendarFeedSchema, signal }),
  createCalendarFeed: () =>
    call('POST', consolePaths.calendarFeed, { schema: calendarFeedCreatedSchema }),
  revokeCalendarFeed: () => call<void>('DELETE', consolePaths.calendarFeed),
  /** Your sessions, or (admins) another person's. */
  sessions: (userId: number | undefined, signal?: AbortSignal) =>
    call(
      'GET',
      userId === undefined ? consolePaths.sessions : withId(consolePaths.userSessions, userId),
      {
        schema: sessionListSchema,
        signal,
      },
    ),
  endSession: (userId: number | undefined, handle: string) =>
    call<void>(
      'DELETE',
      (userId === undefined
        ? consolePaths.sessionEnd
        : withId(consolePaths.userSession, userId)
      ).replace(':handle', encodeURIComponent(handle)),
    ),
  endAllSessions: (userId: number) =>
    call<unknown>('DELETE', withId(consolePaths.userSessions, userId)),
  /** Your passkeys, or (admins) another person's. */
  passkeys: (userId: number | undefined, signal?: AbortSignal) =>
    call(
      'GET',
      userId === undefined ? consolePaths.passkeys : withId(consolePaths.userPasskeys, userId),
      { schema: passkeyListSchema, signal },
    ),
  passkeyOptions: () => call('POST', consolePaths.passkeyOptions, { schema: passkeyOptionsSchema }),
  addPasskey: (body: PasskeyAdd) =>
    call('POST', consolePaths.passkeys, { body, schema: passkeySchema }),
  removePasskey: (userId: number | undefined, id: number) =>
    call<void>(
      'DELETE',
      userId === undefined
        ? withId(consolePaths.passkey, id)
        : withId(consolePaths.userPasskey, userId).replace(':passkeyId', String(id)),
    ),
  passkeySignInOptions: () =>
    apiRequest('POST', consolePaths.passkeySignInOptions, { schema: passkeyOptionsSchema }),
  signInWithPasskey: (body: PasskeySignIn) =>
    apiRequest('POST', consolePaths.passkeySignIn, { body, schema: sessionSchema }),
};

export const accountKeys = {
  session: ['account', 'session'] as const,
  signInOptions: ['account', 'sign-in-options'] as const,
  tokens: ['account', 'tokens'] as const,
  calendarFeed: ['account', 'calendar-feed'] as const,
  sessions: (userId: number | undefined) => ['account', 'sessions', userId ?? 'own'] as const,
  secondFactors: ['account', 'second-factors'] as const,
  passkeys: (userId: number | undefined) => ['account', 'passkeys', userId ?? 'own'] as const,
};

/** A person's sessions: yours without `userId`. */
export const sessionsQuery = (userId?: number) =>
  queryOptions({
    queryKey: accountKeys.sessions(userId),
    queryFn: ({ signal }) => accountApi.sessions(userId, signal),
  });

/** Ending one session (a handle) or, for an admin, all of a person's (no handle). */
export function useEndSessions(userId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handle: string | undefined) =>
      handle === undefined && userId !== undefined
        ? accountApi.endAllSessions(userId)
        : accountApi.endSession(userId, handle ?? ''),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions(userId) }),
  });
}

/** Who is signed in: the session, or null when nobody is (a 401). */
export const sessionQuery = queryOptions({
  queryKey: accountKeys.session,
  queryFn: ({ signal }): Promise<ConsoleSession | null> =>
    accountApi.session(signal).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }),
});

/** What the sign-in page offers: single sign-on's button, and whether passwords are for everyone. */
export const signInOptionsQuery = queryOptions({
  queryKey: accountKeys.signInOptions,
  queryFn: ({ signal }) => accountApi.signInOptions(signal),
  staleTime: 60_000,
});

export const tokensQuery = queryOptions({
  queryKey: accountKeys.tokens,
  queryFn: ({ signal }) => accountApi.tokens(signal),
});

export const calendarFeedQuery = queryOptions({
  queryKey: accountKeys.calendarFeed,
  queryFn: ({ signal }) => accountApi.calendarFeed(signal),
});

/** A change to the calendar feed: a new link (any earlier one stops working), or none. */
function useCalendarFeedChange<T>(change: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.calendarFeed }),
  });
}
export const useCreateCalendarFeed = () => useCalendarFeedChange(accountApi.createCalendarFeed);
export const useRevokeCalendarFeed = () => useCalendarFeedChange(accountApi.revokeCalendarFeed);

/**
 * Signing in: the session it answers is who is signed in from then on; a second step still to
 * come (docs/recruiters.md, "Two-step sign-in") leaves the console signed out.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.signIn,
    onSuccess: (answer) => {
      if (!isSecondStep(answer)) queryClient.setQueryData(sessionQuery.queryKey, answer);
    },
  });
}

/** The session a second step answered is who is signed in (after its recovery codes, if any). */
export function useSignedInBy() {
  const queryClient = useQueryClient();
  return ({ recoveryCodes: _codes, ...session }: SecondFactorDone) =>
    queryClient.setQueryData<ConsoleSession | null>(sessionQuery.queryKey, session);
}

/** The second step: a code from the app or a recovery code; the caller says when it is done. */
export function useSecondFactor() {
  return useMutation({ mutationFn: accountApi.secondFactor });
}

/** The second step with one of the person's passkeys; the caller says when it is done. */
export function usePasskeySecondStep() {
  return useMutation({
    mutationFn: async () =>
      accountApi.secondFactor({
        credential: await passkeyAnswer(await accountApi.secondFactorPasskeyOptions()),
      }),
  });
}

export const secondFactorsQuery = queryOptions({
  queryKey: accountKeys.secondFactors,
  queryFn: ({ signal }) => accountApi.secondFactors(signal),
});

/** A change to your own two-step sign-in: the state shown is loaded again after it. */
export function useSecondFactorChange<T, V>(change: (input: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.secondFactors }),
  });
}

/**
 * Signing out: whatever the answer, the page forgets the person and everything it loaded for
 * them (the server ends idle sessions).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.signOut,
    onSettled: () => {
      const session = hashKey(accountKeys.session);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== session });
      queryClient.setQueryData(sessionQuery.queryKey, null);
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: accountApi.changePassword });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.createToken,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}

/** Revoking: the row leaves the list at once, with the dialog, not when the list has reloaded. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => accountApi.revokeToken(id),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData(tokensQuery.queryKey, (tokens) =>
        tokens?.filter((token) => token.id !== id),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}

/** A person's passkeys: yours without `userId`. */
export const passkeysQuery = (userId?: number) =>
  queryOptions({
    queryKey: accountKeys.passkeys(userId),
    queryFn: ({ signal }) => accountApi.passkeys(userId, signal),
  });

/**
 * Adding a passkey: the server's options, the browser's own dialog (the device's PIN or
 * biometrics), then the answer with the name the person gave it. The WebAuthn library is loaded
 * only when it is used.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const { options } = await accountApi.passkeyOptions();
      const credential = await startRegistration({
        // The server library's own options, passed through as it made them.
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return accountApi.addPasskey({
        name,
        credential: {
          ...credential,
          clientExtensionResults: { ...credential.clientExtensionResults },
        },
      });
    },
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: accountKeys.passkeys(undefined) }),
  });
}

/** Removing one of your passkeys, or (admins) one of another person's. */
export function useRemovePasskey(userId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => accountApi.removePasskey(userId, id),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData(passkeysQuery(userId).queryKey, (list) =>
        list ? { passkeys: list.passkeys.filter((passkey) => passkey.id !== id) } : list,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.passkeys(userId) }),
  });
}

/**
 * A passkey's answer to `options` (the browser's own dialog: the device's PIN or biometrics), as
 * the server takes it. The WebAuthn library is loaded only when it is used.
 */
async function passkeyAnswer({ options }: PasskeyOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } };
}

/** Signing in with a passkey: any of this site's the device holds; no e-mail asked. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      accountApi.signInWithPasskey({
        credential: await passkeyAnswer(await accountApi.passkeySignInOptions()),
      }),
    onSuccess: (session) => queryClient.setQueryData(sessionQuery.queryKey, session),
  });
}

/**
 * What the browser's refusal of a passkey ceremony means to the person: cancelled or timed out,
 * this device already added, or a page address (an IP address) passkeys cannot be bound to.
 */
export function passkeyFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey dialog was closed or timed out. Try again when you are ready.';
  }
  if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
  if (name === 'SecurityError') {
    return 'Passkeys need the site’s name in the address bar, not an IP address.';
  }
  return fallback;
}

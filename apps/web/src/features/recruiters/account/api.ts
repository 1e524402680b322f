import {
  apiTokenCreatedSchema,
  apiTokenSchema,
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  consolePaths,
  sessionListSchema,
  sessionSchema,
  signInOptionsSchema,
  signOutSchema,
  type ConsoleSession,
  type PasswordChange,
  type SignIn,
} from '@lumenfield/contract';
import { hashKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';
import { call, withId } from '../common/api/request';

export const tokenListSchema = z.array(apiTokenSchema);

export const accountApi = {
  session: (signal?: AbortSignal) =>
    apiRequest('GET', consolePaths.session, { schema: sessionSchema, signal }),
  signIn: (body: SignIn) =>
    apiRequest('POST', consolePaths.session, { body, schema: sessionSchema }),
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
};

export const accountKeys = {
  session: ['account', 'session'] as const,
  signInOptions: ['account', 'sign-in-options'] as const,
  tokens: ['account', 'tokens'] as const,
  calendarFeed: ['account', 'calendar-feed'] as const,
  sessions: (userId: number | undefined) => ['account', 'sessions', userId ?? 'own'] as const,
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

/** Signing in: the session it answers is who is signed in from then on. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.signIn,
    onSuccess: (session) => queryClient.setQueryData(sessionQuery.queryKey, session),
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

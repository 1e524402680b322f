import {
  accountSettingsAnswerSchema,
  auditPageSchema,
  consolePaths,
  listedUserSchema,
  type AccountSettingsPatch,
  type AuditQuery,
  type UserCreate,
  type UserPatch,
} from '@lumenfield/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';

export const userListSchema = z.array(listedUserSchema);

export const usersApi = {
  users: (signal?: AbortSignal) =>
    call('GET', consolePaths.users, { schema: userListSchema, signal }),
  createUser: (body: UserCreate) => call<unknown>('POST', consolePaths.users, { body }),
  updateUser: (id: number, body: UserPatch) =>
    call<unknown>('PATCH', withId(consolePaths.user, id), { body }),
  resetSecondFactor: (id: number) =>
    call<void>('DELETE', withId(consolePaths.userSecondFactor, id)),
  accountSettings: (signal?: AbortSignal) =>
    call('GET', consolePaths.accountSettings, { schema: accountSettingsAnswerSchema, signal }),
  updateAccountSettings: (body: AccountSettingsPatch) =>
    call('PATCH', consolePaths.accountSettings, { body, schema: accountSettingsAnswerSchema }),
  audit: (query: AuditQuery, signal?: AbortSignal) =>
    call('GET', consolePaths.audit, { query: { ...query }, schema: auditPageSchema, signal }),
};

export const usersKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  accountSettings: ['users', 'account-settings'] as const,
  audit: (query: AuditQuery) => ['users', 'audit', query] as const,
};

export const usersQuery = queryOptions({
  queryKey: usersKeys.list,
  queryFn: ({ signal }) => usersApi.users(signal),
});

/** A page of the audit log; a new filter keeps the last page shown until its answer comes. */
export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: usersKeys.audit(query),
    queryFn: ({ signal }) => usersApi.audit(query, signal),
    placeholderData: keepPreviousData,
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.createUser,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

/**
 * A role, an account's access or a password: the row shows what the server took at once (its
 * role would otherwise read as before until the list reloads, and choosing it again ask
 * nothing), then the list is loaded again.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, patch }: { userId: number; patch: UserPatch }) =>
      usersApi.updateUser(userId, patch),
    onSuccess: (_answer, { userId, patch: { password: _password, ...shown } }) =>
      queryClient.setQueryData(usersQuery.queryKey, (users) =>
        users?.map((user) => (user.userId === userId ? { ...user, ...shown } : user)),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

/** The site-wide sign-in rules (admins). */
export const accountSettingsQuery = queryOptions({
  queryKey: usersKeys.accountSettings,
  queryFn: ({ signal }) => usersApi.accountSettings(signal),
});

/** A change of the sign-in rules: the answer is the rules as they now are. */
export function useUpdateAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.updateAccountSettings,
    onSuccess: (settings) => queryClient.setQueryData(accountSettingsQuery.queryKey, settings),
  });
}

/** Reset a person's two-step sign-in: the list shows it off once it is loaded again. */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.resetSecondFactor,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usersKeys.list }),
  });
}

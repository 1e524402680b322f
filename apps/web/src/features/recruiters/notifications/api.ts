import {
  applicationNoticesSchema,
  mentionableSchema,
  notificationPaths,
  notificationsPageSchema,
  type ApplicationNotices,
} from '@lumenfield/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { call, pathWithQuery, withId } from '../common/api/request';

/** How often the header asks for the unread count (and on every page opened). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsApi = {
  page: (before: number | undefined, signal?: AbortSignal) =>
    call('GET', pathWithQuery(notificationPaths.notifications, { before }), {
      schema: notificationsPageSchema,
      signal,
    }),
  /** Those named read; without ids, all of yours. */
  read: (notificationIds?: number[]) =>
    call('POST', notificationPaths.notificationsRead, {
      body: notificationIds ? { notificationIds } : {},
      schema: z.object({ unread: z.number().int() }),
    }),
  mentionable: (applicantId: number, signal?: AbortSignal) =>
    call('GET', withId(notificationPaths.mentionable, applicantId), {
      schema: mentionableSchema,
      signal,
    }),
  applicationNotices: (signal?: AbortSignal) =>
    call('GET', notificationPaths.applicationNotices, { schema: applicationNoticesSchema, signal }),
  setApplicationNotices: (notices: ApplicationNotices) =>
    call('PUT', notificationPaths.applicationNotices, {
      body: { notices },
      schema: applicationNoticesSchema,
    }),
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
  mentionable: (applicantId: number) => ['notifications', 'mentionable', applicantId] as const,
  applicationNotices: ['notifications', 'application-notices'] as const,
};

/** The header's badge: the first page's unread count, asked again every minute. */
export const unreadQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: async ({ signal }) => (await notificationsApi.page(undefined, signal)).unread,
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchOnWindowFocus: true,
});

/** The list, a page at a time (keyset: the next page is `before` the last id shown). */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam, signal }) => notificationsApi.page(pageParam, signal),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (last) => last.next ?? undefined,
  refetchInterval: NOTIFICATIONS_POLL_MS,
});

export const mentionableQuery = (applicantId: number) =>
  queryOptions({
    queryKey: notificationKeys.mentionable(applicantId),
    queryFn: ({ signal }) => notificationsApi.mentionable(applicantId, signal),
  });

export const applicationNoticesQuery = queryOptions({
  queryKey: notificationKeys.applicationNotices,
  queryFn: ({ signal }) => notificationsApi.applicationNotices(signal),
});

/** Marks read (some, or all); the list and the badge load again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationIds?: number[]) => notificationsApi.read(notificationIds),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(notificationKeys.unread, unread);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}

export function useSetApplicationNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notificationsApi.setApplicationNotices,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.applicationNotices, saved),
  });
}

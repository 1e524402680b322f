import { consolePaths, unmatchedReplyListSchema, unmatchedReplySchema } from '@lumenfield/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';

const assignedSchema = z.object({ replyId: z.number(), applicantId: z.number() });

export const conversationsApi = {
  unmatched: (signal?: AbortSignal) =>
    call('GET', consolePaths.unmatchedReplies, { schema: unmatchedReplyListSchema, signal }),
  unmatchedReply: (id: number, signal?: AbortSignal) =>
    call('GET', withId(consolePaths.unmatchedReply, id), { schema: unmatchedReplySchema, signal }),
  assign: ({ id, applicantId }: { id: number; applicantId: number }) =>
    call('POST', withId(consolePaths.unmatchedReplyAssign, id), {
      body: { applicantId },
      schema: assignedSchema,
    }),
  discard: (id: number) => call<unknown>('DELETE', withId(consolePaths.unmatchedReply, id)),
};

export const conversationsKeys = {
  unmatched: ['conversations', 'unmatched'] as const,
  unmatchedReply: (id: number) => ['conversations', 'unmatched', id] as const,
};

/** The replies no conversation claimed (admins). */
export const unmatchedQuery = queryOptions({
  queryKey: conversationsKeys.unmatched,
  queryFn: ({ signal }) => conversationsApi.unmatched(signal),
});

/** One unmatched reply with its text; reading it is audited, so only when opened. */
export const unmatchedReplyQuery = (id: number) =>
  queryOptions({
    queryKey: conversationsKeys.unmatchedReply(id),
    queryFn: ({ signal }) => conversationsApi.unmatchedReply(id, signal),
  });

/** Assigning or discarding takes it off the list: the list is loaded again either way. */
export function useAssignReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: conversationsApi.assign,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: conversationsKeys.unmatched }),
  });
}

export function useDiscardReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: conversationsApi.discard,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: conversationsKeys.unmatched }),
  });
}

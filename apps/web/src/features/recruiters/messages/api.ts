import {
  messagePaths,
  messagePreviewSchema,
  messageTemplateSchema,
  reasonRemovalSchema,
  rejectionReasonSchema,
  type MessageDraft,
  type MessageTemplateInput,
  type Rejection,
  type RejectionReasonPatch,
} from '@lumenfield/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, withId } from '../common/api/request';
import { applicantsKeys } from '../applicants/api';

export const templateListSchema = z.array(messageTemplateSchema);
export const reasonListSchema = z.array(rejectionReasonSchema);

export const messagesApi = {
  /** Messages to candidates (docs/recruiters.md): templates and reasons, admins change them. */
  templates: (signal?: AbortSignal) =>
    call('GET', messagePaths.templates, { schema: templateListSchema, signal }),
  createTemplate: (body: MessageTemplateInput) =>
    call('POST', messagePaths.templates, { body, schema: messageTemplateSchema }),
  updateTemplate: (id: number, body: MessageTemplateInput) =>
    call('PUT', withId(messagePaths.template, id), { body, schema: messageTemplateSchema }),
  deleteTemplate: (id: number) => call<void>('DELETE', withId(messagePaths.template, id)),
  reasons: (signal?: AbortSignal) =>
    call('GET', messagePaths.reasons, { schema: reasonListSchema, signal }),
  createReason: (label: string) =>
    call('POST', messagePaths.reasons, { body: { label }, schema: rejectionReasonSchema }),
  updateReason: (id: number, body: RejectionReasonPatch) =>
    call('PATCH', withId(messagePaths.reason, id), { body, schema: rejectionReasonSchema }),
  /** Deleted, or retired when applicants were rejected with it. */
  removeReason: (id: number) =>
    call('DELETE', withId(messagePaths.reason, id), { schema: reasonRemovalSchema }),
  previewMessage: (applicantId: number, body: MessageDraft) =>
    call('POST', withId(messagePaths.preview, applicantId), {
      body,
      schema: messagePreviewSchema,
    }),
  sendMessage: (applicantId: number, body: MessageDraft) =>
    call<unknown>('POST', withId(messagePaths.messages, applicantId), { body }),
  reject: (applicantId: number, body: Rejection) =>
    call<void>('POST', withId(messagePaths.rejection, applicantId), { body }),
};

export const messagesKeys = {
  templates: ['messages', 'templates'] as const,
  reasons: ['messages', 'reasons'] as const,
};

/** The admins' templates: the Messages page, and every select that offers one. */
export const templatesQuery = queryOptions({
  queryKey: messagesKeys.templates,
  queryFn: ({ signal }) => messagesApi.templates(signal),
});

export const reasonsQuery = queryOptions({
  queryKey: messagesKeys.reasons,
  queryFn: ({ signal }) => messagesApi.reasons(signal),
});

/** A change to a list (`key`): said at once, and the list loaded again, failed or not. */
function useListChange<T, V>(key: readonly string[], mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveTemplate = () =>
  useListChange(
    messagesKeys.templates,
    ({ id, body }: { id?: number; body: MessageTemplateInput }) =>
      id === undefined ? messagesApi.createTemplate(body) : messagesApi.updateTemplate(id, body),
  );
export const useDeleteTemplate = () =>
  useListChange(messagesKeys.templates, messagesApi.deleteTemplate);
export const useCreateReason = () => useListChange(messagesKeys.reasons, messagesApi.createReason);
/** Retiring, offering again or removing a reason. */
export const useChangeReason = () =>
  useListChange(
    messagesKeys.reasons,
    (change: { id: number; retired?: boolean }): Promise<unknown> =>
      change.retired === undefined
        ? messagesApi.removeReason(change.id)
        : messagesApi.updateReason(change.id, { retired: change.retired }),
  );

/** The message as the applicant will read it: asks the server, changes nothing. */
export function usePreviewMessage() {
  return useMutation({
    mutationFn: ({ applicantId, draft }: { applicantId: number; draft: MessageDraft }) =>
      messagesApi.previewMessage(applicantId, draft),
  });
}

/** Sending a message or rejecting: the applicant's page is loaded again to show it. */
function useApplicantChange<V extends { applicantId: number }>(
  mutationFn: (variables: V) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_answer, _error, { applicantId }) =>
      void queryClient.invalidateQueries({ queryKey: applicantsKeys.applicant(applicantId) }),
  });
}

export const useSendMessage = () =>
  useApplicantChange(({ applicantId, draft }: { applicantId: number; draft: MessageDraft }) =>
    messagesApi.sendMessage(applicantId, draft),
  );
export const useReject = () =>
  useApplicantChange(({ applicantId, rejection }: { applicantId: number; rejection: Rejection }) =>
    messagesApi.reject(applicantId, rejection),
  );

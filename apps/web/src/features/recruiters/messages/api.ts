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
import { z } from 'zod';
import { call, withId } from '../shared/api/request';

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

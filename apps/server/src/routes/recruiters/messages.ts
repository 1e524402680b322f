import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobParamsSchema,
  messageDraftSchema,
  messagePaths,
  messagePreviewSchema,
  messageTemplateInputSchema,
  messageTemplateSchema,
  PIPELINE_ROLES,
  reasonRemovalSchema,
  rejectionReasonInputSchema,
  rejectionReasonPatchSchema,
  rejectionReasonSchema,
  rejectionSchema,
} from '@lumenfield/contract';
import type { Config } from '../../config';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { checkPlaceholders } from '../../domains/pipeline/message-changes';
import { mailOrigin } from '../../plugins/public-origin';
import { reachOf } from '../../domains/team/reach';
import { consoleProblems, signedIn } from './console-user';

const admins = { access: 'session', roles: ['admin'] } as const;
const staff = { access: 'session' } as const;
/**
 * A hiring manager decides on their openings' applicants (docs/recruiters.md, "The hiring
 * team"): a rejection with a reason and its mail from a template, as the staff make it, within
 * their reach. The lists to choose from and the mail's preview come with it; writing a message
 * of their own does not.
 */
const deciders = { access: 'session', roles: PIPELINE_ROLES } as const;
const tags = ['console'];

/** A template's text as stored: control characters out (line breaks kept in the body). */
const templateText = (input: z.infer<typeof messageTemplateInputSchema>) => ({
  name: clean(input.name),
  subject: clean(input.subject),
  body: clean(input.body, true),
});

/**
 * Messages to candidates (docs/recruiters.md): the admins' templates and rejection reasons, which
 * recruiters and hiring managers read; a template or a written message to an applicant; a
 * rejection with a reason.
 */
export const consoleMessagesRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const { repos } = app;
  const origin = mailOrigin(config);

  app.get(
    messagePaths.templates,
    {
      config: deciders,
      schema: {
        summary: 'Every message template, by name',
        tags,
        response: { 200: z.array(messageTemplateSchema), ...consoleProblems() },
      },
    },
    () => repos.messages.templates(),
  );

  app.post(
    messagePaths.templates,
    {
      config: admins,
      schema: {
        summary: 'Add a template (an unknown placeholder: 400 naming it and its field)',
        tags,
        body: messageTemplateInputSchema,
        response: { 201: messageTemplateSchema, ...consoleProblems() },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const input = templateText(request.body);
      checkPlaceholders({ subject: input.subject, body: input.body });
      return reply.code(201).send(await repos.messages.createTemplate(input, user.id, app.now()));
    },
  );

  app.put(
    messagePaths.template,
    {
      config: admins,
      schema: {
        summary: "Change a template's name, subject and body",
        tags,
        params: adminJobParamsSchema,
        body: messageTemplateInputSchema,
        response: { 200: messageTemplateSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const input = templateText(request.body);
      checkPlaceholders({ subject: input.subject, body: input.body });
      return repos.messages.updateTemplate(request.params.id, input, user.id, app.now());
    },
  );

  app.delete(
    messagePaths.template,
    {
      config: admins,
      schema: {
        summary: 'Delete a template (messages sent from it keep their text)',
        tags,
        params: adminJobParamsSchema,
        response: { 204: z.null(), ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      await repos.messages.deleteTemplate(request.params.id, user.id, app.now());
      return reply.code(204).send(null);
    },
  );

  app.get(
    messagePaths.reasons,
    {
      config: deciders,
      schema: {
        summary: 'Every rejection reason, retired ones too',
        tags,
        response: { 200: z.array(rejectionReasonSchema), ...consoleProblems() },
      },
    },
    () => repos.messages.reasons(),
  );

  app.post(
    messagePaths.reasons,
    {
      config: admins,
      schema: {
        summary: 'Add a rejection reason',
        tags,
        body: rejectionReasonInputSchema,
        response: { 201: rejectionReasonSchema, ...consoleProblems() },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const reason = await repos.messages.createReason(
        clean(request.body.label),
        user.id,
        app.now(),
      );
      return reply.code(201).send(reason);
    },
  );

  app.patch(
    messagePaths.reason,
    {
      config: admins,
      schema: {
        summary: 'Rename a reason, retire it or bring it back',
        tags,
        params: adminJobParamsSchema,
        body: rejectionReasonPatchSchema,
        response: { 200: rejectionReasonSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { label, retired } = request.body;
      return repos.messages.updateReason(
        request.params.id,
        { label: label === undefined ? undefined : clean(label), retired },
        user.id,
        app.now(),
      );
    },
  );

  app.delete(
    messagePaths.reason,
    {
      config: admins,
      schema: {
        summary: 'Remove a reason: deleted, or retired when applicants were rejected with it',
        tags,
        params: adminJobParamsSchema,
        response: { 200: reasonRemovalSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { outcome: await repos.messages.removeReason(request.params.id, user.id, app.now()) };
    },
  );

  app.post(
    messagePaths.preview,
    {
      config: deciders,
      schema: {
        summary: 'What a template or a written message would say to this applicant (not sent)',
        tags,
        params: adminJobParamsSchema,
        body: messageDraftSchema,
        response: { 200: messagePreviewSchema, ...consoleProblems(404) },
      },
    },
    (request) =>
      repos.pipeline.preview(request.params.id, request.body, reachOf(signedIn(request).user)),
  );

  app.post(
    messagePaths.messages,
    {
      config: staff,
      schema: {
        summary: 'Send the applicant a template or a written message (queued with its audit row)',
        tags,
        params: adminJobParamsSchema,
        body: messageDraftSchema,
        response: { 201: z.object({ messageId: z.number().int() }), ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const draft =
        'templateId' in request.body
          ? request.body
          : { subject: clean(request.body.subject), body: clean(request.body.body, true) };
      const messageId = await repos.pipeline.sendMessage(
        request.params.id,
        draft,
        user.id,
        app.now(),
        origin,
      );
      return reply.code(201).send({ messageId });
    },
  );

  app.post(
    messagePaths.rejection,
    {
      config: deciders,
      schema: {
        summary: 'Reject the applicant with a reason and, if chosen, a rejection mail',
        tags,
        params: adminJobParamsSchema,
        body: rejectionSchema,
        response: { 204: z.null(), ...consoleProblems(404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      await repos.pipeline.reject(request.params.id, request.body, user.id, app.now(), origin, {
        reach: reachOf(user),
      });
      return reply.code(204).send(null);
    },
  );
};

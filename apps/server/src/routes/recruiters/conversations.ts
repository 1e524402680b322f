import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PIPELINE_ROLES,
  UNMATCHED_REPLY_DAYS,
  consolePaths,
  unmatchedReplyAssignSchema,
  unmatchedReplyListSchema,
  unmatchedReplySchema,
} from '@lumenfield/contract';
import { attachmentDisposition } from '../../lib/content-disposition';
import { HttpProblem } from '../../lib/http-problem';
import { reachOf } from '../../domains/team/reach';
import { consoleProblems, linkKey, signedIn } from './console-user';

const replyParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number),
});

/**
 * Conversations in the console (docs/recruiters.md, "Conversations"): a reply's files, each a
 * link bound to the session as the resume's is, reach-checked and audited; and the admins'
 * list of replies no conversation claimed, read, put on a timeline or discarded.
 */
export const consoleConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const admins = { access: 'session', roles: ['admin'] } as const;
  const noReply = (id: number) =>
    new HttpProblem(404, `There is no unmatched reply with id ${id}.`);

  app.get(
    consolePaths.replyAttachment,
    {
      // Replies go with the messages: the applicant's workers, not their interviewers.
      config: { access: 'session-link', roles: PIPELINE_ROLES },
      schema: {
        summary: "A file that came with a candidate's reply, for this session only",
        tags: ['console'],
        params: z.object({ guid: z.uuid() }),
        querystring: z.object({ sig: z.string().max(100) }),
        response: { 200: z.unknown().describe('The stored bytes'), ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const context = signedIn(request);
      const { guid } = request.params;
      const missing = new HttpProblem(404, 'There is no such file.');
      if (!app.consoleSessions.verifyResumeSignature(linkKey(context), guid, request.query.sig)) {
        throw missing;
      }
      const file = await repos.replies.file(guid);
      if (!file) throw missing;
      if (!(await repos.team.reachesApplicant(reachOf(context.user), file.applicantId))) {
        throw missing;
      }
      await repos.audit.record(
        {
          actor: { userId: context.user.id },
          action: 'reply-attachment-download',
          target: `applicant ${file.applicantId}`,
        },
        app.now(),
      );
      return (
        reply
          .header('Content-Type', file.mimeType)
          .header('Content-Disposition', attachmentDisposition(file.originalName))
          .header('Content-Length', file.content.length)
          .header('X-Content-Type-Options', 'nosniff')
          // Whatever a candidate sent runs nothing here: no script, no origin of its own.
          .header('Content-Security-Policy', "sandbox; default-src 'none'")
          .header('Cross-Origin-Resource-Policy', 'same-origin')
          .send(file.content)
      );
    },
  );

  app.get(
    consolePaths.unmatchedReplies,
    {
      config: admins,
      schema: {
        summary: 'Replies no conversation claimed, newest first (admins)',
        tags: ['console'],
        response: { 200: unmatchedReplyListSchema, ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const items = await repos.unmatchedReplies.list({ userId: user.id }, app.now());
      return { items, keptDays: UNMATCHED_REPLY_DAYS };
    },
  );

  app.get(
    consolePaths.unmatchedReply,
    {
      config: admins,
      schema: {
        summary: 'One unmatched reply, to read (admins)',
        tags: ['console'],
        params: replyParams,
        response: { 200: unmatchedReplySchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      const found = await repos.unmatchedReplies.read(id, { userId: user.id }, app.now());
      if (!found) throw noReply(id);
      return found;
    },
  );

  app.post(
    consolePaths.unmatchedReplyAssign,
    {
      config: admins,
      schema: {
        summary: "Put an unmatched reply on an applicant's timeline (admins)",
        tags: ['console'],
        params: replyParams,
        body: unmatchedReplyAssignSchema,
        response: {
          200: z.object({ replyId: z.number().int(), applicantId: z.number().int() }),
          ...consoleProblems(404),
        },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      const { applicantId } = request.body;
      const outcome = await repos.unmatchedReplies.assign(
        id,
        applicantId,
        { userId: user.id },
        app.now(),
      );
      if (outcome === 'no-reply') throw noReply(id);
      if (outcome === 'no-applicant') {
        throw new HttpProblem(404, `There is no applicant with id ${applicantId}.`);
      }
      return { replyId: outcome.replyId, applicantId };
    },
  );

  app.delete(
    consolePaths.unmatchedReply,
    {
      config: admins,
      schema: {
        summary: 'Discard an unmatched reply for good (admins)',
        tags: ['console'],
        params: replyParams,
        response: { 204: z.null(), ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      if (!(await repos.unmatchedReplies.discard(id, { userId: user.id }, app.now()))) {
        throw noReply(id);
      }
      return reply.code(204).send(null);
    },
  );
};

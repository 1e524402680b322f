import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditActionSchema,
  auditPageSchema,
  auditQuerySchema,
  consolePaths,
  dayEnd,
  dayStart,
  PAGE_SIZE,
} from '@lumenfield/contract';
import { consoleProblems } from './console-user';

/** The audit log, for admins: newest first, filtered, paged (docs/recruiters.md). */
export const consoleAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  app.get(
    consolePaths.audit,
    {
      config: { access: 'session', roles: ['admin'] },
      schema: {
        summary: 'The audit log',
        tags: ['console'],
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          ...consoleProblems(),
        },
      },
    },
    async (request) => {
      const { page = 1, action, actor, from, to } = request.query;
      const current = Math.max(1, page);
      const { items, total } = await repos.audit.list(
        {
          action,
          actor,
          from: from ? dayStart(from) : undefined,
          to: to ? dayEnd(to) : undefined,
        },
        current,
        PAGE_SIZE,
      );
      const linked = await repos.audit.existingTargets(items.map((row) => row.target));
      return {
        items: items.map((row) => ({
          auditId: row.id,
          at: row.at,
          actor: row.actor,
          actorEmail: row.actorEmail,
          action: auditActionSchema.catch('token-call').parse(row.action),
          target: row.target,
          linked: row.target !== null && linked.has(row.target),
          detail: row.detail,
        })),
        total,
        page: current,
        pageSize: PAGE_SIZE,
      };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobParamsSchema,
  ALL_ROLES,
  applicationNoticesSchema,
  mentionableSchema,
  notificationPaths,
  notificationsPageSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  PIPELINE_ROLES,
} from '@lumenfield/contract';
import { HttpProblem } from '../../lib/http-problem';
import { reachOf } from '../../domains/team/reach';
import { consoleProblems, signedIn } from './console-user';

// Everyone's own: a person reads and marks only their own notifications, from a signed-in
// browser (the console's page), never a token.
const own = { access: 'session', sessionOnly: true, roles: ALL_ROLES } as const;
// Those who write notes: who a note may mention.
const noteWriters = { access: 'session', roles: PIPELINE_ROLES } as const;
const tags = ['console'];

/**
 * Notifications (docs/recruiters.md, "Notifications and mentions"): your own list with the
 * unread count, marking read, who a note may mention, and how you hear of new applications.
 */
export const consoleNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.get(
    notificationPaths.notifications,
    {
      config: own,
      schema: {
        summary: 'Your notifications, newest first, within your reach, and how many are unread',
        tags,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return repos.notifications.page(user.id, reachOf(user), request.query.before);
    },
  );

  app.post(
    notificationPaths.notificationsRead,
    {
      config: own,
      schema: {
        summary: 'Mark your notifications read: those named, or all of them',
        tags,
        body: notificationsReadSchema,
        response: { 200: z.object({ unread: z.number().int() }), ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      await repos.notifications.markRead(user.id, request.body.notificationIds, app.now());
      return { unread: (await repos.notifications.page(user.id, reachOf(user))).unread };
    },
  );

  app.get(
    notificationPaths.mentionable,
    {
      config: noteWriters,
      schema: {
        summary: 'The colleagues a note on this applicant may mention: those who reach it',
        tags,
        params: adminJobParamsSchema,
        response: { 200: mentionableSchema, ...consoleProblems(404) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id } = request.params;
      if (!(await repos.team.reachesApplicant(reachOf(user), id))) {
        throw new HttpProblem(404, `There is no applicant ${id}.`);
      }
      const people = await repos.notifications.mentionable(id);
      return { people: people.filter((person) => person.userId !== user.id) };
    },
  );

  app.get(
    notificationPaths.applicationNotices,
    {
      config: own,
      schema: {
        summary: 'How you hear of new applications to openings naming your address',
        tags,
        response: { 200: applicationNoticesSchema, ...consoleProblems() },
      },
    },
    async (request) => ({
      notices: await repos.applicationNotices.of(signedIn(request).user.id),
    }),
  );

  app.put(
    notificationPaths.applicationNotices,
    {
      config: own,
      schema: {
        summary: 'Instant notices (a mail per application) or one digest a day',
        tags,
        body: applicationNoticesSchema,
        response: { 200: applicationNoticesSchema, ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      await repos.applicationNotices.set(user.id, request.body.notices);
      return { notices: request.body.notices };
    },
  );
};

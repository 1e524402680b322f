import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALL_ROLES,
  API_BASE_PATH,
  CALENDAR_FEED_PATH,
  calendarFeedCreatedSchema,
  calendarFeedPath,
  calendarFeedSchema,
  consolePaths,
} from '@lumenfield/contract';
import type { Config } from '../../config';
import { HttpProblem } from '../../lib/http-problem';
import { mailOrigin } from '../../plugins/public-origin';
import { consoleProblems, signedIn } from './console-user';

const answers = consoleProblems();

/**
 * A person's private calendar feed (docs/recruiters.md, "Calendar feed"): made, shown and
 * revoked in Your account by a signed-in browser (every role), and the feed itself, which a
 * calendar program fetches with the link's token alone.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const { repos } = app;
  const access = { access: 'session', sessionOnly: true, roles: ALL_ROLES } as const;
  // The link names the site's configured origin, never the request's host (docs/security.md).
  const origin = mailOrigin(config);
  const setting = { mailFrom: config.mailFrom, origin };

  app.get(
    consolePaths.calendarFeed,
    {
      config: access,
      schema: {
        summary: 'Whether you have a calendar feed, and since when (never its link)',
        tags: ['console'],
        response: { 200: calendarFeedSchema, ...answers },
      },
    },
    async (request) => repos.calendarFeeds.status(signedIn(request).user.id),
  );

  app.post(
    consolePaths.calendarFeed,
    {
      config: access,
      schema: {
        summary: 'A new calendar feed link, shown this once; any earlier link stops working',
        tags: ['console'],
        response: { 201: calendarFeedCreatedSchema, ...answers },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { token, createdAt } = await repos.calendarFeeds.create(user.id, app.now());
      const url = `${origin}${API_BASE_PATH}${calendarFeedPath(token)}`;
      reply.code(201);
      return { createdAt, url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
    },
  );

  app.delete(
    consolePaths.calendarFeed,
    {
      config: access,
      schema: {
        summary: 'Revoke your calendar feed: its link stops working at once',
        tags: ['console'],
        response: { 204: z.null(), ...answers },
      },
    },
    async (request, reply) => {
      await repos.calendarFeeds.revoke(signedIn(request).user.id, app.now());
      return reply.code(204).send(null);
    },
  );

  // The token is the key: no session, no page headers, rate-limited as every /api call. The
  // token is a path segment of its own, which the log's URL redaction replaces (logging.ts).
  app.get(
    CALENDAR_FEED_PATH,
    {
      config: { access: 'open' },
      schema: {
        summary: 'A private calendar feed (text/calendar); 404 for a wrong or revoked token',
        tags: ['console'],
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const feed = await repos.calendarFeeds.feed(request.params.token, app.now(), setting);
      if (feed === undefined) throw new HttpProblem(404, 'There is no such calendar feed.');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="interviews.ics"')
        .send(feed);
    },
  );
};

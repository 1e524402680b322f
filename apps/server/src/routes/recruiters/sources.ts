import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobParamsSchema,
  createdLinkSchema,
  newSourceSchema,
  sourcePaths,
  sourcesOverviewSchema,
  trackingLinkInputSchema,
  trackingLinkPatchSchema,
} from '@lumenfield/contract';
import { stripControlCharacters as clean } from '../../lib/control-characters';
import { consoleProblems, signedIn } from './console-user';

const admins = { access: 'session', roles: ['admin'] } as const;
const staff = { access: 'session' } as const;
const tags = ['console'];

/**
 * Sources (docs/recruiters.md, "Sources"): admins name sources; admins and recruiters make
 * tracking links for them and turn links on or off. Each change is audited in its transaction.
 */
export const consoleSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;

  app.get(
    sourcePaths.sources,
    {
      config: staff,
      schema: {
        summary: 'Every source with its tracking links and applicants credited',
        tags,
        response: { 200: sourcesOverviewSchema, ...consoleProblems() },
      },
    },
    async () => ({
      sources: await repos.sources.list(),
      creditedNames: await repos.sources.creditedNames(),
    }),
  );

  app.post(
    sourcePaths.sources,
    {
      config: admins,
      schema: {
        summary: 'Add a source (a referral may name the colleague credited)',
        tags,
        body: newSourceSchema,
        response: { 201: z.object({ id: z.number().int() }), ...consoleProblems() },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const input = { ...request.body, name: clean(request.body.name).trim() };
      const id = await repos.sources.createSource(input, user.id, app.now());
      return reply.code(201).send({ id });
    },
  );

  app.delete(
    sourcePaths.source,
    {
      config: admins,
      schema: {
        summary: 'Delete a source: its links still land, crediting nothing',
        tags,
        params: adminJobParamsSchema,
        response: { 204: z.null(), ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      await repos.sources.deleteSource(request.params.id, user.id, app.now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    sourcePaths.links,
    {
      config: staff,
      schema: {
        summary: 'Make a tracking link /r/<token> for a source, optionally for one opening',
        tags,
        params: adminJobParamsSchema,
        body: trackingLinkInputSchema,
        response: { 201: createdLinkSchema, ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const link = await repos.sources.createLink(
        { sourceId: request.params.id, jobId: request.body.jobId ?? null },
        user.id,
        app.now(),
      );
      return reply.code(201).send(link);
    },
  );

  app.patch(
    sourcePaths.link,
    {
      config: staff,
      schema: {
        summary: 'Turn a tracking link on or off (off: it lands, crediting nothing)',
        tags,
        params: adminJobParamsSchema,
        body: trackingLinkPatchSchema,
        response: { 204: z.null(), ...consoleProblems(404) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      await repos.sources.setLinkActive(request.params.id, request.body.active, user.id, app.now());
      return reply.code(204).send(null);
    },
  );
};

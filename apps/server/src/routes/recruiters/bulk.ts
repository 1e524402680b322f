import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminJobParamsSchema,
  applicantIdsSchema,
  applicantsQuerySchema,
  BULK_LIMIT,
  bulkActionSchema,
  bulkResultSchema,
  bulkUndoResultSchema,
  consolePaths,
} from '@lumenfield/contract';
import type { Config } from '../../config';
import { listingAudit } from '../../domains/applications/recruiter-reads';
import { pipelineFilterOf } from '../../domains/pipeline/pipeline-repository';
import { reachOf } from '../../domains/team/reach';
import { mailOrigin } from '../../plugins/public-origin';
import { consoleProblems, signedIn } from './console-user';

const staff = { access: 'session' } as const;
const tags = ['console'];

/**
 * Bulk actions on the applicants list (docs/recruiters.md, "Bulk actions"): the ids a filter
 * matches, a move or rejection of up to BULK_LIMIT applicants, and its undo.
 */
export const consoleBulkRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const { repos } = app;
  const origin = mailOrigin(config);

  app.get(
    consolePaths.applicantIds,
    {
      config: staff,
      schema: {
        summary: `The ids and stages of the applicants a filter matches (the first ${BULK_LIMIT})`,
        tags,
        querystring: applicantsQuerySchema,
        response: { 200: applicantIdsSchema, ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const filter = pipelineFilterOf(request.query, reachOf(user));
      const found = await repos.pipeline.ids(filter, BULK_LIMIT);
      if (found.items.length > 0) {
        const entry = listingAudit(
          { userId: user.id },
          'applicants-list',
          found.items.length,
          filter,
        );
        await repos.audit.record(entry, app.now());
      }
      return found;
    },
  );

  app.post(
    consolePaths.applicantsBulk,
    {
      config: staff,
      schema: {
        summary:
          'Move or reject up to 500 applicants; answers who changed and who was skipped, why',
        tags,
        body: bulkActionSchema,
        response: { 200: bulkResultSchema, ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return repos.pipeline.bulk(request.body, user.id, () => app.now(), origin);
    },
  );

  app.post(
    consolePaths.applicantsBulkUndo,
    {
      config: staff,
      schema: {
        summary: 'Undo a bulk action of your own within 10 seconds',
        tags,
        params: adminJobParamsSchema,
        response: { 200: bulkUndoResultSchema, ...consoleProblems(404, 409) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return repos.pipeline.undo(request.params.id, user.id, app.now());
    },
  );
};

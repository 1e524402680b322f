import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPLY_API_PATH,
  CLOSED_OPENING_MESSAGE,
  MAX_RESUME_MB,
  applicationAcceptedSchema,
} from '@lumenfield/contract';
import type { Config } from '../config';
import type { DbHandle } from '../db/create-db';
import { acceptedAnswer } from '../domains/applications/accepted-answer';
import { HttpProblem } from '../lib/http-problem';
import {
  applicationRouteOptions,
  readsApplications,
  judgeApplicationForm,
  readApplicationForm,
} from './application-parts';
import { problemResponses } from './problem-responses';

/**
 * POST /api/openings/:id/applications: the apply dialog's application as multipart/form-data
 * (docs/api.md), read by the same streamed path as the form without scripts
 * (routes/application-parts.ts) and answered in the house's names: 201 (200 for a repeat of a
 * stored one) with `{ applicantId, message }`, or problem details whose `errors` name each field
 * as the form does (`firstName`, `countryId`, `answers.<key>`, `locationIndex`, `resume`).
 * Behind the /api guard (the fixed header and the XSRF echo, checked before the body).
 */
export const applicationsApiRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: DbHandle;
}> = async (app, { config, database }) => {
  const decoders = await readsApplications(app);

  app.post(
    APPLY_API_PATH,
    {
      ...applicationRouteOptions(app, { config, database }, 'public'),
      schema: {
        summary: `Apply to an opening as multipart/form-data, with a resume (PDF, DOC or DOCX, at most ${MAX_RESUME_MB} MB)`,
        tags: ['careers'],
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.coerce.number().int().positive().max(999_999_999) }),
        response: {
          200: applicationAcceptedSchema,
          201: applicationAcceptedSchema,
          ...problemResponses(400, 404, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpProblem(415, 'The application must be sent as multipart/form-data.');
      }
      const job = await app.repos.jobs.findVisible(request.params.id, new Date());
      if (!job) throw new HttpProblem(404, CLOSED_OPENING_MESSAGE);
      const form = await readApplicationForm(request, job, { decoders });
      const result = await judgeApplicationForm(app, config, request, job, form);
      if (!result.accepted) {
        const { errors } = result;
        throw new HttpProblem(400, errors[0]?.message ?? 'The application is invalid.', errors);
      }
      request.log.info(
        { applicantId: result.applicantId, jobId: job.id, bytes: result.resumeBytes, form: 'api' },
        result.duplicate ? 'duplicate application: answered the stored one' : 'application stored',
      );
      const answer = await acceptedAnswer(result, job.id, {
        repos: app.repos,
        config,
        now: app.now(),
        log: request.log,
      });
      return reply.code(answer.status).send(answer.body);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SELF_ID_API_PATH,
  selfIdCopy,
  selfIdReceivedSchema,
  selfIdSubmitSchema,
} from '@lumenfield/contract';
import type { Config } from '../config';
import { HttpProblem } from '../lib/http-problem';
import { problemResponses } from './problem-responses';

/**
 * POST /api/self-identification (docs/api.md): a candidate's voluntary self-identification,
 * with the one-time token their application's answer carried. A public write: the fixed header
 * and the XSRF echo, as SaveApplicantDetail. Registered only with `SELF_ID=us`; otherwise the
 * path is unknown (404).
 */
export const selfIdRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  if (config.selfId !== 'us') return;
  app.post(
    SELF_ID_API_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Voluntary self-identification after applying (kept apart from the application)',
        tags: ['careers'],
        body: selfIdSubmitSchema,
        response: {
          201: selfIdReceivedSchema,
          ...problemResponses(400, 410),
        },
      },
    },
    async (request, reply) => {
      const { token, answers } = request.body;
      const result = await app.repos.selfId.submit(token, answers, app.now());
      // Unknown, used, expired: one answer, so a guess learns nothing about which.
      if (result === 'refused') throw new HttpProblem(410, selfIdCopy.expired);
      request.log.info('self-identification stored');
      return reply.code(201).send({ message: selfIdCopy.thanks });
    },
  );
};

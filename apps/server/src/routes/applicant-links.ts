import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLICATION_LINKS_API_PATH,
  applicantPageCopy as copy,
  applicationLinksAcceptedSchema,
  applicationLinksRequestSchema,
  isLinksEmail,
} from '@lumenfield/contract';
import { HttpProblem } from '../lib/http-problem';
import { linkRequestThrottle } from './applicant-link-throttle';
import { problemResponses } from './problem-responses';

/**
 * POST /api/applications/links (docs/api.md): mails the status links of every application of an
 * address. A public write (the fixed header, the XSRF echo). The answer is 202 and the same
 * sentence for every valid address, known or not: the request is queued and looked up after
 * the answer (plugins/applicant-links.ts), so neither the answer nor its time can tell.
 */
export const applicantLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = linkRequestThrottle(app);
  app.post(
    APPLICATION_LINKS_API_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: "Mail the links to an address's applications again (same answer for any address)",
        tags: ['careers'],
        body: applicationLinksRequestSchema,
        response: {
          202: applicationLinksAcceptedSchema,
          ...problemResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const email = request.body.Email;
      if (!isLinksEmail(email)) {
        throw new HttpProblem(400, copy.badEmail, [{ field: 'Email', message: copy.badEmail }]);
      }
      if (!(await throttle(request, email))) {
        throw new HttpProblem(429, copy.tooMany, undefined, { 'Retry-After': '3600' });
      }
      return reply.code(202).send({ Message: copy.linksSent });
    },
  );
};

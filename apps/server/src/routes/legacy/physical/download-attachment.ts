import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, downloadAttachmentQuerySchema } from '@lumenfield/contract';
import { attachmentDisposition } from '../../../lib/content-disposition';
import { HttpProblem } from '../../../lib/http-problem';
import type { Repositories } from '../../../domains';
import { problemResponses } from '../../problem-responses';

/** GET /Physical/DownloadAttachment: a stored resume, for recruiters only (docs/api.md). */
export const downloadAttachmentRoutes: FastifyPluginAsyncZod<{ repos: Repositories }> = async (
  app,
  { repos },
) => {
  app.get(
    apiPaths.downloadAttachment,
    {
      config: { access: 'bearer' },
      schema: {
        summary: "Download an applicant's resume (recruiters: Authorization: Bearer)",
        tags: ['recruiters'],
        querystring: downloadAttachmentQuerySchema,
        response: {
          200: z.unknown().describe('The stored bytes, with their detected Content-Type'),
          ...problemResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const attachment = await repos.applicants.findAttachment(request.query.AttachmentGuid);
      const applicantId =
        attachment && (await repos.pipeline.applicantOfAttachment(request.query.AttachmentGuid));
      if (!attachment || applicantId === undefined) {
        throw new HttpProblem(404, 'There is no such attachment.');
      }
      await repos.audit.record(
        {
          actor: { label: app.tokenActor },
          action: 'resume-download',
          target: `applicant ${applicantId}`,
        },
        app.now(),
      );
      return reply
        .header('Content-Type', attachment.mimeType)
        .header('Content-Disposition', attachmentDisposition(attachment.originalName))
        .header('Content-Length', attachment.content.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(attachment.content);
    },
  );
};

import type { FastifyInstance } from 'fastify';
import { jobPath, routes } from '@lumenfield/routes';

const CAREERS_PATH = routes.careers.path;

/**
 * GET /r/<token> (docs/recruiters.md, "Sources"): a tracking link lands on its opening's page
 * (or the careers list when it names none, or its opening is closed), carrying `src=<token>`,
 * which the page visit records (plugins/arrival.ts) for the application to credit. A link whose
 * source was deleted or that was turned off still lands, and credits nothing; an unknown token
 * lands on the careers list.
 */
export async function trackingLinkRoutes(app: FastifyInstance) {
  app.get<{ Params: { token: string } }>(
    '/r/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const { repos } = app;
      const link = await repos.sources.linkByToken(request.params.token);
      reply.header('Cache-Control', 'no-store');
      if (!link) return reply.redirect(CAREERS_PATH, 302);
      const job =
        link.jobId === null ? undefined : await repos.jobs.findVisible(link.jobId, app.now());
      const target = job ? jobPath(job.id) : CAREERS_PATH;
      // Recorded here too, with this request's referrer host: a browser may not send it again
      // to the page it is redirected to.
      app.recordArrival(request, reply, { src: request.params.token });
      return reply.redirect(`${target}?src=${encodeURIComponent(request.params.token)}`, 302);
    },
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { counted, SELF_ID_REPORT_PATH, selfIdReportSchema } from '@lumenfield/contract';
import { consoleProblems, signedIn } from './console-user';

/**
 * The self-identification report (docs/recruiters.md): counts per opening per answer, small
 * counts hidden, for the `compliance` role only (admins and recruiters: 403). Each read is
 * audited.
 */
export const consoleSelfIdReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  app.get(
    SELF_ID_REPORT_PATH,
    {
      config: { access: 'session', roles: ['compliance'] },
      schema: {
        summary: 'Voluntary self-identification: counts per opening (compliance role)',
        tags: ['console'],
        response: { 200: selfIdReportSchema, ...consoleProblems() },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const report = await repos.selfId.report();
      await repos.audit.record(
        {
          actor: { userId: user.id },
          action: 'self-id-report-view',
          target: 'self-identification report',
          detail: counted(report.openings.length, ['opening', 'openings']),
        },
        app.now(),
      );
      return report;
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passThroughReportSchema,
  rejectionReasonsReportSchema,
  reportFileName,
  reportPaths,
  reportQuerySchema,
  reportTitles,
  sourcesReportSchema,
  timeInStageReportSchema,
  timeToHireReportSchema,
  type ReportFilter,
  type ReportKind,
} from '@lumenfield/contract';
import { reportRange } from '../../domains/pipeline/reports-repository';
import { reportCsv } from '../../domains/pipeline/report-csv';
import { consoleProblems, signedIn } from './console-user';

const answers = consoleProblems(404);

/**
 * The recruiters' reports (docs/recruiters.md, "Reports"): each as JSON for the console's chart
 * and table, and as CSV at the same path with `.csv`. Admins and recruiters (the default
 * roles); the compliance role is refused (403). Figures only, never an applicant: not audited.
 */
export const consoleReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const filterOf = async (query: z.output<typeof reportQuerySchema>) =>
    repos.reports.filter(reportRange(query, app.now()));

  /** A report's two routes; `build` and `csv` are typed together by each call below. */
  const report = <T>(
    kind: ReportKind,
    schema: z.ZodType<T>,
    build: (filter: ReportFilter) => Promise<T>,
    csv: (report: T) => string,
  ) => {
    const answer: z.ZodType = schema;
    app.get(
      reportPaths[kind],
      {
        config: { access: 'session' },
        schema: {
          summary: `Report: ${reportTitles[kind]}`,
          tags: ['console'],
          querystring: reportQuerySchema,
          response: { 200: answer, ...answers },
        },
      },
      async (request) => build(await filterOf(request.query)),
    );
    app.get(
      `${reportPaths[kind]}.csv`,
      {
        // A link the browser follows to download: the session cookie is the credential.
        config: { access: 'session-link' },
        schema: {
          summary: `Report: ${reportTitles[kind]}, as CSV`,
          tags: ['console'],
          querystring: reportQuerySchema,
          response: { 200: z.unknown().describe('text/csv, the report table'), ...answers },
        },
      },
      async (request, reply) => {
        signedIn(request);
        const filter = await filterOf(request.query);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${reportFileName(kind, filter)}"`)
          .send(csv(await build(filter)));
      },
    );
  };

  report(
    'time-to-hire',
    timeToHireReportSchema,
    repos.reports.timeToHire,
    reportCsv['time-to-hire'],
  );
  report(
    'time-in-stage',
    timeInStageReportSchema,
    repos.reports.timeInStage,
    reportCsv['time-in-stage'],
  );
  report(
    'pass-through',
    passThroughReportSchema,
    repos.reports.passThrough,
    reportCsv['pass-through'],
  );
  report('sources', sourcesReportSchema, repos.reports.sources, reportCsv.sources);
  report(
    'rejection-reasons',
    rejectionReasonsReportSchema,
    repos.reports.rejectionReasons,
    reportCsv['rejection-reasons'],
  );
};

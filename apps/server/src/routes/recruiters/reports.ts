import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  interviewsPerWeekReportSchema,
  passThroughReportSchema,
  PIPELINE_ROLES,
  rejectionReasonsReportSchema,
  reportFileName,
  reportPaths,
  reportQuerySchema,
  reportTitles,
  sourcesReportSchema,
  timeInStageReportSchema,
  timeToFeedbackReportSchema,
  timeToHireReportSchema,
  type ReportFilter,
  type ReportKind,
} from '@lumenfield/contract';
import { reportRange } from '../../domains/pipeline/reports-repository';
import { reachOf, type Reach } from '../../domains/team/reach';
import { reportCsv } from '../../domains/pipeline/report-csv';
import { consoleProblems, signedIn } from './console-user';

const answers = consoleProblems(404);

/**
 * The recruiters' reports (docs/recruiters.md, "Reports"): each as JSON for the console's chart
 * and table, and as CSV at the same path with `.csv`; the interview reports count interviews by
 * their start in the dates (pipeline/interview-reports.ts). Admins and recruiters, and hiring
 * managers over their openings' applicants only (team/reach.ts); the other roles are refused
 * (403). Figures only, never an applicant: not audited.
 */
export const consoleReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repos } = app;
  const filterOf = async (query: z.output<typeof reportQuerySchema>, reach: Reach) =>
    repos.reports.filter(reportRange(query, app.now()), reach);

  /**
   * A report's two routes; `build` and `csv` are typed together by each call below. `now` is
   * for figures that depend on what has happened by now (feedback still missing).
   */
  const report = <T>(
    kind: ReportKind,
    schema: z.ZodType<T>,
    build: (filter: ReportFilter, reach: Reach, now: Date) => Promise<T>,
    csv: (report: T) => string,
  ) => {
    const answer: z.ZodType = schema;
    app.get(
      reportPaths[kind],
      {
        config: { access: 'session', roles: PIPELINE_ROLES },
        schema: {
          summary: `Report: ${reportTitles[kind]}`,
          tags: ['console'],
          querystring: reportQuerySchema,
          response: { 200: answer, ...answers },
        },
      },
      async (request) => {
        const reach = reachOf(signedIn(request).user);
        return build(await filterOf(request.query, reach), reach, app.now());
      },
    );
    app.get(
      `${reportPaths[kind]}.csv`,
      {
        // A link the browser follows to download: the session cookie is the credential.
        config: { access: 'session-link', roles: PIPELINE_ROLES },
        schema: {
          summary: `Report: ${reportTitles[kind]}, as CSV`,
          tags: ['console'],
          querystring: reportQuerySchema,
          response: { 200: z.unknown().describe('text/csv, the report table'), ...answers },
        },
      },
      async (request, reply) => {
        const reach = reachOf(signedIn(request).user);
        const filter = await filterOf(request.query, reach);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${reportFileName(kind, filter)}"`)
          .send(csv(await build(filter, reach, app.now())));
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
  report(
    'interviews-per-week',
    interviewsPerWeekReportSchema,
    repos.reports.interviewsPerWeek,
    reportCsv['interviews-per-week'],
  );
  report(
    'time-to-feedback',
    timeToFeedbackReportSchema,
    repos.reports.timeToFeedback,
    reportCsv['time-to-feedback'],
  );
};

import {
  API_BASE_PATH,
  reportPaths,
  SELF_ID_REPORT_PATH,
  selfIdReportSchema,
  type ReportKind,
  type ReportQuery,
} from '@lumenfield/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, pathWithQuery } from '../common/api/request';

export const reportsApi = {
  /**
   * A report (docs/recruiters.md, "Reports"); the page passes its schema, so the reports'
   * schemas load with the Reports page only.
   */
  report: <T>(path: string, query: ReportQuery, schema: z.ZodType<T>, signal?: AbortSignal) =>
    call('GET', pathWithQuery(path, query), { schema, signal }),
  /** The compliance role's counts (docs/recruiters.md, "Self-identification report"). */
  selfIdReport: (signal?: AbortSignal) =>
    call('GET', SELF_ID_REPORT_PATH, { schema: selfIdReportSchema, signal }),
};

/** A report's CSV: the same path with `.csv`, downloaded with the session cookie. */
export function reportCsvHref(path: string, query: ReportQuery): string {
  return `${API_BASE_PATH}${pathWithQuery(`${path}.csv`, query)}`;
}

export const reportsKeys = {
  all: ['reports'] as const,
  report: (kind: ReportKind, query: ReportQuery) => ['reports', kind, query] as const,
  selfId: ['reports', 'self-id'] as const,
};

/** One report over `query`; a new filter keeps the figures shown until its answer comes. */
export const reportQuery = <T>(kind: ReportKind, query: ReportQuery, schema: z.ZodType<T>) =>
  queryOptions({
    queryKey: reportsKeys.report(kind, query),
    queryFn: ({ signal }) => reportsApi.report(reportPaths[kind], query, schema, signal),
    placeholderData: keepPreviousData,
  });

export const selfIdReportQuery = queryOptions({
  queryKey: reportsKeys.selfId,
  queryFn: ({ signal }) => reportsApi.selfIdReport(signal),
});

import type { ReactNode } from 'react';
import { reportPaths, reportTitles, type ReportKind, type ReportQuery } from '@lumenfield/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { reportCsvHref } from '../api';
import { Pending } from '../../common/components/status';

/** One report: its heading, what it counts, its CSV, then the chart and the table. */
export function ReportSection<T>({
  kind,
  query,
  report,
  about,
  children,
}: {
  kind: ReportKind;
  query: ReportQuery;
  report: UseQueryResult<T>;
  about: string;
  children: (data: T) => ReactNode;
}) {
  const id = `report-${kind}`;
  return (
    <section className="rc-report" aria-labelledby={id}>
      <div className="rc-report__head">
        <h2 id={id}>{reportTitles[kind]}</h2>
        <a className="rc-report__csv" href={reportCsvHref(reportPaths[kind], query)} download>
          Download CSV<span className="visually-hidden">: {reportTitles[kind]}</span>
        </a>
      </div>
      <p className="rc-report__about">{about}</p>
      <Pending query={report} what={reportTitles[kind].toLowerCase()} />
      {report.isSuccess ? children(report.data) : null}
    </section>
  );
}

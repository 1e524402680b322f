import type { ReactNode } from 'react';
import { reportPaths, reportTitles, type ReportKind, type ReportQuery } from '@lumenfield/contract';
import type { Resource } from '@/lib/use-resource';
import { reportCsvHref } from '../api';
import { Pending } from '../../shared/components/status';

/** One report: its heading, what it counts, its CSV, then the chart and the table. */
export function ReportSection<T>({
  kind,
  query,
  resource,
  onRetry,
  about,
  children,
}: {
  kind: ReportKind;
  query: ReportQuery;
  resource: Resource<T>;
  onRetry: () => void;
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
      <Pending resource={resource} what={reportTitles[kind].toLowerCase()} onRetry={onRetry} />
      {resource.status === 'ready' ? children(resource.data) : null}
    </section>
  );
}

import {
  counted,
  FUNNEL_AFTER_APPLYING,
  NO_REASON_LABEL,
  NO_SOURCE_LABEL,
  passThroughReportSchema,
  percentOf,
  rejectionReasonsReportSchema,
  REPORT_DEFAULT_DAYS,
  REPORTS_PAGE,
  sourcesReportSchema,
  timeInStageReportSchema,
  timeToHireReportSchema,
  type ReportFilter,
  type ReportQuery,
} from '@lumenfield/contract';
import { useSearchParams } from '@lumenfield/page-kit';
import { useQuery } from '@tanstack/react-query';
import { jobChoicesQuery } from '../../openings/api';
import { reportQuery } from '../api';
import { ReportSection } from './report-section';
import { ByOpening, ChartAndTable } from './chart-and-table';
import { stageSeries } from './report-chart';
import { FilterForm, OpeningFilter } from '../../common/components/filter-form';
import { PageHeading } from '../../common/components/page-heading';
import { InterviewReports } from './interview-reports';
import { decimal, number, ONE } from './report-format';
import './reports.css';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter the URL names; without dates, the server's default (the last 90 days). */
export function reportQueryFromParams(params: URLSearchParams, today = new Date()): ReportQuery {
  const to = params.get('to') ?? '';
  const from = params.get('from') ?? '';
  const jobId = params.get('jobId') ?? '';
  const end = ISO_DAY.test(to) ? to : isoDay(today);
  return {
    from: ISO_DAY.test(from)
      ? from
      : isoDay(new Date(Date.parse(`${end}T00:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS)),
    to: end,
    ...(/^\d{1,9}$/.test(jobId) ? { jobId } : {}),
  };
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const days = (value: number | null) =>
  value === null ? 'No figure' : `${decimal.format(value)} ${value === 1 ? 'day' : 'days'}`;
const percent = (value: number | null) => (value === null ? '–' : `${decimal.format(value)} %`);

const FUNNEL_SERIES = stageSeries(FUNNEL_AFTER_APPLYING);

function filterLine(filter: ReportFilter): string {
  const range = `${day.format(new Date(`${filter.from}T00:00:00Z`))} to ${day.format(
    new Date(`${filter.to}T00:00:00Z`),
  )}`;
  const who = counted(filter.applicants, ['applicant', 'applicants']);
  return `${who} applied from ${range}${filter.jobTitle ? ` for ${filter.jobTitle}` : ''}.`;
}

/**
 * Reports (docs/recruiters.md, "Reports"): time to hire, time in stage, pass-through by stage
 * and by source, rejection reasons, each as a chart with its table and a CSV, over the
 * applicants who applied between two dates (optionally for one opening); then interviews per
 * week and time to feedback, over the interviews that start between them.
 */
export default function ReportsPage() {
  const params = useSearchParams();
  const query = reportQueryFromParams(params);
  const jobs = useQuery(jobChoicesQuery);

  const hire = useQuery(reportQuery('time-to-hire', query, timeToHireReportSchema));
  const stay = useQuery(reportQuery('time-in-stage', query, timeInStageReportSchema));
  const pass = useQuery(reportQuery('pass-through', query, passThroughReportSchema));
  const bySource = useQuery(reportQuery('sources', query, sourcesReportSchema));
  const reasons = useQuery(reportQuery('rejection-reasons', query, rejectionReasonsReportSchema));
  const reversed = (query.from ?? '') > (query.to ?? '');

  return (
    <>
      <PageHeading title="Reports" />
      <FilterForm
        label="Reports"
        className="rc-filters rc-report-filters"
        path={REPORTS_PAGE}
        queryKey={JSON.stringify(query)}
        fromQuery={() => ({ from: query.from ?? '', to: query.to ?? '', jobId: query.jobId ?? '' })}
        submit="Show reports"
      >
        {(field) => (
          <>
            <div className="rc-field">
              <label htmlFor="reports-from">Applied from</label>
              <input id="reports-from" type="date" required {...field('from')} />
            </div>
            <div className="rc-field">
              <label htmlFor="reports-to">Applied to</label>
              <input id="reports-to" type="date" required {...field('to')} />
            </div>
            <OpeningFilter id="reports-job" jobs={jobs.data} field={field('jobId')} />
          </>
        )}
      </FilterForm>
      <p className="rc-report-scope" role="status">
        {reversed
          ? 'The start date is after the end date.'
          : pass.isSuccess
            ? filterLine(pass.data.filter)
            : ''}
      </p>

      <div className="rc-reports">
        <ReportSection
          kind="time-to-hire"
          query={query}
          report={hire}
          about="Days from applying to the move into Hired, for the applicants hired now."
        >
          {(report) => (
            <>
              <dl className="rc-report__figures">
                <div>
                  <dt>Hires</dt>
                  <dd>{number.format(report.hires)}</dd>
                </div>
                <div>
                  <dt>Median time to hire</dt>
                  <dd>{days(report.medianDays)}</dd>
                </div>
              </dl>
              <ChartAndTable
                chart={
                  report.hires > 0
                    ? {
                        title: 'Hires by days to hire',
                        series: ONE,
                        rows: report.bands.map((band) => ({
                          label: band.label,
                          values: [band.count],
                          texts: [counted(band.count, ['hire', 'hires'])],
                        })),
                      }
                    : undefined
                }
                caption="Hires by days to hire"
                columns={['Days to hire', { label: 'Hires', numeric: true }]}
              >
                {report.bands.map((band) => (
                  <tr key={band.label}>
                    <th scope="row">{band.label}</th>
                    <td className="rc-num">{number.format(band.count)}</td>
                  </tr>
                ))}
              </ChartAndTable>
              <ByOpening
                caption="Time to hire by opening"
                columns={['Hires', 'Median time to hire']}
                rows={report.openings}
                cells={(opening) => [number.format(opening.hires), days(opening.medianDays)]}
              />
            </>
          )}
        </ReportSection>

        <ReportSection
          kind="time-in-stage"
          query={query}
          report={stay}
          about="The median days an applicant spent in each stage before moving on. Those still in a stage are counted apart, not in the median."
        >
          {(report) => (
            <ChartAndTable
              chart={{
                title: 'Median days in each stage',
                series: ONE,
                rows: report.stages.map((s) => ({
                  label: s.stage,
                  values: [s.medianDays],
                  texts: [days(s.medianDays)],
                })),
              }}
              caption="Time in stage"
              columns={[
                'Stage',
                { label: 'Median time in stage', numeric: true },
                { label: 'Stays ended', numeric: true },
                { label: 'In the stage now', numeric: true },
              ]}
            >
              {report.stages.map((s) => (
                <tr key={s.stage}>
                  <th scope="row">{s.stage}</th>
                  <td className="rc-num">{days(s.medianDays)}</td>
                  <td className="rc-num">{number.format(s.stays)}</td>
                  <td className="rc-num">{number.format(s.current)}</td>
                </tr>
              ))}
            </ChartAndTable>
          )}
        </ReportSection>

        <ReportSection
          kind="pass-through"
          query={query}
          report={pass}
          about="How many applicants reached each stage (or went past it), and the share of them who reached the next one. A rejection or a withdrawal ends an applicant's path."
        >
          {(report) => (
            <ChartAndTable
              chart={{
                title: 'Applicants who reached each stage',
                series: ONE,
                max: report.stages[0]?.reached,
                rows: report.stages.map((s) => ({
                  label: s.stage,
                  values: [s.reached],
                  texts: [number.format(s.reached)],
                })),
              }}
              caption="Pass-through by stage"
              columns={[
                'Stage',
                { label: 'Reached', numeric: true },
                { label: 'Moved on', numeric: true },
                { label: 'Moved on (%)', numeric: true },
              ]}
            >
              {report.stages.map((s) => (
                <tr key={s.stage}>
                  <th scope="row">{s.stage}</th>
                  <td className="rc-num">{number.format(s.reached)}</td>
                  <td className="rc-num">{s.movedOn === null ? '–' : number.format(s.movedOn)}</td>
                  <td className="rc-num">{percent(s.percentMovedOn)}</td>
                </tr>
              ))}
            </ChartAndTable>
          )}
        </ReportSection>

        <ReportSection
          kind="sources"
          query={query}
          report={bySource}
          about="The same path per source credited when the applicant applied: the share of each source's applicants who reached each stage."
        >
          {(report) =>
            report.sources.length === 0 ? (
              <p className="rc-muted">Nobody applied in these dates.</p>
            ) : (
              <ChartAndTable
                chart={{
                  title: "Share of each source's applicants who reached each stage",
                  series: FUNNEL_SERIES,
                  max: 100,
                  rows: report.sources.map((s) => {
                    const shares = s.reached.map((r) => percentOf(r.count, s.applicants));
                    return {
                      label: `${s.source ?? NO_SOURCE_LABEL} (${number.format(s.applicants)})`,
                      values: shares,
                      texts: shares.map(percent),
                    };
                  }),
                }}
                caption="Pass-through by source: applicants who reached each stage"
                region="Pass-through by source, the table"
                columns={[
                  'Source',
                  { label: 'Applied', numeric: true },
                  ...FUNNEL_SERIES.map((s) => ({ label: s.label, numeric: true as const })),
                ]}
              >
                {report.sources.map((s) => (
                  <tr key={s.source ?? ''}>
                    <th scope="row">{s.source ?? NO_SOURCE_LABEL}</th>
                    <td className="rc-num">{number.format(s.applicants)}</td>
                    {s.reached.map((r) => (
                      <td key={r.stage} className="rc-num">
                        {number.format(r.count)}{' '}
                        <span className="rc-sub">
                          ({percent(percentOf(r.count, s.applicants))})
                        </span>
                      </td>
                    ))}
                  </tr>
                ))}
              </ChartAndTable>
            )
          }
        </ReportSection>

        <ReportSection
          kind="rejection-reasons"
          query={query}
          report={reasons}
          about="The applicants rejected now, by the reason given with their rejection."
        >
          {(report) =>
            report.rejected === 0 ? (
              <p className="rc-muted">Nobody who applied in these dates is rejected.</p>
            ) : (
              <ChartAndTable
                chart={{
                  title: 'Rejections by reason',
                  series: ONE,
                  rows: report.reasons.map((r) => ({
                    label: reasonLabel(r),
                    values: [r.count],
                    texts: [counted(r.count, ['applicant', 'applicants'])],
                  })),
                }}
                caption="Rejection reasons"
                columns={[
                  'Reason',
                  { label: 'Rejected applicants', numeric: true },
                  { label: 'Share', numeric: true },
                ]}
              >
                {report.reasons.map((r) => (
                  <tr key={reasonLabel(r)}>
                    <th scope="row">{reasonLabel(r)}</th>
                    <td className="rc-num">{number.format(r.count)}</td>
                    <td className="rc-num">{percent(percentOf(r.count, report.rejected))}</td>
                  </tr>
                ))}
              </ChartAndTable>
            )
          }
        </ReportSection>

        <InterviewReports query={query} />
      </div>
    </>
  );
}

const reasonLabel = (r: { reason: string | null; retired: boolean }) =>
  `${r.reason ?? NO_REASON_LABEL}${r.retired ? ' (retired)' : ''}`;

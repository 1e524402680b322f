import {
  counted,
  interviewsPerWeekReportSchema,
  timeToFeedbackReportSchema,
  type ReportQuery,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { reportQuery } from '../api';
import { ByOpening, ChartAndTable } from './chart-and-table';
import { type ChartSeries } from './report-chart';
import { decimal, number, ONE } from './report-format';
import { ReportSection } from './report-section';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const hours = (value: number | null) =>
  value === null ? 'No figure' : `${decimal.format(value)} ${value === 1 ? 'hour' : 'hours'}`;
const weekOf = (monday: string) => `Week of ${day.format(new Date(`${monday}T00:00:00Z`))}`;
const FEEDBACK_SERIES: readonly ChartSeries[] = [
  { label: 'Median', tone: 'accent' },
  { label: '90th percentile', tone: 'navy' },
];

/**
 * The interview reports (docs/recruiters.md, "Reports"): interviews per week and time to
 * feedback, counted by the interviews' starts rather than by when their applicants applied.
 */
export function InterviewReports({ query }: { query: ReportQuery }) {
  const perWeek = useQuery(
    reportQuery('interviews-per-week', query, interviewsPerWeekReportSchema),
  );
  const feedback = useQuery(reportQuery('time-to-feedback', query, timeToFeedbackReportSchema));
  return (
    <>
      <ReportSection
        kind="interviews-per-week"
        query={query}
        report={perWeek}
        about="The interviews that start between the two dates, whenever their applicants applied: per week (Monday to Sunday, UTC), those held and those cancelled."
      >
        {(report) => (
          <>
            <dl className="rc-report__figures">
              <div>
                <dt>Held</dt>
                <dd>{number.format(report.held)}</dd>
              </div>
              <div>
                <dt>Cancelled</dt>
                <dd>{number.format(report.cancelled)}</dd>
              </div>
            </dl>
            {report.weeks.length === 0 ? (
              <p className="rc-muted">No interview starts in these dates.</p>
            ) : (
              <ChartAndTable
                chart={
                  report.held > 0
                    ? {
                        title: 'Interviews held each week',
                        series: ONE,
                        rows: report.weeks.map((w) => ({
                          label: weekOf(w.monday),
                          values: [w.held],
                          texts: [counted(w.held, ['interview', 'interviews'])],
                        })),
                      }
                    : undefined
                }
                caption="Interviews per week"
                columns={[
                  'Week',
                  { label: 'Held', numeric: true },
                  { label: 'Cancelled', numeric: true },
                ]}
              >
                {report.weeks.map((w) => (
                  <tr key={w.week}>
                    <th scope="row">
                      {weekOf(w.monday)} <span className="rc-sub">{w.week}</span>
                    </th>
                    <td className="rc-num">{number.format(w.held)}</td>
                    <td className="rc-num">{number.format(w.cancelled)}</td>
                  </tr>
                ))}
              </ChartAndTable>
            )}
            <ByOpening
              caption="Interviews by opening"
              columns={['Held', 'Cancelled']}
              rows={report.openings}
              cells={(opening) => [number.format(opening.held), number.format(opening.cancelled)]}
            />
          </>
        )}
      </ReportSection>

      <ReportSection
        kind="time-to-feedback"
        query={query}
        report={feedback}
        about="For the interviews that start between the two dates: the hours from an interview's end to each interviewer's submitted scorecard (nine in ten came within the 90th percentile), and the scorecards still missing for interviews that have ended."
      >
        {(report) => (
          <>
            <dl className="rc-report__figures">
              <div>
                <dt>Scorecards submitted</dt>
                <dd>{number.format(report.submitted)}</dd>
              </div>
              <div>
                <dt>Median time to feedback</dt>
                <dd>{hours(report.medianHours)}</dd>
              </div>
              <div>
                <dt>90th percentile</dt>
                <dd>{hours(report.p90Hours)}</dd>
              </div>
              <div>
                <dt>Missing scorecards</dt>
                <dd>{number.format(report.missing)}</dd>
              </div>
            </dl>
            {report.interviewers.length === 0 ? (
              <p className="rc-muted">No interview in these dates has ended.</p>
            ) : (
              <ChartAndTable
                chart={
                  report.submitted > 0
                    ? {
                        title: 'Hours to feedback per interviewer',
                        series: FEEDBACK_SERIES,
                        rows: report.interviewers.map((i) => ({
                          label: i.name,
                          values: [i.medianHours, i.p90Hours],
                          texts: [hours(i.medianHours), hours(i.p90Hours)],
                        })),
                      }
                    : undefined
                }
                caption="Time to feedback per interviewer"
                columns={[
                  'Interviewer',
                  { label: 'Submitted', numeric: true },
                  { label: 'Median', numeric: true },
                  { label: '90th percentile', numeric: true },
                  { label: 'Missing', numeric: true },
                ]}
              >
                {report.interviewers.map((i) => (
                  <tr key={i.userId}>
                    <th scope="row">{i.name}</th>
                    <td className="rc-num">{number.format(i.submitted)}</td>
                    <td className="rc-num">{hours(i.medianHours)}</td>
                    <td className="rc-num">{hours(i.p90Hours)}</td>
                    <td className="rc-num">{number.format(i.missing)}</td>
                  </tr>
                ))}
              </ChartAndTable>
            )}
          </>
        )}
      </ReportSection>
    </>
  );
}

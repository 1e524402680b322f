import {
  HIRE_BANDS,
  type InterviewsPerWeekReport,
  type TimeToFeedbackReport,
  NO_REASON_LABEL,
  NO_SOURCE_LABEL,
  percentOf,
  type PassThroughReport,
  type RejectionReasonsReport,
  type SourcesReport,
  type TimeInStageReport,
  type TimeToHireReport,
} from '@lumenfield/contract';
import { toCsv } from '../../lib/csv';

/**
 * Each report as CSV (docs/recruiters.md, "Reports"): the table the console shows beside its
 * chart, under the same plain headings; an empty cell where there is no figure.
 */
export const reportCsv = {
  'time-to-hire': (report: TimeToHireReport) =>
    toCsv(
      ['Opening', 'Job code', 'Hires', 'Median days to hire', ...HIRE_BANDS.map((b) => b.label)],
      [
        ...report.openings.map((o) => [
          o.jobTitle,
          o.jobCode,
          o.hires,
          o.medianDays,
          ...o.bands.map((b) => b.count),
        ]),
        ['All openings', '', report.hires, report.medianDays, ...report.bands.map((b) => b.count)],
      ],
    ),
  'time-in-stage': (report: TimeInStageReport) =>
    toCsv(
      ['Stage', 'Stays ended', 'Median days in stage', 'In the stage now'],
      report.stages.map((s) => [s.stage, s.stays, s.medianDays, s.current]),
    ),
  'pass-through': (report: PassThroughReport) =>
    toCsv(
      ['Stage', 'Reached', 'Moved on', 'Moved on (%)'],
      report.stages.map((s) => [s.stage, s.reached, s.movedOn, s.percentMovedOn]),
    ),
  sources: (report: SourcesReport) => {
    const stages = report.sources[0]?.reached.map((r) => r.stage) ?? [];
    return toCsv(
      [
        'Source',
        'Applied',
        ...stages.map((stage) => `Reached ${stage}`),
        ...stages.map((stage) => `Reached ${stage} (% of applied)`),
      ],
      report.sources.map((s) => [
        s.source ?? NO_SOURCE_LABEL,
        s.applicants,
        ...s.reached.map((r) => r.count),
        ...s.reached.map((r) => percentOf(r.count, s.applicants)),
      ]),
    );
  },
  'rejection-reasons': (report: RejectionReasonsReport) =>
    toCsv(
      ['Reason', 'Rejected applicants', 'Share of rejections (%)'],
      report.reasons.map((r) => [
        (r.reason ?? NO_REASON_LABEL) + (r.retired ? ' (retired)' : ''),
        r.count,
        percentOf(r.count, report.rejected),
      ]),
    ),
  'interviews-per-week': (report: InterviewsPerWeekReport) =>
    toCsv(
      ['Week', 'Week starting', 'Held', 'Cancelled'],
      [
        ...report.weeks.map((w) => [w.week, w.monday, w.held, w.cancelled]),
        ['All weeks', '', report.held, report.cancelled],
      ],
    ),
  'time-to-feedback': (report: TimeToFeedbackReport) =>
    toCsv(
      [
        'Interviewer',
        'Scorecards submitted',
        'Median hours to feedback',
        '90th percentile hours',
        'Missing scorecards',
      ],
      [
        ...report.interviewers.map((i) => [
          i.name,
          i.submitted,
          i.medianHours,
          i.p90Hours,
          i.missing,
        ]),
        ['All interviewers', report.submitted, report.medianHours, report.p90Hours, report.missing],
      ],
    ),
};

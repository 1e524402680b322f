import { z } from './zod-setup';
import { isoDaySchema } from './dates';
import { applicantStageSchema, STAGE_LISTS, type ApplicantStage } from './pipeline';

/**
 * Reports (docs/recruiters.md, "Reports"): figures over the applicants who applied between two
 * dates, optionally for one opening. What each figure counts is written there; the server's
 * `domains/pipeline/reports-repository.ts` is its one owner.
 */

/** The reports the console draws, each with its JSON path and its CSV (the path + `.csv`). */
export const reportKinds = [
  'time-to-hire',
  'time-in-stage',
  'pass-through',
  'sources',
  'rejection-reasons',
  'interviews-per-week',
  'time-to-feedback',
] as const;
export type ReportKind = (typeof reportKinds)[number];

/** GET, under /api; admins and recruiters. `${path}.csv` is the same report as a download. */
export const reportPaths: Record<ReportKind, string> = {
  'time-to-hire': '/recruiters/reports/time-to-hire',
  'time-in-stage': '/recruiters/reports/time-in-stage',
  'pass-through': '/recruiters/reports/pass-through',
  sources: '/recruiters/reports/sources',
  'rejection-reasons': '/recruiters/reports/rejection-reasons',
  'interviews-per-week': '/recruiters/reports/interviews-per-week',
  'time-to-feedback': '/recruiters/reports/time-to-feedback',
};

/** Each report's title, on the screen and in its CSV's file name. */
export const reportTitles: Record<ReportKind, string> = {
  'time-to-hire': 'Time to hire',
  'time-in-stage': 'Time in stage',
  'pass-through': 'Pass-through by stage',
  sources: 'Pass-through by source',
  'rejection-reasons': 'Rejection reasons',
  'interviews-per-week': 'Interviews per week',
  'time-to-feedback': 'Time to feedback',
};

/** The console's page. */
export const REPORTS_PAGE = '/recruiters/reports';

/** Without dates, a report covers the last REPORT_DEFAULT_DAYS days up to today (UTC). */
export const REPORT_DEFAULT_DAYS = 90;

/**
 * The funnel pass-through counts along: an applicant who reached a later one passed through
 * every one before it (a recruiter may skip a stage). Rejected and Withdrawn end a path.
 */
export const FUNNEL_STAGES: readonly ApplicantStage[] = STAGE_LISTS.funnel;

/**
 * The funnel past applying, which the sources report counts per source: the funnel starts in
 * INITIAL_STAGE, which every applicant reached.
 */
export const FUNNEL_AFTER_APPLYING = FUNNEL_STAGES.slice(1);

/** The stages an applicant waits in (time in stage): the open ones. */
export const WAITING_STAGES: readonly ApplicantStage[] = STAGE_LISTS.open;

/** Time to hire's bands, in days: up to each `upTo` (inclusive), the last without a bound. */
export const HIRE_BANDS = [
  { label: 'Up to 7 days', upTo: 7 },
  { label: '8 to 14 days', upTo: 14 },
  { label: '15 to 30 days', upTo: 30 },
  { label: '31 to 60 days', upTo: 60 },
  { label: '61 to 90 days', upTo: 90 },
  { label: 'Over 90 days', upTo: null },
] as const;

export const reportQuerySchema = z.object({
  /** ISO dates (YYYY-MM-DD), inclusive, UTC: the applicants who applied between them. */
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  /** Only this opening's applicants. */
  jobId: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .optional(),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** The filter a report was computed for, dates filled in. */
export const reportFilterSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  jobId: z.number().int().nullable(),
  /** The opening's title when `jobId` names one. */
  jobTitle: z.string().nullable(),
  /** How many applicants applied in the filter: every report's base. */
  applicants: z.number().int(),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

/** Days to one decimal; null when there is nothing to take a median of. */
const days = z.number().nullable();

const hireBandsSchema = z.array(z.object({ label: z.string(), count: z.number().int() }));

/** A report: the filter it was computed for, beside its own figures. */
const reportSchema = <S extends z.ZodRawShape>(figures: S) =>
  z.object({ filter: reportFilterSchema, ...figures });

/** A report's rows, one per stage. */
const perStageRows = <S extends z.ZodRawShape>(figures: S) =>
  z.array(z.object({ stage: applicantStageSchema, ...figures }));

export const timeToHireReportSchema = reportSchema({
  hires: z.number().int(),
  medianDays: days,
  bands: hireBandsSchema,
  openings: z.array(
    z.object({
      jobId: z.number().int(),
      jobTitle: z.string(),
      jobCode: z.string(),
      hires: z.number().int(),
      medianDays: days,
      bands: hireBandsSchema,
    }),
  ),
});
export type TimeToHireReport = z.infer<typeof timeToHireReportSchema>;

export const timeInStageReportSchema = reportSchema({
  stages: perStageRows({
    /** Stays that ended (the applicant moved out of the stage). */
    stays: z.number().int(),
    medianDays: days,
    /** Applicants in the stage now (their stay has not ended: not in the median). */
    current: z.number().int(),
  }),
});
export type TimeInStageReport = z.infer<typeof timeInStageReportSchema>;

export const passThroughReportSchema = reportSchema({
  stages: perStageRows({
    reached: z.number().int(),
    /** Of those who reached it, how many reached the next stage (null for Hired). */
    movedOn: z.number().int().nullable(),
    /** movedOn of reached, in per cent to one decimal (null when none reached or Hired). */
    percentMovedOn: z.number().nullable(),
  }),
});
export type PassThroughReport = z.infer<typeof passThroughReportSchema>;

export const sourcesReportSchema = reportSchema({
  sources: z.array(
    z.object({
      /** The source credited at applying; null: none was. */
      source: z.string().nullable(),
      /** Applied (reached New). */
      applicants: z.number().int(),
      /** How many reached each of FUNNEL_AFTER_APPLYING, in its order. */
      reached: z.array(z.object({ stage: applicantStageSchema, count: z.number().int() })),
    }),
  ),
});
export type SourcesReport = z.infer<typeof sourcesReportSchema>;

export const rejectionReasonsReportSchema = reportSchema({
  rejected: z.number().int(),
  reasons: z.array(
    z.object({
      /** The reason's label; null: rejected without a reason. */
      reason: z.string().nullable(),
      /** Whether the reason has been retired from the list offered. */
      retired: z.boolean(),
      count: z.number().int(),
    }),
  ),
});
export type RejectionReasonsReport = z.infer<typeof rejectionReasonsReportSchema>;

/**
 * The interview reports count interviews by when they start, not by when their applicant applied:
 * those that start between the two dates, of the applicants within reach (and of the opening).
 */
export const interviewsPerWeekReportSchema = reportSchema({
  /** Every ISO week (Monday to Sunday, UTC) the dates touch, in order (see INTERVIEW_WEEKS_MAX). */
  weeks: z.array(
    z.object({
      /** The ISO week, `2025-W02`. */
      week: z.string(),
      /** Its Monday, YYYY-MM-DD. */
      monday: z.string(),
      /** Interviews scheduled (not cancelled) that start in the week and in the dates. */
      held: z.number().int(),
      /** Interviews cancelled whose start was in the week and in the dates. */
      cancelled: z.number().int(),
    }),
  ),
  held: z.number().int(),
  cancelled: z.number().int(),
  /** Per opening with an interview in the dates, most held first. */
  openings: z.array(
    z.object({
      jobId: z.number().int(),
      jobTitle: z.string(),
      jobCode: z.string(),
      held: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
});
export type InterviewsPerWeekReport = z.infer<typeof interviewsPerWeekReportSchema>;

/**
 * Dates that touch more weeks than this list only the weeks from the first to the last with an
 * interview: a range to the year 9999 must not answer half a million empty weeks.
 */
export const INTERVIEW_WEEKS_MAX = 106;

/** Hours to one decimal; null when there is nothing to take it of. */
const hours = z.number().nullable();

/** Time to feedback's figures: over all interviewers, and each interviewer's own. */
const feedbackFigures = {
  /** Submitted scorecards of the interviews in the dates. */
  submitted: z.number().int(),
  /** From the interview's end to the card's submission, in hours (none before the end). */
  medianHours: hours,
  /** The 90th percentile of the same (nearest rank): nine in ten took no longer. */
  p90Hours: hours,
  /** Interviews that have ended with an interviewer who has not submitted their card. */
  missing: z.number().int(),
};

export const timeToFeedbackReportSchema = reportSchema({
  ...feedbackFigures,
  /** Per interviewer, the most missing first. */
  interviewers: z.array(
    z.object({ userId: z.number().int(), name: z.string(), ...feedbackFigures }),
  ),
});
export type TimeToFeedbackReport = z.infer<typeof timeToFeedbackReportSchema>;

/** A per cent to one decimal; null when the base is 0. */
export const percentOf = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** What a report's CSV file is called: the report, the dates, the opening. */
export function reportFileName(
  kind: ReportKind,
  filter: Pick<ReportFilter, 'from' | 'to' | 'jobId'>,
) {
  const opening = filter.jobId === null ? 'all-openings' : `opening-${filter.jobId}`;
  return `${kind}_${filter.from}_to_${filter.to}_${opening}.csv`;
}

/** Labels the screen and the CSV share. */
export const NO_SOURCE_LABEL = 'No source';
export const NO_REASON_LABEL = 'No reason given';

// Interview plans, working hours and scheduling (docs/recruiters.md "Interview plans",
// "Working hours", "Scheduling"): the console's API, camelCase.
import { STAGE_LISTS, applicantStageSchema, type ApplicantStage } from './pipeline';
import { z } from './zod-setup';

/** The console's interview API, under /api (relative to API_BASE_PATH as consolePaths). */
export const interviewPaths = {
  /** GET an opening's interview plan per open stage; PUT replaces it. */
  plan: '/recruiters/jobs/:id/interview-plan',
  /** GET/PUT the signed-in person's own time zone and weekly working hours (every role). */
  workingHours: '/recruiters/session/working-hours',
  /** GET the console's active people, who may run an interview. */
  interviewers: '/recruiters/interviewers',
  /** GET an applicant's interviews; POST schedules one. */
  applicantInterviews: '/recruiters/applicants/:id/interviews',
  /** PATCH reschedules (start, duration, interviewers, location); DELETE cancels. */
  interview: '/recruiters/interviews/:id',
  /** POST: what a schedule would collide with, asked before saving it. */
  conflicts: '/recruiters/interviews/conflicts',
} as const;

export const interviewKinds = ['phone', 'video', 'on_site'] as const;
export type InterviewKind = (typeof interviewKinds)[number];
export const interviewKindLabels: Record<InterviewKind, string> = {
  phone: 'Phone',
  video: 'Video',
  on_site: 'On site',
};

/** The stages a plan holds interviews for: the pipeline's open ones, in its order. */
export const PLAN_STAGES: readonly ApplicantStage[] = STAGE_LISTS.open;

export const PLAN_LIMITS = {
  name: 120,
  item: 200,
  question: 500,
  focusAttributes: 20,
  questions: 30,
  interviewsPerStage: 20,
  minDuration: 15,
  maxDuration: 480,
  durationStep: 5,
} as const;

export const durationSchema = z
  .number()
  .int()
  .min(PLAN_LIMITS.minDuration)
  .max(PLAN_LIMITS.maxDuration)
  .multipleOf(PLAN_LIMITS.durationStep);

const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const planInterviewInputSchema = z.strictObject({
  /** A kept interview's id; none for a new one. */
  id: z.number().int().positive().optional(),
  name: trimmed(PLAN_LIMITS.name),
  durationMinutes: durationSchema,
  kind: z.enum(interviewKinds),
  focusAttributes: z.array(trimmed(PLAN_LIMITS.item)).max(PLAN_LIMITS.focusAttributes),
  questions: z.array(trimmed(PLAN_LIMITS.question)).max(PLAN_LIMITS.questions),
});
export type PlanInterviewInput = z.infer<typeof planInterviewInputSchema>;

export const planInterviewSchema = planInterviewInputSchema.extend({ id: z.number().int() });
export type PlanInterview = z.infer<typeof planInterviewSchema>;

export const planStageInputSchema = z.strictObject({
  stage: applicantStageSchema.refine((stage) => PLAN_STAGES.includes(stage), {
    message: 'is not a stage a plan holds interviews for',
  }),
  interviews: z.array(planInterviewInputSchema).max(PLAN_LIMITS.interviewsPerStage),
});

/** PUT: the whole plan; a stage left out keeps no interviews. */
export const interviewPlanInputSchema = z
  .strictObject({ stages: z.array(planStageInputSchema) })
  .refine((plan) => new Set(plan.stages.map((s) => s.stage)).size === plan.stages.length, {
    message: 'names a stage twice',
    path: ['stages'],
  })
  .refine(
    (plan) => {
      const ids = plan.stages.flatMap((s) => s.interviews.flatMap((i) => (i.id ? [i.id] : [])));
      return new Set(ids).size === ids.length;
    },
    { message: 'names an interview twice', path: ['stages'] },
  );
export type InterviewPlanInput = z.infer<typeof interviewPlanInputSchema>;

/** GET: every plan stage in the pipeline's order, each with its interviews in order. */
export const interviewPlanSchema = z.object({
  stages: z.array(
    z.object({ stage: applicantStageSchema, interviews: z.array(planInterviewSchema) }),
  ),
});
export type InterviewPlan = z.infer<typeof interviewPlanSchema>;

/** Whether the runtime knows `zone` as an IANA time zone (aliases such as US/Eastern too). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'is not a time zone we know: choose one such as Asia/Manila' });

/** A wall-clock time of day, "HH:MM"; "24:00" ends a day. */
const clockSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, {
  message: 'must be a time such as 09:30',
});
export const clockMinutes = (clock: string) =>
  Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
export const minutesClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const workingSpanSchema = z
  .strictObject({
    /** 1 Monday … 7 Sunday (ISO). */
    weekday: z.number().int().min(1).max(7),
    start: clockSchema,
    end: clockSchema,
  })
  .refine((span) => clockMinutes(span.start) < clockMinutes(span.end), {
    message: 'must end after it starts',
    path: ['end'],
  });
export type WorkingSpan = z.infer<typeof workingSpanSchema>;

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const workingHoursInputSchema = z
  .strictObject({ timeZone: timeZoneSchema, hours: z.array(workingSpanSchema).max(50) })
  .refine(
    ({ hours }) =>
      hours.every((a, i) =>
        hours.every(
          (b, j) =>
            i === j ||
            a.weekday !== b.weekday ||
            clockMinutes(a.end) <= clockMinutes(b.start) ||
            clockMinutes(b.end) <= clockMinutes(a.start),
        ),
      ),
    { message: 'has two spans of one day that overlap', path: ['hours'] },
  );
export type WorkingHoursInput = z.infer<typeof workingHoursInputSchema>;

/** A person's hours: no time zone and no spans until they set them. */
export const workingHoursSchema = z.object({
  timeZone: z.string().nullable(),
  hours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
});
export type WorkingHours = z.infer<typeof workingHoursSchema>;

/**
 * A start as the wall time in the schedule's time zone, to the minute ("2026-03-09T09:00"):
 * the recruiter's own words, so a DST change between now and then cannot move it.
 */
export const localStartSchema = z
  .string()
  .regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d$/, {
    message: 'must be a date and time such as 2026-03-09T09:00',
  });

const interviewerIdsSchema = z
  .array(z.number().int().positive())
  .min(1)
  .max(10)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'names a person twice' });
const locationSchema = z.string().trim().max(500).nullable();

const scheduleFields = {
  planInterviewId: z.number().int().positive(),
  timeZone: timeZoneSchema,
  durationMinutes: durationSchema,
  interviewerIds: interviewerIdsSchema,
  location: locationSchema.optional(),
};

/**
 * POST: a start (the wall time in `timeZone`), or `offerSlots: true` to let the candidate
 * choose from the interviewers' free times (docs/careers.md, "Booking an interview"); then
 * `timeZone` is the one the candidate's page shows first.
 */
export const scheduleInputSchema = z.union([
  z.strictObject({ ...scheduleFields, startsAt: localStartSchema }),
  z.strictObject({ ...scheduleFields, offerSlots: z.literal(true) }),
]);
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** PATCH: what changes; a new start is read in `timeZone`, or the interview's own zone. */
export const interviewPatchSchema = z
  .strictObject({
    startsAt: localStartSchema,
    timeZone: timeZoneSchema,
    durationMinutes: durationSchema,
    interviewerIds: interviewerIdsSchema,
    location: locationSchema,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'changes nothing' });
export type InterviewPatch = z.infer<typeof interviewPatchSchema>;

/** The schedule as typed so far (the plan interview is not needed), and the one it replaces. */
export const conflictsQuerySchema = z.strictObject({
  planInterviewId: z.number().int().positive().optional(),
  startsAt: localStartSchema,
  timeZone: timeZoneSchema,
  durationMinutes: durationSchema,
  interviewerIds: interviewerIdsSchema,
  location: locationSchema.optional(),
  exceptInterviewId: z.number().int().positive().optional(),
});
export type ConflictsQuery = z.infer<typeof conflictsQuerySchema>;

/** Where a schedule stands against a person's working hours, in their own time zone. */
export const hoursVerdicts = ['inside', 'outside', 'no-hours'] as const;
export type HoursVerdict = (typeof hoursVerdicts)[number];

export const interviewerConflictSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  timeZone: z.string().nullable(),
  /** The interview's start and end in the person's zone, "Mon 2026-03-09 22:00–23:00". */
  theirTime: z.string().nullable(),
  hours: z.enum(hoursVerdicts),
  overlapping: z.array(
    z.object({
      interviewId: z.number().int(),
      applicantId: z.number().int(),
      applicantName: z.string(),
      name: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
    }),
  ),
});
export type InterviewerConflict = z.infer<typeof interviewerConflictSchema>;

export const conflictsSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  interviewers: z.array(interviewerConflictSchema),
});
export type Conflicts = z.infer<typeof conflictsSchema>;

export const interviewerSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  timeZone: z.string().nullable(),
});
export type Interviewer = z.infer<typeof interviewerSchema>;

export const interviewStatuses = ['scheduled', 'offered', 'cancelled'] as const;

/**
 * Self-scheduling (docs/careers.md, "Booking an interview"): the times offered start a day
 * ahead and run for two weeks, one every `stepMinutes` where every interviewer is inside their
 * working hours and free; the candidate books, moves or cancels until `noticeHours` before.
 */
export const SELF_SCHEDULING = {
  noticeHours: 24,
  windowDays: 14,
  stepMinutes: 30,
  maxSlots: 60,
} as const;

export const interviewSchema = z.object({
  id: z.number().int(),
  applicantId: z.number().int(),
  status: z.enum(interviewStatuses),
  /** An ISO instant (UTC), null while slots are offered. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The IANA zone it was scheduled in. */
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  location: z.string().nullable(),
  sequence: z.number().int(),
  planInterview: planInterviewSchema.extend({
    stage: applicantStageSchema,
    removed: z.boolean(),
  }),
  interviewers: z.array(interviewerSchema.omit({ timeZone: true })),
  /** Times offered to the candidate: how many are still free, and whether they booked one. */
  offer: z.object({ freeSlots: z.number().int(), booked: z.boolean() }).nullable(),
  updatedAt: z.string(),
});
export type Interview = z.infer<typeof interviewSchema>;

// Scorecards: an interviewer's ratings of an interview's focus attributes, notes and overall
// recommendation (docs/recruiters.md, "Scorecards"), the summary per applicant, feedback due.
import { z } from './zod-setup';

export const scorecardPaths = {
  /** GET the kit and your scorecard (and the others' once yours is in); PUT saves or submits. */
  scorecard: '/recruiters/interviews/:id/scorecard',
  /** GET the applicant's submitted scorecards, summed up per attribute and overall. */
  applicantScorecards: '/recruiters/applicants/:id/scorecards',
  /** GET the interviews that ended without your submitted scorecard (admins: `who=everyone`). */
  feedbackDue: '/recruiters/feedback-due',
} as const;

/** Hours after an interview ends before its missing feedback is overdue and a reminder goes. */
export const FEEDBACK_DUE_HOURS = 24;
export const SCORECARD_NOTES_MAX = 5000;
export const ATTRIBUTE_NOTES_MAX = 1000;

/** The overall recommendation, from the most against to the most for. */
export const recommendations = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export const recommendationSchema = z.enum(recommendations);
export type Recommendation = z.infer<typeof recommendationSchema>;
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};

/** A focus attribute's rating: 1 (weak) to 4 (strong), or no opinion; null while not rated. */
export const ratingValues = [1, 2, 3, 4] as const;
export const NO_OPINION = 'no_opinion';
export const ratingSchema = z
  .union([z.number().int().min(1).max(4), z.literal(NO_OPINION)])
  .nullable();
export type Rating = z.infer<typeof ratingSchema>;
export const RATING_LABELS: Record<(typeof ratingValues)[number] | typeof NO_OPINION, string> = {
  1: '1 Weak',
  2: '2 Mixed',
  3: '3 Good',
  4: '4 Strong',
  [NO_OPINION]: 'No opinion',
};

export const attributeRatingSchema = z.object({
  attribute: z.string().min(1).max(120),
  rating: ratingSchema,
  notes: z.string().max(ATTRIBUTE_NOTES_MAX),
});
export type AttributeRating = z.infer<typeof attributeRatingSchema>;

/** PUT: the draft as typed; `submit: true` submits it (every attribute rated, a recommendation). */
export const scorecardInputSchema = z.object({
  ratings: z.array(attributeRatingSchema).max(40),
  notes: z.string().max(SCORECARD_NOTES_MAX),
  recommendation: recommendationSchema.nullable(),
  submit: z.boolean().optional(),
});
export type ScorecardInput = z.infer<typeof scorecardInputSchema>;

/** Why a scorecard cannot be submitted yet, or undefined when it can. */
export function submitRefusal(input: Pick<ScorecardInput, 'ratings' | 'recommendation'>) {
  const unrated = input.ratings.filter((rating) => rating.rating === null);
  if (unrated.length > 0) {
    return `Rate ${unrated.map((rating) => rating.attribute).join(', ')}, or choose No opinion.`;
  }
  if (input.recommendation === null) return 'Choose an overall recommendation.';
  return undefined;
}

export const scorecardSchema = z.object({
  interviewer: z.object({ userId: z.number().int(), name: z.string() }),
  ratings: z.array(attributeRatingSchema),
  notes: z.string(),
  recommendation: recommendationSchema.nullable(),
  updatedAt: z.string().nullable(),
  /** Null: a draft, seen by its author only. */
  submittedAt: z.string().nullable(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

export const interviewKitSchema = z.object({
  focusAttributes: z.array(z.string()),
  questions: z.array(z.string()),
});

/** GET …/scorecard: the interview, its kit, your own scorecard, and the others' when visible. */
export const scorecardPageSchema = z.object({
  interview: z.object({
    interviewId: z.number().int(),
    name: z.string(),
    applicantId: z.number().int(),
    applicantName: z.string(),
    jobTitle: z.string(),
    startsAt: z.string().nullable(),
    timeZone: z.string(),
    durationMinutes: z.number().int(),
    status: z.string(),
  }),
  kit: interviewKitSchema,
  /** Yours, when you are one of its interviewers (a blank one until you save). */
  mine: scorecardSchema.nullable(),
  /**
   * The other interviewers' submitted scorecards; null while they stay hidden (you interview
   * too and have not submitted yours).
   */
  others: z.array(scorecardSchema).nullable(),
});
export type ScorecardPage = z.infer<typeof scorecardPageSchema>;

/** How the submitted scorecards rated one attribute: a count per rating. */
export const attributeSummarySchema = z.object({
  attribute: z.string(),
  counts: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    [NO_OPINION]: z.number().int(),
  }),
});

/** GET …/applicants/:id/scorecards. */
export const applicantScorecardsSchema = z.object({
  interviews: z.array(
    z.object({
      interviewId: z.number().int(),
      name: z.string(),
      startsAt: z.string().nullable(),
      status: z.string(),
      /** Interviewers, with whether each has submitted. */
      interviewers: z.array(
        z.object({ userId: z.number().int(), name: z.string(), submitted: z.boolean() }),
      ),
      /** Hidden (null) from an interviewer of this interview until theirs is submitted. */
      scorecards: z.array(scorecardSchema).nullable(),
    }),
  ),
  /** Over every visible submitted scorecard: the recommendations counted, and each attribute. */
  recommendations: z.object({
    strong_no: z.number().int(),
    no: z.number().int(),
    yes: z.number().int(),
    strong_yes: z.number().int(),
  }),
  attributes: z.array(attributeSummarySchema),
});
export type ApplicantScorecards = z.infer<typeof applicantScorecardsSchema>;

export const feedbackDueQuerySchema = z.object({
  who: z.enum(['me', 'everyone']).default('me'),
});

export const feedbackDueSchema = z.object({
  items: z.array(
    z.object({
      interviewId: z.number().int(),
      name: z.string(),
      applicantId: z.number().int(),
      applicantName: z.string(),
      jobTitle: z.string(),
      interviewer: z.object({ userId: z.number().int(), name: z.string() }),
      startsAt: z.string(),
      endsAt: z.string(),
      /** FEEDBACK_DUE_HOURS have passed since the interview ended. */
      overdue: z.boolean(),
      /** A draft is saved. */
      drafted: z.boolean(),
    }),
  ),
});
export type FeedbackDue = z.infer<typeof feedbackDueSchema>;

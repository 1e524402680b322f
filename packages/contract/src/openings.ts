import { isoInstantSchema } from './dates';
import { openingTermsInputSchema, openingTermsSchema } from './job-terms';
import { placeSchema, placesSchema, remoteCountriesSchema } from './places';
import { publicQuestionSchema, questionSchema, questionsSchema } from './questions';
import { z } from './zod-setup';

/*
 * An opening has four types (docs/architecture.md, "An opening's four types"): the stored one
 * is the server's (domains/openings/jobs-repository.ts); the other three are here, because both
 * sides read them. The old client's and the bearer API's shapes are mappings of these, in
 * legacy/.
 */

/** What a visitor sees of an opening: its page (and, picked, its row on the careers list). */
export const publicOpeningSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  location: z.string(),
  /** ISO 8601 instant. */
  effectiveFrom: z.string(),
  /** Comma-separated names. */
  recruitmentManagers: z.string(),
  /** Comma-separated names, matched by position with contactEmails. */
  contactPersons: z.string(),
  contactEmails: z.string(),
  /** HTML, sanitised when stored. */
  description: z.string(),
  ...openingTermsSchema.shape,
  /**
   * Where the work is: one or more places. An opening written with one free-text place only
   * has the place that text names, or none when it names no country.
   */
  locations: z.array(placeSchema),
  /** ISO 3166-1 alpha-2 codes a remote opening may be held from; [] for others. */
  remoteCountries: z.array(z.string()),
  /** The opening's own questions (docs/careers.md), without their knock-out answers. */
  questions: z.array(publicQuestionSchema),
});
export type PublicOpening = z.infer<typeof publicOpeningSchema>;

/** open (published), scheduled (effectiveFrom in the future) or closed. */
export const openingStateSchema = z.enum(['open', 'scheduled', 'closed']);

/** An opening as recruiters see it (the console): everything public, its state and counts. */
export const recruiterOpeningSchema = publicOpeningSchema.extend({
  /** With their knock-out answers. */
  questions: z.array(questionSchema),
  isOpen: z.boolean(),
  state: openingStateSchema,
  applicants: z.number().int(),
  /** Applicants still in stage New. */
  newApplicants: z.number().int(),
});
export type RecruiterOpening = z.infer<typeof recruiterOpeningSchema>;
export type OpeningState = RecruiterOpening['state'];

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** What a recruiter sends to post an opening (docs/recruiters.md). */
export const openingInputSchema = z.object({
  code: requiredText(40),
  title: requiredText(200),
  location: requiredText(200),
  /** ISO 8601; defaults to now. */
  effectiveFrom: isoInstantSchema.optional(),
  description: z.string().max(100_000),
  recruitmentManagers: z.string().max(1000),
  contactPersons: z.string().max(1000),
  contactEmails: z.string().max(2000),
  ...openingTermsInputSchema.shape,
  /** Several places; `location` is then their display line. */
  locations: placesSchema.optional(),
  remoteCountries: remoteCountriesSchema.optional(),
  questions: questionsSchema.optional(),
});
export type OpeningInput = z.infer<typeof openingInputSchema>;

/** A change: any of the input's fields, and isOpen (false closes, true reopens). */
export const openingPatchSchema = openingInputSchema
  .partial()
  .extend({ isOpen: z.boolean().optional() });
export type OpeningPatch = z.infer<typeof openingPatchSchema>;

/** `:id` of an opening's path, a whole number. */
export const openingParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number),
});

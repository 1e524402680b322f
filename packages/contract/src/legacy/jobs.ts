import type { CareerListing } from '../careers-listing';
import { openingTermsSchema, type OpeningTerms } from '../job-terms';
import type { PublicOpening } from '../openings';
import { placeSchema, type Place } from '../places';
import {
  publicQuestionSchema,
  questionSchema,
  type PublicQuestion,
  type Question,
} from '../questions';
import { z } from '../zod-setup';
import { pickWireNames, toWireNames } from './wire-names';

// The old client's /api/Jobs/* shapes (docs/api.md), spelled as it spells them, and the one
// mapping between them and the openings' own types (openings.ts, careers-listing.ts).

/**
 * An opening's terms in the old names (each name capitalised, as an application's are): every
 * answer about an opening carries them.
 */
export const jobTermsSchema = z.object(toWireNames(openingTermsSchema.shape));
export type JobTerms = z.infer<typeof jobTermsSchema>;

export const jobTermsOf = (terms: OpeningTerms): JobTerms =>
  pickWireNames(terms, openingTermsSchema.keyof().options);

/** A place as the published APIs spell it: `{ City, Region, Country }`. */
export const wirePlaceSchema = z.object(toWireNames(placeSchema.shape));
export type WirePlace = z.infer<typeof wirePlaceSchema>;
export const wirePlaceOf = (place: Place): WirePlace =>
  pickWireNames(place, placeSchema.keyof().options);
export const placeOf = (place: WirePlace): Place => ({
  city: place.City,
  region: place.Region,
  country: place.Country,
});

/** A question as the published APIs spell it (the public detail leaves Knockout out). */
export const wirePublicQuestionSchema = z.object(toWireNames(publicQuestionSchema.shape));
export type WirePublicQuestion = z.infer<typeof wirePublicQuestionSchema>;
export const wireQuestionSchema = wirePublicQuestionSchema.extend({
  Knockout: questionSchema.shape.knockout,
});
export type WireQuestion = z.infer<typeof wireQuestionSchema>;

// The public detail picks its keys, so a question's knock-out answers never reach it.
export const wirePublicQuestionOf = (question: PublicQuestion): WirePublicQuestion =>
  pickWireNames(question, publicQuestionSchema.keyof().options);
export const wireQuestionOf = (question: Question): WireQuestion =>
  pickWireNames(question, questionSchema.keyof().options);
export const questionOf = (question: WireQuestion): Question => ({
  key: question.Key,
  label: question.Label,
  type: question.Type,
  required: question.Required,
  ...(question.Options !== undefined && { options: question.Options }),
  ...(question.Knockout !== undefined && { knockout: question.Knockout }),
});

/** Query of GET /Jobs/CareerDetailsRetrival (docs/api.md). */
export const actionFlagSchema = z.enum(['JobOpenings', 'JobOpeningsDetail']);
export type ActionFlag = z.infer<typeof actionFlagSchema>;

/** A non-negative integer sent as a query string ("0", "42"); anything else is refused. */
export const idParamSchema = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number);

export const careerDetailsQuerySchema = z.object({
  ActionFlag: actionFlagSchema,
  jobID: idParamSchema,
});

/** One row of the openings list (docs/api.md). */
export const jobOpeningSchema = z.object({
  Job_id: z.number().int(),
  JobCode: z.string(),
  JobTitle: z.string(),
  JobLocation: z.string(),
  DateCount: z.number().int(),
  HourCount: z.number().int(),
  MinuteCount: z.number().int(),
  /** Spelled as the spec spells it: the number of items in the list. */
  CurerntOpening: z.number().int(),
});
export type JobOpening = z.infer<typeof jobOpeningSchema>;
export const jobOpeningListSchema = z.array(jobOpeningSchema);

/** The job detail (first item of the JobOpeningsDetail answer). */
export const jobDetailSchema = z.object({
  Job_id: z.number().int(),
  JobCode: z.string(),
  JobTitle: z.string(),
  JobLocation: z.string(),
  /** ISO 8601 instant. */
  EffectiveFrom: z.string(),
  /** Comma-separated names. */
  Recruitment_Manager: z.string(),
  /** Comma-separated names, matched by position with ContactPersonMail. */
  ContactPerson: z.string(),
  ContactPersonMail: z.string(),
  /** HTML, sanitised when stored. */
  Job_Description: z.string(),
  ...jobTermsSchema.shape,
  /** Every place of the opening (JobLocation is their display line). */
  Locations: z.array(wirePlaceSchema),
  /** Where a remote opening may be held from (alpha-2 codes). */
  RemoteCountries: z.array(z.string()),
  /** The opening's own questions, without their knock-out answers. */
  Questions: z.array(wirePublicQuestionSchema),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;
export const jobDetailListSchema = z.array(jobDetailSchema);

/** Reference data options (Country, State, Shift, Experience). */
export const controlNameSchema = z.enum(['Country', 'State', 'Shift', 'Experience']);
export type ControlName = z.infer<typeof controlNameSchema>;

export const dropDownQuerySchema = z.object({
  ControlName: controlNameSchema,
  CountryID: idParamSchema.optional(),
});
export const statesQuerySchema = z.object({ CountryID: idParamSchema });

export const dropDownOptionSchema = z.object({ value: z.number().int(), label: z.string() });
export type DropDownOption = z.infer<typeof dropDownOptionSchema>;
export const dropDownOptionListSchema = z.array(dropDownOptionSchema);

/** The answer of CareerDetailsRetrival: the openings list, or the one-item detail list. */
export const careerDetailsResponseSchema = z.union([jobOpeningListSchema, jobDetailListSchema]);

/** The careers rows as the openings list (ActionFlag JobOpenings) answers them. */
export function jobOpeningsOf(
  rows: Pick<CareerListing, 'id' | 'code' | 'title' | 'location' | 'posted'>[],
): JobOpening[] {
  return rows.map((row) => ({
    Job_id: row.id,
    JobCode: row.code,
    JobTitle: row.title,
    JobLocation: row.location,
    DateCount: row.posted.days,
    HourCount: row.posted.hours,
    MinuteCount: row.posted.minutes,
    CurerntOpening: rows.length,
  }));
}

export const jobDetailOf = (opening: PublicOpening): JobDetail => ({
  Job_id: opening.id,
  JobCode: opening.code,
  JobTitle: opening.title,
  JobLocation: opening.location,
  EffectiveFrom: opening.effectiveFrom,
  Recruitment_Manager: opening.recruitmentManagers,
  ContactPerson: opening.contactPersons,
  ContactPersonMail: opening.contactEmails,
  Job_Description: opening.description,
  ...jobTermsOf(opening),
  Locations: opening.locations.map(wirePlaceOf),
  RemoteCountries: opening.remoteCountries,
  Questions: opening.questions.map(wirePublicQuestionOf),
});

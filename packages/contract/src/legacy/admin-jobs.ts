import { isoInstantSchema } from '../dates';
import { openingTermsInputSchema } from '../job-terms';
import type { OpeningInput, OpeningPatch, RecruiterOpening } from '../openings';
import type { FieldError } from '../problem';
import { z } from '../zod-setup';
import { MAX_PLACES, remoteCountriesSchema } from '../places';
import { MAX_QUESTIONS } from '../questions';
import {
  jobDetailOf,
  jobTermsOf,
  jobTermsSchema,
  placeOf,
  questionOf,
  wirePlaceSchema,
  wireQuestionOf,
  wireQuestionSchema,
  type WirePlace,
  type WireQuestion,
} from './jobs';
import { toWireNames } from './application';

// The published /api/admin/jobs shapes (docs/recruiters.md), spelled as they were published,
// and the one mapping between them and the openings' own types (openings.ts).

export const adminJobSchema = z
  .object({
    Job_id: z.number().int(),
    JobCode: z.string(),
    JobTitle: z.string(),
    JobLocation: z.string(),
    EffectiveFrom: z.string(),
    IsOpen: z.boolean(),
    Applicants: z.number().int(),
  })
  .extend(jobTermsSchema.shape);
export type AdminJob = z.infer<typeof adminJobSchema>;

const requiredText = (max: number) => z.string().trim().min(1).max(max);

export const adminJobCreateSchema = z.object({
  JobCode: requiredText(40),
  JobTitle: requiredText(200),
  JobLocation: requiredText(200),
  /** ISO 8601; defaults to now. */
  EffectiveFrom: isoInstantSchema.optional(),
  Job_Description: z.string().max(100_000),
  Recruitment_Manager: z.string().max(1000),
  ContactPerson: z.string().max(1000),
  ContactPersonMail: z.string().max(2000),
  ...toWireNames(openingTermsInputSchema.shape),
  /** Several places; JobLocation is then their display line. */
  Locations: z.array(wirePlaceSchema).min(1).max(MAX_PLACES).optional(),
  /** Required when WorkplaceType is REMOTE. */
  RemoteCountries: remoteCountriesSchema.optional(),
  Questions: z.array(wireQuestionSchema).max(MAX_QUESTIONS).optional(),
});
export type AdminJobCreate = z.infer<typeof adminJobCreateSchema>;

export const adminJobPatchSchema = adminJobCreateSchema
  .partial()
  .extend({ IsOpen: z.boolean().optional() });
export type AdminJobPatch = z.infer<typeof adminJobPatchSchema>;

/** One opening as a recruiter sees it: the list fields plus everything the detail shows. */
export const adminJobDetailSchema = adminJobSchema.extend({
  Recruitment_Manager: z.string(),
  ContactPerson: z.string(),
  ContactPersonMail: z.string(),
  /** HTML as stored, i.e. after sanitising. */
  Job_Description: z.string(),
  Locations: z.array(wirePlaceSchema),
  RemoteCountries: z.array(z.string()),
  /** With their knock-out answers. */
  Questions: z.array(wireQuestionSchema),
});
export type AdminJobDetail = z.infer<typeof adminJobDetailSchema>;

export const adminJobCreatedSchema = z.object({ Job_id: z.number().int() });
export type AdminJobCreated = z.infer<typeof adminJobCreatedSchema>;

/** Each published field and the opening's own name for it. */
const fieldNames = {
  JobCode: 'code',
  JobTitle: 'title',
  JobLocation: 'location',
  EffectiveFrom: 'effectiveFrom',
  Job_Description: 'description',
  Recruitment_Manager: 'recruitmentManagers',
  ContactPerson: 'contactPersons',
  ContactPersonMail: 'contactEmails',
  EmploymentType: 'employmentType',
  WorkplaceType: 'workplaceType',
  PayMin: 'payMin',
  PayMax: 'payMax',
  PayCurrency: 'payCurrency',
  PayPeriod: 'payPeriod',
  Locations: 'locations',
  RemoteCountries: 'remoteCountries',
  Questions: 'questions',
  IsOpen: 'isOpen',
} as const satisfies Record<keyof AdminJobPatch, keyof OpeningPatch>;

const publishedNames = new Map<string, string>(
  Object.entries(fieldNames).map(([published, own]) => [own, published]),
);

/** The published fields whose values are objects spelt the published way too. */
const valueOf: Partial<Record<keyof AdminJobPatch, (value: never) => unknown>> = {
  Locations: (places: WirePlace[]) => places.map(placeOf),
  Questions: (questions: WireQuestion[]) => questions.map(questionOf),
};

/** A published body (create or change) in the opening's own names. */
export function openingPatchOf(body: AdminJobPatch): OpeningPatch {
  const patch: Record<string, unknown> = {};
  for (const [published, value] of Object.entries(body)) {
    const own = fieldNames[published as keyof AdminJobPatch];
    const convert = valueOf[published as keyof AdminJobPatch] as
      ((value: unknown) => unknown) | undefined;
    if (own !== undefined && value !== undefined) patch[own] = convert ? convert(value) : value;
  }
  return patch as OpeningPatch;
}

/** A published create body in the opening's own names (the schema checked every field). */
export const openingInputOf = (body: AdminJobCreate): OpeningInput =>
  openingPatchOf(body) as OpeningInput;

/** A field's published name; a nested one's parts too (`questions.0.label` -> `Questions.0.Label`). */
function publishedField(field: string): string {
  const [first = '', ...rest] = field.split('.');
  const nested = rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  return [publishedNames.get(first) ?? first, ...nested].join('.');
}

/** A refusal's field names (and a name its message mentions) as the published API names them. */
export const adminFieldErrors = (errors: FieldError[]): FieldError[] =>
  errors.map(({ field, message }) => ({
    field: publishedField(field),
    message: message.replace(/\b[a-z]+[A-Z]\w*\b/g, (name) => publishedNames.get(name) ?? name),
  }));

type AdminView = Omit<RecruiterOpening, 'state' | 'newApplicants'>;

export const adminJobOf = (opening: AdminView): AdminJob => ({
  Job_id: opening.id,
  JobCode: opening.code,
  JobTitle: opening.title,
  JobLocation: opening.location,
  EffectiveFrom: opening.effectiveFrom,
  IsOpen: opening.isOpen,
  Applicants: opening.applicants,
  ...jobTermsOf(opening),
});

/** The detail: the public detail's fields (one mapping, legacy/jobs.ts) and the list's. */
export const adminJobDetailOf = (opening: AdminView): AdminJobDetail => ({
  ...jobDetailOf(opening),
  ...adminJobOf(opening),
  Questions: opening.questions.map(wireQuestionOf),
});

/** `:id` of /admin/jobs/:id, a whole number. */
export { openingParamsSchema as adminJobParamsSchema } from '../openings';

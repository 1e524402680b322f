import { z } from './zod-setup';

/** What kind of employment an opening offers (schema.org's JobPosting names). */
export const employmentTypeSchema = z.enum([
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
]);
export type EmploymentType = z.infer<typeof employmentTypeSchema>;

/** Where the work is done. */
export const workplaceTypeSchema = z.enum(['ONSITE', 'HYBRID', 'REMOTE']);
export type WorkplaceType = z.infer<typeof workplaceTypeSchema>;

/** The period a pay range is quoted for. */
export const payPeriodSchema = z.enum(['HOUR', 'MONTH', 'YEAR']);
export type PayPeriod = z.infer<typeof payPeriodSchema>;

/** An opening's employment, place and pay, as every view of an opening carries them. */
export const openingTermsSchema = z.object({
  employmentType: employmentTypeSchema,
  workplaceType: workplaceTypeSchema,
  /** Whole or decimal amounts in payCurrency; null when no range is published. */
  payMin: z.number().nullable(),
  payMax: z.number().nullable(),
  /** ISO 4217 code ("USD"); null with no range. */
  payCurrency: z.string().nullable(),
  payPeriod: payPeriodSchema.nullable(),
});
export type OpeningTerms = z.infer<typeof openingTermsSchema>;

/** An opening's terms when a recruiter names none: full time, on site, no pay range. */
export const DEFAULT_OPENING_TERMS: OpeningTerms = {
  employmentType: 'FULL_TIME',
  workplaceType: 'ONSITE',
  payMin: null,
  payMax: null,
  payCurrency: null,
  payPeriod: null,
};

/** What a recruiter may send for the terms: all optional (create: FULL_TIME, ONSITE, no pay). */
export const openingTermsInputSchema = z.object({
  employmentType: employmentTypeSchema.optional(),
  workplaceType: workplaceTypeSchema.optional(),
  payMin: z.number().nonnegative().max(100_000_000).nullable().optional(),
  payMax: z.number().nonnegative().max(100_000_000).nullable().optional(),
  payCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .nullable()
    .optional(),
  payPeriod: payPeriodSchema.nullable().optional(),
});

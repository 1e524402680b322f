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

/** An opening's employment, place and pay, as every answer about an opening carries them. */
export const jobTermsSchema = z.object({
  EmploymentType: employmentTypeSchema,
  WorkplaceType: workplaceTypeSchema,
  /** Whole or decimal amounts in PayCurrency; null when no range is published. */
  PayMin: z.number().nullable(),
  PayMax: z.number().nullable(),
  /** ISO 4217 code ("USD"); null with no range. */
  PayCurrency: z.string().nullable(),
  PayPeriod: payPeriodSchema.nullable(),
});
export type JobTerms = z.infer<typeof jobTermsSchema>;

/** What a recruiter may send for the terms: all optional (create: FULL_TIME, ONSITE, no pay). */
export const jobTermsInputSchema = z.object({
  EmploymentType: employmentTypeSchema.optional(),
  WorkplaceType: workplaceTypeSchema.optional(),
  PayMin: z.number().nonnegative().max(100_000_000).nullable().optional(),
  PayMax: z.number().nonnegative().max(100_000_000).nullable().optional(),
  PayCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .nullable()
    .optional(),
  PayPeriod: payPeriodSchema.nullable().optional(),
});

// The console's openings list: its query, its page, and the short choices other pages offer.
import { pagedQuerySchema, pagedSchema } from './console';
import { openingStateSchema, recruiterOpeningSchema } from './openings';
import { z } from './zod-setup';

/**
 * How the openings list is ordered: by effective date, code, title or state (open, scheduled,
 * closed); a leading `-` reverses it. Without one: newest first (`-effective`). Not by its
 * applicant counts: that order needs every opening's counts, read from every applicant, which
 * is what paging the list saves (docs/performance.md, "Data growth").
 */
export const openingSortSchema = z.enum([
  '-effective',
  'effective',
  'code',
  '-code',
  'title',
  '-title',
  'state',
  '-state',
]);
export type OpeningSortParam = z.infer<typeof openingSortSchema>;
export const DEFAULT_OPENING_SORT: OpeningSortParam = '-effective';

export const openingsQuerySchema = pagedQuerySchema.extend({
  /** Words each found in the code, the title or the place (any order, any case). */
  q: z.string().max(200).optional(),
  /** Only openings in this state now. */
  state: openingStateSchema.optional(),
  sort: openingSortSchema.optional(),
});
export type OpeningsQuery = z.input<typeof openingsQuerySchema>;

/** A page of the openings list: PAGE_SIZE openings with their state and applicant counts. */
export const recruiterOpeningPageSchema = pagedSchema(recruiterOpeningSchema);
export type RecruiterOpeningPage = z.infer<typeof recruiterOpeningPageSchema>;

/** An opening as a choice of one (the filters of applicants, reports and sources). */
export const openingChoiceSchema = recruiterOpeningSchema.pick({
  id: true,
  code: true,
  title: true,
});
export type OpeningChoice = z.infer<typeof openingChoiceSchema>;

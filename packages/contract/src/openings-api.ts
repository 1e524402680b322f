import type { CareerListing } from './careers-listing';
import { openingTermsSchema } from './job-terms';
import { z } from './zod-setup';

/**
 * The site's own read API of its open openings (docs/api.md), in the openings' own names: what
 * the careers pages ask in the browser. The old client's `/Jobs/CareerDetailsRetrival` answers
 * the same openings in its wire names (legacy/jobs.ts).
 */
export const OPENINGS_API_PATH = '/openings';
export const OPENING_API_PATH = '/openings/:id';
export const openingApiPath = (id: number) => OPENING_API_PATH.replace(':id', String(id));

/** One row of `GET /openings`: the careers page's row (`CareerListing`). */
export const careerListingSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  location: z.string(),
  ...openingTermsSchema.shape,
  posted: z.object({
    days: z.number().int(),
    hours: z.number().int(),
    minutes: z.number().int(),
  }),
  countryValue: z.number().int().nullable(),
  countryName: z.string().nullable(),
  countries: z.array(z.object({ value: z.number().int(), name: z.string() })),
  searchText: z.string(),
});
export const careerListingListSchema = z.array(careerListingSchema);

// The schema answers exactly the type the server builds the rows as: a field added to one and
// not the other fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameRow: Same<z.infer<typeof careerListingSchema>, CareerListing> = true;
void sameRow;

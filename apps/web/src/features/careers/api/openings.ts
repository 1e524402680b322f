import {
  careerListingListSchema,
  OPENINGS_API_PATH,
  openingApiPath,
  publicOpeningSchema,
  type CareerListing,
  type PublicOpening,
} from '@lumenfield/contract';
import { apiRequest } from '@/lib/api-client';

// The careers pages read the site's own openings API (docs/api.md), in the openings' names.

/** One open opening's page; a closed or unknown one answers 404 with the closed sentence. */
export function fetchOpening(jobId: number, signal?: AbortSignal): Promise<PublicOpening> {
  return apiRequest('GET', openingApiPath(jobId), { schema: publicOpeningSchema, signal });
}

/** The open positions with their terms, country and search words: the careers page's rows. */
export function fetchCareerListing(signal?: AbortSignal): Promise<CareerListing[]> {
  return apiRequest('GET', OPENINGS_API_PATH, { schema: careerListingListSchema, signal });
}

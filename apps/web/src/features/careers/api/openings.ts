import {
  apiPaths,
  careerListingListSchema,
  jobOpeningListSchema,
  type CareerListing,
  type JobOpening,
} from '@lumenfield/contract';
import { apiRequest } from '@/lib/api-client';

/** The open positions, newest first (docs/api.md: ActionFlag JobOpenings with jobID 0). */
export function fetchOpenings(signal?: AbortSignal): Promise<JobOpening[]> {
  return apiRequest('GET', apiPaths.careerDetails, {
    query: { ActionFlag: 'JobOpenings', jobID: 0 },
    schema: jobOpeningListSchema,
    signal,
  });
}

/** The same positions with their terms, country and search words: the careers page's rows. */
export function fetchCareerListing(signal?: AbortSignal): Promise<CareerListing[]> {
  return apiRequest('GET', apiPaths.careerListing, { schema: careerListingListSchema, signal });
}

import {
  apiPaths,
  careerListingListSchema,
  careerListingOf,
  jobDetailListSchema,
  publicOpeningOfJobDetail,
  type CareerListing,
  type PublicOpening,
} from '@lumenfield/contract';
import { ApiError, apiRequest } from '@/lib/api-client';

// The careers pages ask the old client's /api/Jobs/* (docs/api.md) and read its answers in the
// openings' own names (the contract's legacy/jobs.ts maps them).

/** One opening's page: the first item of the JobOpeningsDetail answer. */
export async function fetchOpening(jobId: number, signal?: AbortSignal): Promise<PublicOpening> {
  const list = await apiRequest('GET', apiPaths.careerDetails, {
    query: { ActionFlag: 'JobOpeningsDetail', jobID: jobId },
    schema: jobDetailListSchema,
    signal,
  });
  const detail = list[0];
  // An empty list means the same to a visitor as a 404: there is no such open position.
  if (!detail) throw new ApiError(404, 'This opening could not be found.');
  return publicOpeningOfJobDetail(detail);
}

/** The open positions with their terms, country and search words: the careers page's rows. */
export async function fetchCareerListing(signal?: AbortSignal): Promise<CareerListing[]> {
  const rows = await apiRequest('GET', apiPaths.careerListing, {
    schema: careerListingListSchema,
    signal,
  });
  return rows.map(careerListingOf);
}

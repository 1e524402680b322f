import { apiPaths, jobOpeningListSchema, type JobOpening } from '@lumenfield/contract';
import { apiRequest } from '@/lib/api-client';

/** The open positions, newest first (spec §7: ActionFlag JobOpenings with jobID 0). */
export function fetchOpenings(signal?: AbortSignal): Promise<JobOpening[]> {
  return apiRequest('GET', apiPaths.careerDetails, {
    query: { ActionFlag: 'JobOpenings', jobID: 0 },
    schema: jobOpeningListSchema,
    signal,
  });
}

import { apiPaths, jobDetailListSchema, type JobDetail } from '@lumenfield/contract';
import { ApiError, apiRequest } from '@/lib/api-client';

/** One opening's detail: the first item of the JobOpeningsDetail answer. */
export async function fetchJobDetail(jobId: number, signal?: AbortSignal): Promise<JobDetail> {
  const list = await apiRequest('GET', apiPaths.careerDetails, {
    query: { ActionFlag: 'JobOpeningsDetail', jobID: jobId },
    schema: jobDetailListSchema,
    signal,
  });
  const detail = list[0];
  // An empty list means the same to a visitor as a 404: there is no such open position.
  if (!detail) throw new ApiError(404, 'This opening could not be found.');
  return detail;
}

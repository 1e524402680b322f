import {
  apiPaths,
  applicationCreatedSchema,
  type ApplicationCreated,
  type ApplicationPayload,
} from '@lumenfield/contract';
import { apiRequest } from '@/lib/api-client';

/** POST /Jobs/SaveApplicantDetail?jobID=N with the payload of docs/api.md. */
export function saveApplication(
  jobId: number,
  payload: ApplicationPayload,
): Promise<ApplicationCreated> {
  return apiRequest('POST', apiPaths.saveApplicant, {
    query: { jobID: jobId },
    body: payload,
    schema: applicationCreatedSchema,
  });
}

import {
  apiPaths,
  applicationCreatedSchema,
  type ApplicationCreated,
  type ApplicationPayload,
} from '@lumenfield/contract';
import { apiUpload } from '@/lib/api-client';

/** POST /Jobs/SaveApplicantDetail?jobID=N with the payload of docs/api.md. */
export function saveApplication(
  jobId: number,
  payload: ApplicationPayload,
  options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<ApplicationCreated> {
  return apiUpload('POST', apiPaths.saveApplicant, {
    query: { jobID: jobId },
    body: payload,
    schema: applicationCreatedSchema,
    ...options,
  });
}

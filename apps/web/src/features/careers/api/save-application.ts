import {
  answerFieldName,
  applicationAcceptedSchema,
  applyApiPath,
  applyFormFieldNames,
  type ApplicationAccepted,
  type ApplyFormField,
  type Answers,
} from '@lumenfield/contract';
import { apiUpload } from '@/lib/api-client';

/** The resume as it was read just before sending: its name and type, and its bytes. */
export interface ResumeToSend {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** The application as the form holds it: each field's text by its name, and the answers. */
export interface ApplicationToSend {
  fields: Partial<Record<ApplyFormField, string>>;
  answers: Answers;
}

/**
 * The application as multipart/form-data, in the names of the site's form (packages/contract
 * apply-form.ts), as the page without scripts posts it: each field once, an answer as
 * `answers[<key>]` (a multi_select's once per ticked option), and the resume last, as a file.
 * What is empty is not sent (the server reads an absent field as empty).
 */
export function applicationFormData(
  { fields, answers }: ApplicationToSend,
  resume: ResumeToSend,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  for (const [key, value] of Object.entries(answers)) {
    for (const one of Array.isArray(value) ? value : [value])
      form.append(answerFieldName(key), one);
  }
  form.append(
    applyFormFieldNames.resume,
    new File([resume.bytes], resume.name, { type: resume.type }),
    resume.name,
  );
  return form;
}

/**
 * POST /api/openings/:id/applications (docs/api.md): the application as multipart/form-data,
 * streamed by the server, answered `{ applicantId, message }` (201, or 200 for a repeat of one
 * already stored; refusals as problem details naming each field as the form does).
 */
export function sendApplication(
  jobId: number,
  application: ApplicationToSend,
  resume: ResumeToSend,
  options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<ApplicationAccepted> {
  return apiUpload('POST', applyApiPath(jobId), {
    body: applicationFormData(application, resume),
    schema: applicationAcceptedSchema,
    ...options,
  });
}

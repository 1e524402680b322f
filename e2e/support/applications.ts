import { expect } from '@playwright/test';
import { stateValue } from '../../apps/server/src/db/reference-data';
import { pdfWithText } from '../../apps/server/src/test/files';
import { attachmentHeader } from '../../packages/contract/src/testing';

const FIXED = { 'X-Requested-With': 'XMLHttpRequest' };

/** A public write's headers as the page sends them: the XSRF cookie from a GET, echoed. */
export async function pageWriteHeaders(base: string): Promise<Record<string, string>> {
  const got = await fetch(
    `${base}/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Shift`,
    { headers: FIXED },
  );
  const token = /XSRF-TOKEN=([^;]+)/.exec(got.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no XSRF cookie');
  return {
    ...FIXED,
    'Content-Type': 'application/json',
    Cookie: `XSRF-TOKEN=${token}`,
    'X-XSRF-TOKEN': decodeURIComponent(token),
  };
}

/** A public write as the page makes it: POST `body` as JSON to /api`path`. */
export async function pageWrite(
  base: string,
  path: string,
  body: unknown,
  headers?: Record<string, string>,
) {
  return fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: headers ?? (await pageWriteHeaders(base)),
    body: JSON.stringify(body),
  });
}

/**
 * An application as the careers page sends it to SaveApplicantDetail: an applicant from Austin,
 * Texas, with a PDF resume whose text is `resumeText`; `fields` (in the API's names) say who.
 */
export function applicationBody(
  fields: { FirstName: string; LastName: string; Email: string } & Record<string, unknown>,
  resumeText: string,
  fileName = 'cv.pdf',
) {
  return {
    MobileNumber: '5550107788',
    City: 'Austin',
    Experience: '',
    CountyID: 840,
    StateID: stateValue('US', 'TX'),
    ...fields,
    AttachmentHeader: attachmentHeader(fileName, pdfWithText(resumeText).toString('base64')),
  };
}

/**
 * An application as the careers page sends it (the XSRF cookie from a GET, echoed); its id.
 */
export async function apply(
  base: string,
  jobId: number,
  firstName: string,
  email: string,
  lastName = 'Okafor',
) {
  const applied = await pageWrite(
    base,
    `/Jobs/SaveApplicantDetail?jobID=${jobId}`,
    applicationBody(
      { FirstName: firstName, LastName: lastName, Email: email },
      `${firstName}'s resume`,
    ),
  );
  expect(applied.status).toBe(201);
  return ((await applied.json()) as { ApplicantID: number }).ApplicantID;
}

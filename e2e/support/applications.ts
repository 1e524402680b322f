import { expect } from '@playwright/test';
import { stateValue } from '../../apps/server/src/db/reference-data';
import { pdfWithText } from '../../apps/server/src/test/files';

const FIXED = { 'X-Requested-With': 'XMLHttpRequest' };

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
  const got = await fetch(
    `${base}/api/Jobs/GetRecruitmentManagerDropDownValues?ControlName=Shift`,
    {
      headers: FIXED,
    },
  );
  const token = /XSRF-TOKEN=([^;]+)/.exec(got.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no XSRF cookie');
  const applied = await fetch(`${base}/api/Jobs/SaveApplicantDetail?jobID=${jobId}`, {
    method: 'POST',
    headers: {
      ...FIXED,
      'Content-Type': 'application/json',
      Cookie: `XSRF-TOKEN=${token}`,
      'X-XSRF-TOKEN': decodeURIComponent(token),
    },
    body: JSON.stringify({
      FirstName: firstName,
      LastName: lastName,
      MobileNumber: '5550107788',
      City: 'Austin',
      Email: email,
      Experience: '',
      CountyID: 840,
      StateID: stateValue('US', 'TX'),
      AttachmentHeader: {
        HeaderID: 0,
        CreatedBy: 0,
        CreatedOn: new Date().toISOString(),
        IsActive: true,
        AttachmentDetails: [
          {
            FileName: 'cv.pdf',
            FileContent: pdfWithText(`${firstName}'s resume`).toString('base64'),
          },
        ],
      },
    }),
  });
  expect(applied.status).toBe(201);
  return ((await applied.json()) as { ApplicantID: number }).ApplicantID;
}

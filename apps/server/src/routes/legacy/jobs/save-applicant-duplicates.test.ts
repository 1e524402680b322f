import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLIED_SUCCESSFULLY } from '@lumenfield/contract';
import { createRepositories } from '../../../domains';
import {
  DUPLICATE_WINDOW_MS,
  type NewApplication,
} from '../../../domains/applications/applicants-repository';
import {
  INDIA,
  KARNATAKA,
  adminHeaders,
  applicationPayload,
  createOpening,
  postApplication,
} from '../../../test/legacy/application';
import { pdfFile } from '../../../test/files';
import { createTestApp, engine, type TestApp } from '../../../test/test-app';

interface ApplicantRow {
  ApplicantID: number;
  Email: string;
  AttachmentSha256: string;
}

describe(`duplicate submits (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'DUP-1');
  });
  afterAll(() => t.close());

  const applicants = async (job = jobId): Promise<ApplicantRow[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${job}/applicants`,
      headers: adminHeaders(t),
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const countFor = async (email: string, job = jobId) =>
    (await applicants(job)).filter((a) => a.Email.toLowerCase() === email.toLowerCase()).length;

  it('answers the same ApplicantID for the same application sent twice: 201, then 200', async () => {
    const payload = applicationPayload({ Email: 'twice@example.com' });
    const first = await postApplication(t, jobId, payload);
    const second = await postApplication(t, jobId, payload);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json()).toMatchObject({ Message: APPLIED_SUCCESSFULLY });
    expect(await countFor('twice@example.com')).toBe(1);
  });

  it('treats the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const first = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: 'Case@Example.com' }),
    );
    const again = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: '  case@EXAMPLE.COM ', FirstName: 'Ana Maria' }),
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().ApplicantID).toBe(first.json().ApplicantID);
  });

  it('stores a new application when the resume, the e-mail or the job differs', async () => {
    const base = { Email: 'varied@example.com' };
    const original = await postApplication(t, jobId, applicationPayload(base));
    const otherResume = await postApplication(
      t,
      jobId,
      applicationPayload(base, { content: pdfFile(400) }),
    );
    const otherEmail = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: 'varied.2@example.com' }),
    );
    const otherJobId = await createOpening(t, 'DUP-2');
    const otherJob = await postApplication(t, otherJobId, applicationPayload(base));
    const statuses = [original, otherResume, otherEmail, otherJob].map((r) => r.statusCode);
    expect(statuses).toEqual([201, 201, 201, 201]);
    const ids = new Set(
      [original, otherResume, otherEmail, otherJob].map((r) => r.json().ApplicantID),
    );
    expect(ids.size).toBe(4);
    expect(await countFor('varied@example.com')).toBe(2);
    expect(await countFor('varied@example.com', otherJobId)).toBe(1);
  });

  it('stores one applicant when identical submits race each other', async () => {
    const payload = applicationPayload({ Email: 'racing@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postApplication(t, jobId, payload)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().ApplicantID)).size).toBe(1);
    expect(await countFor('racing@example.com')).toBe(1);
  });

  it('refused submits do not count: a corrected resend is stored', async () => {
    const bad = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: 'fixed@example.com', MobileNumber: '12' }),
    );
    expect(bad.statusCode).toBe(400);
    const good = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: 'fixed@example.com' }),
    );
    expect(good.statusCode).toBe(201);
  });

  it('counts as a duplicate only within 10 minutes of the first submit', async () => {
    const repo = createRepositories(t.db.handle.db).applicants;
    const application: NewApplication = {
      jobId,
      fields: {
        firstName: 'Lin',
        lastName: 'Wei',
        mobileNumber: '5550100000',
        city: 'Bengaluru',
        email: 'window@example.com',
        experience: null,
        countryId: INDIA,
        stateId: KARNATAKA,
        referredBy: null,
      },
      resume: {
        originalName: 'cv.pdf',
        kind: 'pdf',
        mimeType: 'application/pdf',
        content: pdfFile(),
      },
    };
    const t0 = Date.now() + 3_600_000;
    const at = (ms: number) => new Date(t0 + ms);
    const first = await repo.create(application, at(0));
    const soon = await repo.create(application, at(DUPLICATE_WINDOW_MS - 1_000));
    const later = await repo.create(application, at(DUPLICATE_WINDOW_MS + 1_000));
    const afterLater = await repo.create(application, at(DUPLICATE_WINDOW_MS + 60_000));
    expect(first.duplicate).toBe(false);
    expect(soon).toMatchObject({ duplicate: true, applicantId: first.applicantId });
    expect(soon.attachmentGuid).toBe(first.attachmentGuid);
    expect(later.duplicate).toBe(false);
    expect(later.applicantId).not.toBe(first.applicantId);
    expect(afterLater).toMatchObject({ duplicate: true, applicantId: later.applicantId });
    expect(await countFor('window@example.com')).toBe(2);
  });
});

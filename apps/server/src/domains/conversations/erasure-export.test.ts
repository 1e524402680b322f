import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeApplicants } from '../../db/write-transaction';
import {
  applicationPayload,
  createOpening,
  postApplication,
  statusLinkToken,
} from '../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { recordReply } from './replies';

describe(`a candidate's replies in "Download my data" and in erasure (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost' }, { pages: true });
    jobId = await createOpening(t, 'REPLY-DATA');
  });
  afterAll(() => t.close());

  const db = () => t.db.handle.db;

  async function applyAndReply() {
    const email = `reply.data.${++n}@example.com`;
    const res = await postApplication(
      t,
      jobId,
      applicationPayload({ Email: email }),
      `10.46.${n}.1`,
    );
    expect(res.statusCode).toBe(201);
    const applicantId = res.json<{ ApplicantID: number }>().ApplicantID;
    await changeApplicants(db(), [applicantId], (trx) =>
      recordReply(trx, {
        applicantId,
        channel: 'mail',
        subject: 'Re: documents',
        body: 'My certificate is attached.',
        sourceKey: `reply-data-${applicantId}`,
        attachments: [
          {
            originalName: 'certificate.png',
            kind: 'png',
            mimeType: 'image/png',
            content: Buffer.from('89504e47 certificate'),
          },
        ],
        receivedAt: new Date('2026-11-20T10:00:00Z'),
      }),
    );
    return { applicantId, email, token: await statusLinkToken(t, applicantId) };
  }

  it('gives the replies and their files’ facts in the export; the resume stays the resume', async () => {
    const { token } = await applyAndReply();
    const data = await t.app.inject({ method: 'GET', url: `/applications/${token}/data.json` });
    expect(data.statusCode).toBe(200);
    const { application } = data.json<{
      application: { replies: unknown[]; resume: { fileName: string } };
    }>();
    expect(application.replies).toEqual([
      {
        channel: 'mail',
        subject: 'Re: documents',
        body: 'My certificate is attached.',
        receivedAt: '2026-11-20T10:00:00.000Z',
        files: [
          {
            fileName: 'certificate.png',
            kind: 'png',
            type: 'image/png',
            bytes: 20,
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          },
        ],
      },
    ]);
    expect(application.resume.fileName).not.toBe('certificate.png');
    const resume = await t.app.inject({ method: 'GET', url: `/applications/${token}/resume` });
    expect(resume.headers['content-disposition']).not.toContain('certificate.png');
  });

  it('erases the replies and their files with the applicant, counting resumes only', async () => {
    const { applicantId, email } = await applyAndReply();
    const traces = async () => ({
      replies: (
        await db()
          .selectFrom('applicantReplies')
          .select('id')
          .where('applicantId', '=', applicantId)
          .execute()
      ).length,
      files: (
        await db()
          .selectFrom('attachments')
          .select('id')
          .where('applicantId', '=', applicantId)
          .execute()
      ).length,
    });
    expect(await traces()).toEqual({ replies: 1, files: 2 });
    const erased = await t.app.repos.applicants.eraseByEmail(email, { label: 'cli' }, new Date());
    expect(erased).toMatchObject({ applicants: 1, resumes: 1 });
    expect(await traces()).toEqual({ replies: 0, files: 0 });
  });
});

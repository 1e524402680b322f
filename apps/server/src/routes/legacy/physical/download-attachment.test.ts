import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHeaders,
  applicationPayload,
  createOpening,
  postApplication,
} from '../../../test/legacy/application';
import { hostileStrings } from '../../../test/attack-strings';
import { docxFile, pdfFile, sha256 } from '../../../test/files';
import { createTestApp, createTestDb, engine, type TestApp } from '../../../test/test-app';

const url = (guid: string, name?: string) =>
  `/api/Physical/DownloadAttachment?AttachmentGuid=${encodeURIComponent(guid)}` +
  (name === undefined ? '' : `&AttachmentName=${encodeURIComponent(name)}`);

let applicantSeq = 0;
async function applyWith(t: TestApp, jobId: number, name: string, content: Buffer) {
  // A new applicant each time: the same e-mail and resume again would be a duplicate submit.
  const email = `downloader.${++applicantSeq}@example.com`;
  const res = await postApplication(
    t,
    jobId,
    applicationPayload({ Email: email }, { name, content }),
  );
  expect(res.statusCode).toBe(201);
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/admin/jobs/${jobId}/applicants`,
    headers: adminHeaders(t),
  });
  const row = list
    .json()
    .find((a: { ApplicantID: number }) => a.ApplicantID === res.json().ApplicantID);
  return row as { AttachmentGuid: string; AttachmentName: string; AttachmentSha256: string };
}

describe(`GET /api/Physical/DownloadAttachment (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'DL-1');
  });
  afterAll(() => t.close());

  it('answers the stored bytes with safe headers and an RFC 6266 file name', async () => {
    const docx = docxFile();
    const row = await applyWith(t, jobId, 'Résumé – José.docx', docx);
    const res = await t.app.inject({
      method: 'GET',
      url: url(row.AttachmentGuid, row.AttachmentName),
      headers: adminHeaders(t),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(docx)).toBe(true);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ _ Jos_.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%93%20Jos%C3%A9.docx`,
    );
  });

  it('needs the recruiter token: 401 without it or with a wrong one', async () => {
    const row = await applyWith(t, jobId, 'cv.pdf', pdfFile());
    const anonymous = await t.app.inject({
      method: 'GET',
      url: url(row.AttachmentGuid),
      headers: t.headers(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toContain('Bearer');
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    expect(anonymous.body).not.toContain('%PDF');
    const wrong = await t.app.inject({
      method: 'GET',
      url: url(row.AttachmentGuid),
      headers: { authorization: 'Bearer not-the-token-at-all-000' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers 404 for an unknown guid and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: url(crypto.randomUUID()),
      headers: adminHeaders(t),
    });
    expect(unknown.statusCode).toBe(404);
    for (const evil of hostileStrings) {
      const res = await t.app.inject({ method: 'GET', url: url(evil), headers: adminHeaders(t) });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toMatch(/root:|sqlite|syntax error/i);
    }
  });

  it('never lets AttachmentName pick a file: the stored name is what comes back', async () => {
    const pdf = pdfFile();
    const row = await applyWith(t, jobId, 'mine.pdf', pdf);
    for (const evil of hostileStrings) {
      const res = await t.app.inject({
        method: 'GET',
        url: url(row.AttachmentGuid, evil),
        headers: adminHeaders(t),
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers['content-disposition']).toContain('filename="mine.pdf"');
    }
  });

  it('is not there at all when ADMIN_TOKEN is unset', async () => {
    const closedShop = await createTestApp({ ADMIN_TOKEN: '' });
    try {
      const res = await closedShop.app.inject({
        method: 'GET',
        url: url(crypto.randomUUID()),
        headers: { authorization: 'Bearer anything-at-all-0000000' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await closedShop.close();
    }
  });
});

describe(`an application survives a restart (${engine})`, () => {
  it('serves identical bytes (sha256) from a freshly opened database', async () => {
    const db = await createTestDb();
    try {
      const first = await createTestApp({}, { db });
      const jobId = await createOpening(first, 'RESTART-1');
      const pdf = pdfFile(200_000);
      const row = await applyWith(first, jobId, 'restart.pdf', pdf);
      await first.close();
      await db.handle.close();

      const reopened = { ...db, handle: db.reopen() };
      const second = await createTestApp({}, { db: reopened });
      try {
        const res = await second.app.inject({
          method: 'GET',
          url: url(row.AttachmentGuid),
          headers: adminHeaders(second),
        });
        expect(res.statusCode).toBe(200);
        expect(sha256(res.rawPayload)).toBe(sha256(pdf));
        expect(sha256(res.rawPayload)).toBe(row.AttachmentSha256);
      } finally {
        await second.close();
        await reopened.handle.close();
      }
    } finally {
      await db.destroy();
    }
  });
});

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLIED_SUCCESSFULLY,
  FIXED_HEADER_NAME,
  MAX_RESUME_BYTES,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  applicationMessages as m,
} from '@lumenfield/contract';
import { mintXsrfToken } from '../../../plugins/xsrf';
import {
  INDIA,
  KARNATAKA,
  adminHeaders,
  applicationPayload,
  createOpening,
  postApplication,
} from '../../../test/legacy/application';
import { hostileStrings, pathTraversalStrings } from '../../../test/attack-strings';
import {
  docxFile,
  exeFile,
  legacyDocFile,
  pdfFile,
  plainZipFile,
  sha256,
} from '../../../test/files';
import { createTestApp, engine, type TestApp } from '../../../test/test-app';
import { answerTo } from '../../../test/http-answer';

describe(`POST /api/Jobs/SaveApplicantDetail (${engine})`, () => {
  let t: TestApp;
  let jobId: number;

  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'APPLY-1');
  });
  afterAll(() => t.close());

  const applicants = async (id = jobId) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/jobs/${id}/applicants`,
        headers: adminHeaders(t),
      })
    ).json();

  const download = (guid: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/Physical/DownloadAttachment?AttachmentGuid=${guid}`,
      headers: adminHeaders(t),
    });

  const firstError = async (overrides: Record<string, unknown>, file = {}) => {
    const res = await postApplication(t, jobId, applicationPayload(overrides, file));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    return res.json().errors[0].message as string;
  };

  it('stores a base64 PDF application and answers 201 with the applicant id', async () => {
    const pdf = pdfFile(4096);
    const res = await postApplication(
      t,
      jobId,
      applicationPayload(
        { FirstName: '  Ana María ', City: ' Bengaluru ', Email: ' ana@example.com ' },
        { content: pdf },
      ),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ ApplicantID: expect.any(Number), Message: APPLIED_SUCCESSFULLY });

    const stored = (await applicants()).find(
      (a: { ApplicantID: number }) => a.ApplicantID === body.ApplicantID,
    );
    expect(stored).toMatchObject({
      FirstName: 'Ana María',
      City: 'Bengaluru',
      Email: 'ana@example.com',
      CountyID: INDIA,
      StateID: KARNATAKA,
      Experience: '1 to 3 years',
      ReferredBy: 'Priya Raman',
      AttachmentName: 'ana-cruz-cv.pdf',
      AttachmentSize: pdf.length,
      AttachmentSha256: sha256(pdf),
    });
    const file = await download(stored.AttachmentGuid);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(sha256(file.rawPayload)).toBe(sha256(pdf));
  });

  it('accepts the old byte-number array form, a DOCX and a legacy Word file', async () => {
    const docx = docxFile();
    const viaArray = await postApplication(
      t,
      jobId,
      applicationPayload({}, { name: 'cv.docx', content: [...docx] }),
    );
    expect(viaArray.statusCode).toBe(201);
    const viaDoc = await postApplication(
      t,
      jobId,
      applicationPayload({}, { name: 'CV.DOC', content: legacyDocFile() }),
    );
    expect(viaDoc.statusCode).toBe(201);
    const rows = await applicants();
    const docxRow = rows.find(
      (a: { ApplicantID: number }) => a.ApplicantID === viaArray.json().ApplicantID,
    );
    expect(docxRow.AttachmentSha256).toBe(sha256(docx));
    const file = await download(docxRow.AttachmentGuid);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('accepts a data: URL around the base64 content', async () => {
    const pdf = pdfFile();
    const res = await postApplication(
      t,
      jobId,
      applicationPayload({}, { content: `data:application/pdf;base64,${pdf.toString('base64')}` }),
    );
    expect(res.statusCode).toBe(201);
  });

  describe('the application rules, each with its exact message', () => {
    it.each([
      ['no resume chosen', {}, { name: '' }, m.resumeMissing],
      ['a .png', {}, { name: 'photo.png' }, m.resumeType],
      ['first name with digits', { FirstName: 'Ana2' }, {}, m.firstName],
      ['first name of spaces', { FirstName: '   ' }, {}, m.firstName],
      ['last name with symbols', { LastName: 'Cruz!' }, {}, m.lastName],
      ['city with digits', { City: 'Sector 5' }, {}, m.city],
      ['bad email', { Email: 'ana@example' }, {}, m.email],
      ['5-digit mobile', { MobileNumber: '55501' }, {}, m.mobile],
      ['mobile with letters', { MobileNumber: '555010123a' }, {}, m.mobile],
      ['no country', { CountyID: null }, {}, m.country],
      ['unknown country', { CountyID: 999 }, {}, m.country],
      ['no state', { StateID: 0 }, {}, m.state],
      ['state of another country', { CountyID: 840 }, {}, m.state],
      ['an empty file', {}, { content: Buffer.alloc(0) }, m.attachment],
    ])('%s', async (_, overrides, file, message) => {
      expect(await firstError(overrides, file)).toBe(message);
    });

    it('a missing AttachmentDetails list is no resume chosen', async () => {
      const payload = applicationPayload();
      (payload.AttachmentHeader as { AttachmentDetails: unknown[] }).AttachmentDetails = [];
      const res = await postApplication(t, jobId, payload);
      expect(res.json().errors[0]).toEqual({ field: 'Resume', message: m.resumeMissing });
    });

    it('lists every failure in the spec order, the first as the detail', async () => {
      const res = await postApplication(
        t,
        jobId,
        applicationPayload(
          {
            FirstName: '1',
            LastName: '2',
            City: '3',
            Email: 'x',
            MobileNumber: '1',
            CountyID: null,
            StateID: null,
          },
          { content: pdfFile(MAX_RESUME_BYTES + 1) },
        ),
      );
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
        m.resumeSize,
        m.firstName,
        m.lastName,
        m.city,
        m.email,
        m.mobile,
        m.country,
        m.state,
      ]);
      expect(body.detail).toBe(m.resumeSize);
    });
  });

  describe('resume content is judged by its bytes', () => {
    it.each([
      ['an .exe renamed .pdf', 'setup.pdf', exeFile()],
      ['a .zip renamed .docx', 'archive.docx', plainZipFile()],
      ['a PDF named .docx', 'cv.docx', pdfFile()],
      ['a DOCX named .pdf', 'cv.pdf', docxFile()],
      ['a Word file named .pdf', 'cv.pdf', legacyDocFile()],
      ['text named .doc', 'cv.doc', Buffer.from('just some text, not a Word file')],
    ])('refuses %s', async (_, name, content) => {
      expect(await firstError({}, { name, content })).toBe(m.resumeType);
    });

    it('accepts exactly 5 242 880 bytes and refuses 5 242 881', async () => {
      const atLimit = await postApplication(
        t,
        jobId,
        applicationPayload({}, { content: pdfFile(MAX_RESUME_BYTES) }),
      );
      expect(atLimit.statusCode).toBe(201);
      expect(await firstError({}, { content: pdfFile(MAX_RESUME_BYTES + 1) })).toBe(m.resumeSize);
    });

    it('accepts a 5 MB resume as a byte-number array (~20 MB of JSON)', async () => {
      const pdf = pdfFile(MAX_RESUME_BYTES);
      // The worst case: every byte takes three digits.
      pdf.fill(255, 300, MAX_RESUME_BYTES - 10);
      const res = await postApplication(t, jobId, applicationPayload({}, { content: [...pdf] }));
      expect(res.statusCode).toBe(201);
    });
  });

  describe('body limits', () => {
    it('answers 413 for a base64 body over ~7 MB', async () => {
      const res = await postApplication(
        t,
        jobId,
        applicationPayload({}, { content: 'A'.repeat(8_000_000) }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });

    it('answers 413 for a byte-array body over its limit', async () => {
      const res = await postApplication(
        t,
        jobId,
        applicationPayload({}, { content: new Array(6_000_000).fill(255) }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 413 });
    });

    it('keeps the 1 MB limit on every other route', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/jobs',
        headers: { ...adminHeaders(t), 'content-type': 'application/json' },
        payload: JSON.stringify({ Job_Description: 'x'.repeat(1_100_000) }),
      });
      expect(res.statusCode).toBe(413);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/Jobs/SaveApplicantDetail?jobID=${jobId}`,
        headers: { ...t.headers('write'), 'content-type': 'application/json' },
        payload: '{"FirstName": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    });

    it('answers 400 for a payload of the wrong shape', async () => {
      const res = await postApplication(t, jobId, { FirstName: 5 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    });
  });

  it('answers 404 for an unknown or closed opening', async () => {
    const closed = await createOpening(t, 'APPLY-CLOSED', false);
    expect((await postApplication(t, 999999, applicationPayload())).statusCode).toBe(404);
    expect((await postApplication(t, closed, applicationPayload())).statusCode).toBe(404);
  });

  describe('the /api guard', () => {
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/Jobs/SaveApplicantDetail?jobID=${jobId}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(applicationPayload()),
      });
    const fixed = () => ({ [FIXED_HEADER_NAME]: 'XMLHttpRequest' });

    it('refuses a write without the fixed header', async () => {
      const headers = t.headers('write');
      delete headers[FIXED_HEADER_NAME];
      expect((await post(headers)).statusCode).toBe(403);
    });

    it('refuses a missing XSRF echo or a missing cookie', async () => {
      expect((await post({ ...fixed(), cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}` })).statusCode).toBe(
        403,
      );
      expect((await post({ ...fixed(), [XSRF_HEADER_NAME]: t.xsrf })).statusCode).toBe(403);
      expect((await post(fixed())).statusCode).toBe(403);
    });

    it('refuses a forged token (signed by another secret) even when echoed', async () => {
      const forged = mintXsrfToken('some-other-secret-0123456789abcdef0123');
      const res = await post({
        ...fixed(),
        cookie: `${XSRF_COOKIE_NAME}=${forged}`,
        [XSRF_HEADER_NAME]: forged,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    });

    it('refuses a mismatched echo of a valid token', async () => {
      const res = await post({
        ...fixed(),
        cookie: `${XSRF_COOKIE_NAME}=${t.xsrf}`,
        [XSRF_HEADER_NAME]: mintXsrfToken(t.cookieSecret),
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('hostile input', () => {
    it('keeps only the last segment of a path-traversal file name, as metadata', async () => {
      for (const [i, evil] of pathTraversalStrings.entries()) {
        // A different applicant each time: the same one again would be a duplicate submit.
        const res = await postApplication(
          t,
          jobId,
          applicationPayload({ Email: `traversal.${i}@example.com` }, { name: `${evil}/cv.pdf` }),
        );
        expect(res.statusCode).toBe(201);
      }
      const res = await postApplication(
        t,
        jobId,
        applicationPayload(
          { Email: 'traversal.win@example.com' },
          { name: '..\\..\\windows\\system32\\resume.pdf' },
        ),
      );
      const row = (await applicants()).find(
        (a: { ApplicantID: number }) => a.ApplicantID === res.json().ApplicantID,
      );
      expect(row.AttachmentName).toBe('resume.pdf');
    });

    it('stores SQL-injection strings as plain text and refuses them as ids', async () => {
      const evil = "x'); DROP TABLE applicants; --";
      const res = await postApplication(
        t,
        jobId,
        applicationPayload(
          { ReferredBy: evil, Experience: "1' OR '1'='1", Email: 'sql.text@example.com' },
          { name: `${evil}.pdf` },
        ),
      );
      expect(res.statusCode).toBe(201);
      const row = (await applicants()).find(
        (a: { ApplicantID: number }) => a.ApplicantID === res.json().ApplicantID,
      );
      expect(row).toMatchObject({
        ReferredBy: evil,
        Experience: "1' OR '1'='1",
        AttachmentName: `${evil}.pdf`,
      });
      for (const hostile of hostileStrings) {
        const bad = await postApplication(t, hostile, applicationPayload());
        expect(bad.statusCode).toBe(400);
      }
    });
  });
});

describe(`application rate limit (${engine})`, () => {
  it('answers 429 with Retry-After once a client used up its applications for the hour', async () => {
    const t = await createTestApp({ RATE_LIMIT_APPLICATIONS: '2' });
    try {
      const jobId = await createOpening(t, 'RATE-1');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const payload = applicationPayload({ Email: `rate.${i}@example.com` });
        statuses.push((await postApplication(t, jobId, payload)).statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const limited = await postApplication(t, jobId, applicationPayload());
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json()).toMatchObject({ status: 429 });
      // Reads are limited separately and far more generously.
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/Jobs/CareerDetailsRetrival?ActionFlag=JobOpenings&jobID=0',
        headers: t.headers(),
      });
      expect(list.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

// CI starts Redis (.ci/run); on a machine without one this case is skipped, not faked.
describe.skipIf(!(await redisReachable()))(`application rate limit in Redis (${engine})`, () => {
  it('shares the count between two nodes through REDIS_URL', async () => {
    // A client address of its own, so earlier runs' counters in Redis cannot interfere.
    const randomAddress = () =>
      `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const client = randomAddress();
    const env = { RATE_LIMIT_APPLICATIONS: '2', REDIS_URL: redisUrl };
    const nodeA = await createTestApp(env);
    const nodeB = await createTestApp(env, { db: nodeA.db });
    try {
      const jobId = await createOpening(nodeA, 'REDIS-1');
      const apply = (node: TestApp, i: number) =>
        postApplication(
          node,
          jobId,
          applicationPayload({ Email: `node.${i}@example.com` }),
          client,
        );
      const first = await apply(nodeA, 1);
      const second = await apply(nodeB, 2);
      const third = await apply(nodeA, 3);
      expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 429]);
      expect(third.headers['retry-after']).toBeDefined();
      const elsewhere = await postApplication(nodeB, jobId, applicationPayload(), randomAddress());
      expect(elsewhere.statusCode).not.toBe(429);
    } finally {
      await nodeB.app.close();
      await nodeA.close();
    }
  });
});

describe(`SaveApplicantDetail under more bodies than a node holds at once (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_BYTES_IN_FLIGHT: '200000' });
    jobId = await createOpening(t, 'BUSY-1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends an application over a real socket; `part` sends only that much of the body for now. */
  const start = (body: string, part = body.length) => {
    const req = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: `/api/Jobs/SaveApplicantDetail?jobID=${jobId}`,
      headers: {
        ...t.headers('write'),
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    const answer = answerTo(req);
    req.write(body.slice(0, part));
    const finish = () => void req.end(body.slice(part));
    if (part === body.length) finish();
    return { answer, finish };
  };
  const send = (body: string) => start(body).answer;

  it('answers 503 with Retry-After to a body that finds no room in time, and takes it once there is', async () => {
    const big = JSON.stringify(
      applicationPayload({ Email: 'first.busy@example.com' }, { content: pdfFile(120_000) }),
    );
    // Half the body now, the rest when told: the request holds its reservation meanwhile.
    const held = start(big, big.length / 2);
    // The first body holds ~160 kB of the 200 kB: a second one of that size must wait, then 503.
    const other = JSON.stringify(
      applicationPayload({ Email: 'second.busy@example.com' }, { content: pdfFile(120_000) }),
    );
    const refused = await send(other);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(refused.body)).toMatchObject({ status: 503 });
    held.finish();
    expect((await held.answer).status).toBe(201);
    // Once the first is through, the same application is taken.
    expect((await send(other)).status).toBe(201);
  });
});

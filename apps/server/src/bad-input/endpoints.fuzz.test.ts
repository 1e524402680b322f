import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  FIXED_HEADER_NAME,
  FIXED_HEADER_VALUE,
  applicationPayloadSchema,
} from '@lumenfield/contract';
import { adminHeaders, applicationPayload, createOpening } from '../test/legacy/application';
import { docxFile, pdfFile } from '../test/files';
import { createTestApp, engine, type TestApp } from '../test/test-app';
import { anyJson, junkText, maybe, queryString, rawFragment } from './arbitraries';
import { CaseCounter, answered, expectCleanAnswer } from './harness';
import { pdfHtmlPolyglot } from './hostile-files';

/**
 * Property-based bad input over every endpoint's query, path and body (docs/security.md): whatever
 * fast-check generates, the answer comes in bounded time, is never a 5xx, never leaks a stack
 * trace, SQL or a path, and under /api every error is problem+json. BAD_INPUT_RUNS scales it.
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 120);
const counter = new CaseCounter();

describe(`property-based bad input on every endpoint (${engine})`, () => {
  let t: TestApp;
  let jobId: number;
  let adminJobId: number;
  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'FUZZ-1');
    adminJobId = await createOpening(t, 'FUZZ-ADMIN');
  });
  afterAll(async () => {
    console.log(counter.summary(`[bad-input] ${engine}`));
    await t.close();
  });

  const read = (url: string, headers: Record<string, string>) =>
    answered(() => t.app.inject({ method: 'GET', url, headers }), `GET ${url}`);
  const pageHeaders = (fixed: boolean): Record<string, string> =>
    fixed ? { [FIXED_HEADER_NAME]: FIXED_HEADER_VALUE } : {};

  /** One property over one GET endpoint's query. */
  async function fuzzQuery(
    endpoint: string,
    params: fc.Arbitrary<Record<string, string | undefined>>,
    headers: (fixed: boolean) => Record<string, string> = pageHeaders,
  ) {
    await fc.assert(
      fc.asyncProperty(params, maybe(rawFragment), fc.boolean(), async (query, raw, fixed) => {
        counter.add(`GET ${endpoint}`);
        const qs = queryString(query, raw);
        const url = `${endpoint}${qs ? `?${qs}` : ''}`;
        expectCleanAnswer(await read(url, headers(fixed)), url);
      }),
      { numRuns: RUNS },
    );
  }

  it('GET CareerDetailsRetrival', async () => {
    await fuzzQuery(
      '/api/Jobs/CareerDetailsRetrival',
      fc.record({
        ActionFlag: maybe(fc.oneof(fc.constantFrom('JobOpenings', 'JobOpeningsDetail'), junkText)),
        jobID: maybe(fc.oneof(fc.nat().map(String), fc.constant(String(jobId)), junkText)),
      }),
    );
  });

  it('GET GetRecruitmentManagerDropDownValues', async () => {
    await fuzzQuery(
      '/api/Jobs/GetRecruitmentManagerDropDownValues',
      fc.record({
        ControlName: maybe(
          fc.oneof(fc.constantFrom('Country', 'State', 'Shift', 'Experience'), junkText),
        ),
        CountryID: maybe(fc.oneof(fc.constantFrom('840', '356', '608', '0'), junkText)),
      }),
    );
  });

  it('GET GetStatesByCountry', async () => {
    await fuzzQuery(
      '/api/Jobs/GetStatesByCountry',
      fc.record({ CountryID: maybe(fc.oneof(fc.integer().map(String), junkText)) }),
    );
  });

  it('GET DownloadAttachment (with and without the recruiter token)', async () => {
    await fuzzQuery(
      '/api/Physical/DownloadAttachment',
      fc.record({
        AttachmentGuid: maybe(fc.oneof(fc.uuid(), junkText)),
        AttachmentName: maybe(
          fc.oneof(junkText, fc.constantFrom('../../etc/passwd', '..\\..\\boot.ini')),
        ),
      }),
      (withToken) => (withToken ? adminHeaders(t) : {}),
    );
  });

  it('GET the recruiters’ per-opening endpoints with any id in the path', async () => {
    const suffixes = ['', '/applicants', '/applicants.csv'];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(String(adminJobId)), fc.integer().map(String), junkText),
        fc.constantFrom(...suffixes),
        async (id, suffix) => {
          counter.add(`GET /api/admin/jobs/:id${suffix}`);
          const url = `/api/admin/jobs/${encodeURIComponent(id)}${suffix}`;
          expectCleanAnswer(await read(url, adminHeaders(t)), url);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('GET the server-rendered job page with any id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer().map(String), junkText), async (id) => {
        counter.add('GET /careers/jobs/:id');
        const url = `/careers/jobs/${encodeURIComponent(id)}`;
        expectCleanAnswer(await read(url, {}), url);
      }),
      { numRuns: RUNS },
    );
  });

  const post = (
    method: 'POST' | 'PATCH',
    url: string,
    body: string,
    headers: Record<string, string>,
  ) =>
    answered(
      () => t.app.inject({ method, url, headers, payload: body }),
      `${method} ${url} ${body.slice(0, 80)}`,
    );
  const write = () => ({ ...t.headers('write'), 'content-type': 'application/json' });

  /** FileContent as a hostile client might send it. */
  const fileContent = fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('base64')),
    fc.uint8Array({ maxLength: 64 }).map((b) => Array.from(b)),
    fc.array(fc.oneof(fc.integer(), fc.double()), { maxLength: 16 }),
    fc
      .uint8Array({ maxLength: 64 })
      .map((b) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(b)]).toString('base64')),
    fc.string({ maxLength: 64 }),
    fc.constantFrom(
      pdfFile().toString('base64'),
      docxFile().toString('base64'),
      pdfHtmlPolyglot().toString('base64'),
      `data:application/pdf;base64,${pdfFile().toString('base64')}`,
      'data:text/html;base64,PHNjcmlwdD4=',
      '====',
      'JVBERi0xLjQK!!!',
    ),
    anyJson,
  );

  /** A valid application with some fields replaced by hostile values. */
  const mutatedApplication = fc
    .record({
      // Every field of the wire body, as the contract lists them.
      field: fc.constantFrom(...Object.keys(applicationPayloadSchema.shape)),
      value: fc.oneof(junkText, anyJson),
      fileName: fc.oneof(
        fc.constantFrom('cv.pdf', 'cv.docx', '../../etc/passwd.pdf', 'cv\u0000.pdf', '.pdf'),
        junkText,
      ),
      content: fileContent,
      email: fc.emailAddress(),
    })
    .map(({ field, value, fileName, content, email }) => {
      const payload = applicationPayload({ Email: email }, { name: fileName });
      const header = payload.AttachmentHeader as { AttachmentDetails: Record<string, unknown>[] };
      header.AttachmentDetails[0]!.FileContent = content;
      return { ...payload, [field]: value };
    });

  it('POST SaveApplicantDetail: any JSON, any query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyJson, mutatedApplication),
        fc.oneof(fc.constant(String(jobId)), junkText),
        async (body, job) => {
          counter.add('POST /api/Jobs/SaveApplicantDetail');
          const url = `/api/Jobs/SaveApplicantDetail?jobID=${encodeURIComponent(job)}`;
          expectCleanAnswer(await post('POST', url, JSON.stringify(body) ?? '', write()), url);
        },
      ),
      { numRuns: RUNS * 3 },
    );
  });

  it('POST SaveApplicantDetail: text that is not JSON, under any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('{', '[', '"')),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (body, type) => {
          counter.add('POST /api/Jobs/SaveApplicantDetail (raw)');
          const url = `/api/Jobs/SaveApplicantDetail?jobID=${jobId}`;
          const res = await post('POST', url, body, { ...write(), 'content-type': type });
          expectCleanAnswer(res, url);
        },
      ),
      { numRuns: RUNS },
    );
  });

  /** A valid opening with some fields replaced by hostile values. */
  const mutatedOpening = fc
    .record({
      field: fc.constantFrom(
        'JobCode',
        'JobTitle',
        'JobLocation',
        'EffectiveFrom',
        'Job_Description',
        'Recruitment_Manager',
        'ContactPerson',
        'ContactPersonMail',
        'IsOpen',
      ),
      value: fc.oneof(junkText, anyJson),
      code: fc.stringMatching(/^[A-Z]{3}-[0-9]{4}$/),
    })
    .map(({ field, value, code }) => ({
      JobCode: code,
      JobTitle: 'Site Reliability Engineer',
      JobLocation: 'Manila, Philippines',
      Job_Description: '<p>Keep things running.</p>',
      Recruitment_Manager: 'Rahul Menon',
      ContactPerson: 'Priya Raman',
      ContactPersonMail: 'priya.raman@example.com',
      [field]: value,
    }));

  it('POST and PATCH the recruiters’ openings: any JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyJson, mutatedOpening),
        fc.constantFrom('POST', 'PATCH') as fc.Arbitrary<'POST' | 'PATCH'>,
        fc.oneof(fc.constant(String(adminJobId)), junkText),
        async (body, method, id) => {
          const url =
            method === 'POST' ? '/api/admin/jobs' : `/api/admin/jobs/${encodeURIComponent(id)}`;
          counter.add(`${method} /api/admin/jobs${method === 'PATCH' ? '/:id' : ''}`);
          const headers = { ...adminHeaders(t), 'content-type': 'application/json' };
          expectCleanAnswer(await post(method, url, JSON.stringify(body) ?? '', headers), url);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('any method on any /api path, with or without the page’s headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') as fc.Arbitrary<
          'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
        >,
        fc.oneof(
          fc.constantFrom(
            '/api/Jobs/CareerDetailsRetrival',
            '/api/Jobs/SaveApplicantDetail',
            '/api/admin/jobs',
            '/api/Physical/DownloadAttachment',
            '/api/openapi.json',
          ),
          junkText.map((p) => `/api/${encodeURIComponent(p)}`),
        ),
        fc.boolean(),
        async (method, url, asPage) => {
          counter.add('ANY /api/*');
          const headers = asPage ? write() : {};
          const res = await answered(
            () =>
              t.app.inject({
                method,
                url,
                headers,
                ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
              }),
            `${method} ${url}`,
          );
          expectCleanAnswer(res, method === 'HEAD' ? '/not-api' : url, `${method} ${url}`);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

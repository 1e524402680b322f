import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cellOf, type CsvColumn } from '../../domains/applications/recruiter-reads';
import {
  EXPORT_PAGE,
  pipelineRepository,
  type PipelineApplicant,
  type PipelineFilter,
} from '../../domains/pipeline/pipeline-repository';
import { EVERYTHING } from '../../domains/team/reach';
import { toCsv } from '../../lib/csv';
import { confirmationOnly, copyApplicant, newApplication } from '../../test/applicants';
import { createUser, openSession } from '../../test/console';
import { adminHeaders, createOpening } from '../../test/legacy/application';
import { fullScansOf } from '../../test/query-plans';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { answerCsvColumns, CSV_COLUMNS } from './applicants-csv';

/** More than two pages of an export, so a page ends inside a run of equal applied-on instants. */
const MANY = 2 * EXPORT_PAGE + 401;
const NOW = new Date('2026-06-01T12:00:00.000Z');

describe(`the applicants' CSV, streamed a page at a time (${engine})`, () => {
  let t: TestApp;
  let session: string;
  let jobId: number;
  let otherJobId: number;

  /** Copies of one stored applicant, with their resume rows, straight into the tables. */
  async function seed(job: number, count: number, size: number) {
    const db = t.db.handle.db;
    const { applicantId } = await t.app.repos.applicants.create(
      { ...newApplication(job, { firstName: '=Formula' }, size), mail: confirmationOnly(job) },
      NOW,
    );
    // Later copies applied earlier, seven to a second: ids and applied-on disagree, and ties.
    await copyApplicant(
      db,
      applicantId,
      Array.from({ length: count }, (_, i) => ({
        lastName: `Copy ${job}-${i}`,
        email: `copy.${job}.${i}@example.com`,
        appliedOn: new Date(NOW.getTime() - Math.floor((count - i) / 7) * 1000),
      })),
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    session = await openSession(t, await createUser(t, 'csv.admin@example.com', 'admin'));
    jobId = await createOpening(t, 'CSV-MANY');
    otherJobId = await createOpening(t, 'CSV-OTHER');
    await seed(jobId, MANY, 4001);
    await seed(otherJobId, 30, 4002);
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** The export as it was made before it was streamed: every row read, then the whole text. */
  async function wholeCsv<T extends PipelineApplicant>(
    filter: PipelineFilter,
    columns: readonly CsvColumn<T>[],
  ): Promise<string> {
    const applicants = (await t.app.repos.pipeline.all(filter)) as T[];
    return toCsv(
      columns.map((column) => column.label),
      applicants.map((applicant) => columns.map((column) => cellOf(applicant, column))),
    );
  }

  /** Counts the pages an export reads, and their sizes. */
  function watchPages() {
    const sizes: number[] = [];
    const pipeline = t.app.repos.pipeline;
    const pages = pipeline.pages.bind(pipeline);
    vi.spyOn(pipeline, 'pages').mockImplementation(async function* (...args) {
      for await (const page of pages(...args)) {
        sizes.push(page.length);
        yield page;
      }
    });
    return sizes;
  }

  it('sends every applicant (no filter) byte for byte as the whole-in-memory CSV', async () => {
    const sizes = watchPages();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/recruiters/applicants.csv',
      headers: { cookie: session },
    });
    expect(res.statusCode).toBe(200);
    const expected = await wholeCsv({ reach: EVERYTHING }, [
      ...CSV_COLUMNS,
      ...answerCsvColumns(undefined),
    ]);
    // Each seed's first applicant and its copies, a line each, the header, and the last line end.
    expect(expected.split('\r\n')).toHaveLength(MANY + 1 + 31 + 2);
    expect(res.body).toBe(expected);
    expect(sizes).toEqual([EXPORT_PAGE, EXPORT_PAGE, 433]);
  });

  it("sends an opening's applicants with its questions' columns, byte for byte", async () => {
    const sizes = watchPages();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/recruiters/applicants.csv?jobId=${jobId}`,
      headers: { cookie: session },
    });
    expect(res.statusCode).toBe(200);
    const job = await t.app.repos.jobs.findById(jobId);
    expect(res.body).toBe(
      await wholeCsv({ jobId, reach: EVERYTHING }, [
        ...CSV_COLUMNS,
        ...answerCsvColumns(job?.questions),
      ]),
    );
    expect(sizes).toEqual([EXPORT_PAGE, EXPORT_PAGE, 402]);
    // The audit row counts what the export holds, as before.
    const audit = await t.db.handle.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'applicants-export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toBe(`${MANY + 1} applicants (opening ${jobId})`);
  });

  it("streams the bearer API's CSV of an opening a page at a time", async () => {
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobId}/applicants.csv`,
      headers: adminHeaders(t),
    });
    const sizes = watchPages();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${jobId}/applicants.csv`,
      headers: adminHeaders(t),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(whole.body);
    expect(res.body.split('\r\n')).toHaveLength(MANY + 1 + 2);
    expect(sizes).toEqual([EXPORT_PAGE, EXPORT_PAGE, 402]);
  });

  it('reads each page through an index in the list order: no scan, no sort of all', async () => {
    for (const filter of [{ reach: EVERYTHING }, { jobId, reach: EVERYTHING }]) {
      const range = await t.app.repos.pipeline.exportRange(filter);
      let read = 0;
      const { statements, scans } = await fullScansOf(
        t.db.handle.db,
        async (db) => {
          for await (const page of pipelineRepository(db).pages(filter, range)) read += page.length;
        },
        { sorts: true },
      );
      expect(read).toBe(range.count);
      expect(statements).toBeGreaterThan(2);
      expect(scans).toEqual({});
    }
  });

  it('ends the response when a read fails mid-way, after the rows already sent', async () => {
    const pipeline = t.app.repos.pipeline;
    const pages = pipeline.pages.bind(pipeline);
    vi.spyOn(pipeline, 'pages').mockImplementation(async function* (...args) {
      for await (const page of pages(...args)) {
        yield page;
        throw new Error('the database went away');
      }
    });
    // Over a real connection: what the client receives, and how the response ends.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const received = await new Promise<{ status: number; body: string; ended: string }>(
      (resolve) => {
        const request = http.get(
          `${origin}/api/recruiters/applicants.csv?jobId=${jobId}`,
          { headers: { cookie: session } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body, ended: 'complete' }));
            res.on('error', () => resolve({ status: res.statusCode!, body, ended: 'aborted' }));
          },
        );
        request.on('error', () => resolve({ status: 0, body: '', ended: 'no answer' }));
      },
    );
    // The header and the first page went; then the response was cut off, neither hanging nor
    // passing for a whole file.
    expect(received.status).toBe(200);
    expect(received.ended).toBe('aborted');
    expect(received.body.split('\r\n').length).toBeGreaterThan(EXPORT_PAGE);
    expect(received.body.split('\r\n').length).toBeLessThan(MANY);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationOnly, newApplication } from '../../test/applicants';
import { createOpening } from '../../test/legacy/application';
import { fullScansOf } from '../../test/query-plans';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { createRepositories } from '..';
import { requestLinks } from '../applications/applicant-links';
import { applicantPage } from './applicant-page';

const NOW = new Date('2026-06-01T12:00:00.000Z');

describe(`a request for one's links finds the applications through indexes (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('looks the address up by its indexed key, not by scanning the applicants', async () => {
    const repos = createRepositories(t.db.handle.db);
    const jobId = await createOpening(t, 'LINKS-PLAN');
    for (const [size, email] of [
      [2001, 'Links.Person@Example.com'],
      [2002, 'links.person@example.com'],
    ] as const) {
      await repos.applicants.create(
        { ...newApplication(jobId, { email }, size), mail: confirmationOnly(jobId) },
        NOW,
      );
    }
    await requestLinks(t.db.handle.db, 'LINKS.person@example.com', NOW);
    let handled = 0;
    const { statements, scans } = await fullScansOf(t.db.handle.db, async (db) => {
      handled = await applicantPage(db, {
        origin: 'http://127.0.0.1:3000',
        capPerAddress: 10,
      }).handleLinkRequests(NOW);
    });
    expect(handled).toBe(1);
    expect(statements).toBeGreaterThan(3);
    // The queue is read from its head in key order, a pass at a time: SQLite calls reading a
    // table in its key order a SCAN, but it stops at the pass's limit.
    const { 'select "id" from "link_requests" order by "id" limit ?': head, ...others } = scans;
    expect(head ?? []).toEqual(engine === 'sqlite' ? ['SCAN link_requests'] : []);
    expect(others).toEqual({});
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecruiterOpening } from '@lumenfield/contract';
import { withAuditLogAway } from '../test/audit-log-away';
import { consoleRequest, createUser, openSession } from '../test/console';
import { adminCall, openingBody, postOpening } from '../test/legacy/openings';
import { openingInput } from '../test/openings';
import { freePort } from '../test/ports';
import { startSearchEngineStub, type SearchEngineStub } from '../test/search-engine-stub';
import { createTestApp, engine, type TestApp } from '../test/test-app';

const SITE = 'https://careers.example.com';
const urlOf = (id: number) => `${SITE}/careers/jobs/${id}`;

/**
 * Publishing, editing and closing an opening queue the search engines' notice in the change's
 * own transaction (docs/search.md), from the console and from the bearer API alike.
 */
describe(`search engines told of openings: the outbox (${engine})`, () => {
  let t: TestApp;
  let session: string;
  let stub: SearchEngineStub;
  let clock = new Date('2026-03-02T09:00:00.000Z');
  const minutesLater = (minutes: number) => new Date(clock.getTime() + minutes * 60_000);

  beforeAll(async () => {
    stub = await startSearchEngineStub();
    t = await createTestApp(
      {
        PUBLIC_URL: SITE,
        INDEXNOW_KEY: 'a1b2c3d4e5f6a7b8',
        INDEXNOW_ENDPOINT: `${stub.origin}/indexnow`,
      },
      { pages: true, now: () => clock },
    );
    session = await openSession(t, await createUser(t, 'search.outbox@example.com', 'admin'));
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const write = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    consoleRequest(t, session, method, url, body);
  const notices = (id: number) => t.app.repos.searchOutbox.forUrl(urlOf(id));
  const create = async (overrides: Parameters<typeof openingInput>[0]) => {
    const res = await write('POST', '/api/recruiters/jobs', openingInput(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as RecruiterOpening).id;
  };

  it('publishing in the console queues an "updated" notice at once; a save that changed nothing queues none', async () => {
    const id = await create({ code: 'SEO-1' });
    const queued = await notices(id);
    expect(queued).toMatchObject([
      {
        engine: 'indexnow',
        url: urlOf(id),
        kind: 'updated',
        status: 'pending',
        attempts: 0,
        dueFrom: clock.toISOString(),
        nextAttemptAt: clock.toISOString(),
      },
    ]);

    // The form saved again as it is: the audit says nothing changed, the outbox too.
    const same = await write(
      'PATCH',
      `/api/recruiters/jobs/${id}`,
      openingInput({ code: 'SEO-1' }),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(await notices(id)).toEqual(queued);

    // A real edit: the waiting notice is replaced by the latest (one per engine and URL).
    clock = minutesLater(5);
    const edited = await write('PATCH', `/api/recruiters/jobs/${id}`, { title: 'Staff Engineer' });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await notices(id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ kind: 'updated', dueFrom: clock.toISOString() });
    expect(after[0]!.id).not.toBe(queued[0]!.id);
  });

  it('a scheduled opening is told on its date, not before', async () => {
    const date = minutesLater(3 * 24 * 60);
    const id = await create({ code: 'SEO-LATER', effectiveFrom: date.toISOString() });
    expect(await notices(id)).toMatchObject([
      { kind: 'updated', dueFrom: date.toISOString(), nextAttemptAt: date.toISOString() },
    ]);
    stub.clear();
    await t.app.searchSender.runOnce(clock);
    expect(
      stub.to('/indexnow').flatMap((r) => (JSON.parse(r.body) as { urlList: string[] }).urlList),
    ).not.toContain(urlOf(id));
    expect((await notices(id))[0]).toMatchObject({ status: 'pending' });

    await t.app.searchSender.runOnce(new Date(date.getTime() + 60_000));
    const told = stub.to('/indexnow').at(-1)!;
    expect((JSON.parse(told.body) as { urlList: string[] }).urlList).toContain(urlOf(id));
    expect((await notices(id))[0]).toMatchObject({ status: 'sent' });

    // Closed before its date: nothing was told, so nothing is; the waiting notice goes.
    const never = await create({ code: 'SEO-NEVER', effectiveFrom: date.toISOString() });
    expect(await notices(never)).toHaveLength(1);
    const closed = await write('PATCH', `/api/recruiters/jobs/${never}`, { isOpen: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await notices(never)).toEqual([]);
  });

  it('closing a published opening queues "deleted"; its page answers 410 without JSON-LD and the sitemap drops it', async () => {
    const id = await create({ code: 'SEO-GONE' });
    const page = await t.app.inject({ url: `/careers/jobs/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('application/ld+json');
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(`<loc>${urlOf(id)}</loc>`);

    clock = minutesLater(1);
    const closed = await write('PATCH', `/api/recruiters/jobs/${id}`, { isOpen: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await notices(id)).toMatchObject([
      { kind: 'deleted', status: 'pending', dueFrom: clock.toISOString() },
    ]);

    const gone = await t.app.inject({ url: `/careers/jobs/${id}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).not.toContain('application/ld+json');
    expect(gone.body).not.toContain('JobPosting');
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain(urlOf(id));

    // Reopened: its page is back, and so is the notice.
    const reopened = await write('PATCH', `/api/recruiters/jobs/${id}`, { isOpen: true });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await notices(id)).toMatchObject([{ kind: 'updated', status: 'pending' }]);
  });

  it('the bearer API queues the same notices as the console', async () => {
    // The bearer API dates an opening by the real clock unless told: this test's clock is past.
    const id = await postOpening(
      t,
      openingBody({ JobCode: 'SEO-API', EffectiveFrom: clock.toISOString() }),
    );
    expect(await notices(id)).toMatchObject([{ kind: 'updated', engine: 'indexnow' }]);

    const same = await adminCall(t, 'PATCH', `/api/admin/jobs/${id}`, {
      JobTitle: 'Platform Engineer',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await notices(id)).toMatchObject([{ kind: 'updated' }]);

    const closed = await adminCall(t, 'PATCH', `/api/admin/jobs/${id}`, { IsOpen: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await notices(id)).toMatchObject([{ kind: 'deleted' }]);
  });

  it('a change rolled back (its audit row failed) leaves no notice behind', async () => {
    const id = await create({ code: 'SEO-AUDIT' });
    const before = await notices(id);
    const db = t.db.handle.db;
    const lost = await withAuditLogAway(db, () =>
      write('PATCH', `/api/recruiters/jobs/${id}`, { isOpen: false }),
    );
    expect(lost.statusCode).toBe(500);
    expect(await notices(id)).toEqual(before);

    const none = await withAuditLogAway(db, () =>
      write('POST', '/api/recruiters/jobs', openingInput({ code: 'SEO-LOST' })),
    );
    expect(none.statusCode).toBe(500);
    const rows = await db.selectFrom('searchOutbox').select('url').execute();
    const ids = await db.selectFrom('jobs').select('id').execute();
    expect(rows.every((row) => ids.some((job) => row.url === urlOf(job.id)))).toBe(true);
  });

  it('the key file is served at /<key>.txt as plain text', async () => {
    const res = await t.app.inject({ url: '/a1b2c3d4e5f6a7b8.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('a1b2c3d4e5f6a7b8');
    expect((await t.app.inject({ url: '/b1b2c3d4e5f6a7b8.txt' })).statusCode).toBe(404);
  });

  it('an engine that is down never holds or fails a save: the notice waits', async () => {
    const down = await createTestApp(
      {
        PUBLIC_URL: SITE,
        INDEXNOW_KEY: 'a1b2c3d4e5f6a7b8',
        INDEXNOW_ENDPOINT: `http://127.0.0.1:${await freePort()}/indexnow`,
      },
      { db: t.db, now: () => clock },
    );
    try {
      const id = await postOpening(
        down,
        openingBody({ JobCode: 'SEO-DOWN', EffectiveFrom: clock.toISOString() }),
      );
      // After the lease the earlier run (on its later clock) held.
      const result = await down.app.searchSender.runOnce(minutesLater(7 * 24 * 60));
      expect(result?.indexnow).toMatchObject({ sent: 0, failed: 0 });
      expect((await notices(id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await down.app.repos.jobs.findById(id))?.isOpen).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('without an engine configured nothing is queued and no key file is served', async () => {
    const plain = await createTestApp({ PUBLIC_URL: SITE });
    try {
      const made = await adminCall(
        plain,
        'POST',
        '/api/admin/jobs',
        openingBody({ JobCode: 'SEO-OFF' }),
      );
      expect(made.statusCode, made.body).toBe(201);
      expect(await plain.db.handle.db.selectFrom('searchOutbox').selectAll().execute()).toEqual([]);
      expect((await plain.app.inject({ url: '/a1b2c3d4e5f6a7b8.txt' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { adminCall, openingBody, postOpening } from '../../test/legacy/openings';
import { parsePrometheusText } from '../../test/prometheus';
import {
  startSearchEngineStub,
  testServiceAccount,
  type SearchEngineStub,
} from '../../test/search-engine-stub';
import { createTestApp, engine, type TestApp } from '../../test/test-app';
import { SEARCH_LEASE } from './search-sender';

const SITE = 'https://careers.example.com';
const KEY = '0f1e2d3c4b5a69788796a5b4';
const PUBLISH = '/v3/urlNotifications:publish';
const METRICS_TOKEN = 'search-metrics-token-0123456789';
const urlOf = (id: number) => `${SITE}/careers/jobs/${id}`;
const DAY_MS = 24 * 60 * 60_000;

type IndexNowBody = { host: string; key: string; keyLocation: string; urlList: string[] };

/** The search sender against a local stand-in for both engines (docs/search.md). */
describe(`search engines told of openings: the sender (${engine})`, () => {
  let t: TestApp;
  let stub: SearchEngineStub;
  let account: ReturnType<typeof testServiceAccount>;
  // Each test runs on a day of its own (budgets are per day), at 09:00 UTC.
  let day = 0;
  let clock = new Date('2026-03-02T09:00:00.000Z');
  const later = (ms: number) => new Date(clock.getTime() + ms);

  beforeAll(async () => {
    stub = await startSearchEngineStub();
    account = testServiceAccount(`${stub.origin}/token`);
    t = await createTestApp(
      {
        PUBLIC_URL: SITE,
        METRICS_TOKEN,
        INDEXNOW_KEY: KEY,
        INDEXNOW_ENDPOINT: `${stub.origin}/indexnow`,
        INDEXNOW_DAILY_BUDGET: '3',
        GOOGLE_INDEXING_CREDENTIALS: account.file,
        GOOGLE_INDEXING_ENDPOINT: stub.origin,
        GOOGLE_INDEXING_DAILY_BUDGET: '2',
      },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
    account.remove();
  });
  beforeEach(() => {
    day += 1;
    clock = new Date(Date.parse('2026-03-02T09:00:00.000Z') + day * DAY_MS);
    stub.clear();
  });

  let codes = 0;
  /** Publishes an opening by the bearer API, in effect at the test's clock. */
  async function publish(): Promise<number> {
    return postOpening(
      t,
      openingBody({ JobCode: `SEND-${++codes}`, EffectiveFrom: clock.toISOString() }),
    );
  }
  const notice = async (id: number, engineName: 'indexnow' | 'google') =>
    (await t.app.repos.searchOutbox.forUrl(urlOf(id))).find((row) => row.engine === engineName);
  const published = () =>
    stub.to(PUBLISH).map((r) => JSON.parse(r.body) as { url: string; type: string });

  it('tells IndexNow the host, key, key location and every due URL in one request', async () => {
    const first = await publish();
    const second = await publish();
    const result = await t.app.searchSender.runOnce(clock);
    expect(result?.indexnow).toMatchObject({ sent: 2, failed: 0, retried: 0 });

    const [request, ...more] = stub.to('/indexnow');
    expect(more).toEqual([]);
    expect(request!.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(request!.body) as IndexNowBody;
    expect(body).toEqual({
      host: 'careers.example.com',
      key: KEY,
      keyLocation: `${SITE}/${KEY}.txt`,
      urlList: [urlOf(first), urlOf(second)],
    });
    expect(await notice(first, 'indexnow')).toMatchObject({ status: 'sent', attempts: 1 });
    // The key file the engine will fetch to check the key.
    const file = await t.app.inject({ url: `/${KEY}.txt` });
    expect([file.statusCode, file.body]).toEqual([200, KEY]);
  });

  it("asks Google's token endpoint with an RS256 assertion signed by the service account, keeps the token, and publishes URL_UPDATED and URL_DELETED", async () => {
    const id = await publish();
    await t.app.searchSender.runOnce(clock);

    const tokenRequests = stub.to('/token');
    expect(tokenRequests).toHaveLength(1);
    const form = new URLSearchParams(tokenRequests[0]!.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = form.get('assertion')!.split('.');
    expect(
      crypto.verify(
        'RSA-SHA256',
        Buffer.from(`${header}.${claims}`),
        account.publicKey,
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
    });
    const iat = Math.floor(clock.getTime() / 1000);
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toEqual({
      iss: account.clientEmail,
      scope: 'https://www.googleapis.com/auth/indexing',
      aud: `${stub.origin}/token`,
      iat,
      exp: iat + 3600,
    });
    // Signed by another key, the same assertion would not verify.
    const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(
      crypto.verify(
        'RSA-SHA256',
        Buffer.from(`${header}.${claims}`),
        stranger,
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(false);

    const [publishRequest] = stub.to(PUBLISH);
    // A day after the previous test's run: that token had expired, so this one is new.
    const bearer = publishRequest!.headers.authorization;
    expect(bearer).toMatch(/^Bearer stub-token-\d+$/);
    expect(JSON.parse(publishRequest!.body)).toEqual({ url: urlOf(id), type: 'URL_UPDATED' });
    expect(await notice(id, 'google')).toMatchObject({ status: 'sent' });

    // Closed ten minutes later: URL_DELETED, with the token still held (no second token request).
    clock = later(10 * 60_000);
    stub.clear();
    const closed = await adminCall(t, 'PATCH', `/api/admin/jobs/${id}`, { IsOpen: false });
    expect(closed.statusCode, closed.body).toBe(200);
    await t.app.searchSender.runOnce(clock);
    expect(stub.to('/token')).toEqual([]);
    expect(stub.to(PUBLISH)[0]!.headers.authorization).toBe(bearer);
    expect(published()).toEqual([{ url: urlOf(id), type: 'URL_DELETED' }]);
  });

  it('tries again later on a network error, 429 and 5xx (with backoff, and Retry-After when given); a 400 is failed for good', async () => {
    const [first, second] = [await publish(), await publish()];
    stub.lineUp('/indexnow', { status: 503 });
    stub.lineUp(PUBLISH, { status: 429, headers: { 'retry-after': '600' } });
    const result = await t.app.searchSender.runOnce(clock);
    expect(result).toMatchObject({
      indexnow: { sent: 0, retried: 2 },
      // Over its quota: the second is not even tried this run.
      google: { sent: 0, retried: 1 },
    });
    expect(stub.to(PUBLISH)).toHaveLength(1);
    expect(await notice(first, 'indexnow')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'HTTP 503',
      nextAttemptAt: later(60_000).toISOString(),
    });
    expect(await notice(first, 'google')).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: later(600_000).toISOString(),
    });
    expect(await notice(second, 'google')).toMatchObject({ status: 'pending', attempts: 0 });

    // Half a minute on, IndexNow's retry is not due yet; Google's second notice is.
    stub.clear();
    stub.lineUp(PUBLISH, { status: 400, body: '{"error":{"message":"bad url"}}' });
    await t.app.searchSender.runOnce(later(30_000));
    expect(stub.to('/indexnow')).toEqual([]);
    expect(published()).toEqual([{ url: urlOf(second), type: 'URL_UPDATED' }]);
    expect(await notice(second, 'google')).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await notice(second, 'google'))?.lastError).toContain('HTTP 400');

    // Past each wait, both go; the failed one is not tried again.
    stub.clear();
    stub.lineUp('/indexnow', { status: 500 });
    await t.app.searchSender.runOnce(later(61_000));
    expect(await notice(first, 'indexnow')).toMatchObject({
      attempts: 2,
      // The second failure waits twice as long.
      nextAttemptAt: later(61_000 + 120_000).toISOString(),
    });
    stub.clear();
    await t.app.searchSender.runOnce(later(11 * 60_000));
    expect(await notice(first, 'indexnow')).toMatchObject({ status: 'sent', attempts: 3 });
    expect(await notice(first, 'google')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(published()).toEqual([{ url: urlOf(first), type: 'URL_UPDATED' }]);
    expect(await notice(second, 'google')).toMatchObject({ status: 'failed' });
  });

  it("keeps within each engine's daily budget: what is over waits for the next day", async () => {
    const ids = [await publish(), await publish(), await publish(), await publish()];
    const first = await t.app.searchSender.runOnce(clock);
    expect(first).toMatchObject({ indexnow: { sent: 3 }, google: { sent: 2 } });
    expect((JSON.parse(stub.to('/indexnow')[0]!.body) as IndexNowBody).urlList).toEqual(
      ids.slice(0, 3).map(urlOf),
    );

    stub.clear();
    const again = await t.app.searchSender.runOnce(later(60 * 60_000));
    expect(again).toMatchObject({
      indexnow: { sent: 0, overBudget: true },
      google: { sent: 0, overBudget: true },
    });
    expect(stub.requests).toEqual([]);
    const metrics = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const samples = parsePrometheusText(metrics.body);
    const value = (name: string, labels: Record<string, string>) =>
      samples.find(
        (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
      )?.value;
    expect(value('lumenfield_search_outbox', { engine: 'google', status: 'due' })).toBe(2);
    expect(value('lumenfield_search_outbox', { engine: 'indexnow', status: 'due' })).toBe(1);
    expect(value('lumenfield_search_sent_today', { engine: 'google' })).toBe(2);
    expect(value('lumenfield_search_daily_budget', { engine: 'google' })).toBe(2);
    expect(value('lumenfield_search_daily_budget', { engine: 'indexnow' })).toBe(3);

    // The next day (UTC), the rest go.
    const nextDay = new Date(Date.parse(clock.toISOString().slice(0, 10)) + DAY_MS + 60_000);
    const tomorrow = await t.app.searchSender.runOnce(nextDay);
    expect(tomorrow).toMatchObject({ indexnow: { sent: 1 }, google: { sent: 2 } });
    day += 1;
  });

  it('several notices for one URL collapse into the latest when sent', async () => {
    const id = await publish();
    // As two nodes queuing at once could leave them: an older "updated", a later "deleted".
    const db = t.db.handle.db;
    const at = clock.toISOString();
    await db
      .insertInto('searchOutbox')
      .values(
        (['google', 'indexnow'] as const).map((engineName) => ({
          engine: engineName,
          url: urlOf(id),
          kind: 'deleted',
          dueFrom: at,
          nextAttemptAt: at,
          createdAt: at,
        })),
      )
      .execute();
    await t.app.searchSender.runOnce(clock);
    expect(published()).toEqual([{ url: urlOf(id), type: 'URL_DELETED' }]);
    expect((JSON.parse(stub.to('/indexnow')[0]!.body) as IndexNowBody).urlList).toEqual([
      urlOf(id),
    ]);
    const rows = await t.app.repos.searchOutbox.forUrl(urlOf(id));
    expect(rows.map((row) => [row.engine, row.kind, row.status])).toEqual([
      ['google', 'deleted', 'sent'],
      ['indexnow', 'deleted', 'sent'],
    ]);
  });

  it('prunes what is no longer worth keeping: sent after a week, and a notice waiting a month past its date for an engine no longer configured', async () => {
    const id = await publish();
    await t.app.searchSender.runOnce(clock);
    const db = t.db.handle.db;
    const monthAgo = new Date(clock.getTime() - 31 * DAY_MS).toISOString();
    await db
      .insertInto('searchOutbox')
      .values({
        engine: 'retired-engine',
        url: `${SITE}/careers/jobs/999999`,
        kind: 'updated',
        dueFrom: monthAgo,
        nextAttemptAt: monthAgo,
        createdAt: monthAgo,
      })
      .execute();
    expect(await t.app.repos.searchOutbox.forUrl(urlOf(id))).toHaveLength(2);
    await t.app.searchSender.runOnce(new Date(clock.getTime() + 8 * DAY_MS));
    expect(await t.app.repos.searchOutbox.forUrl(urlOf(id))).toEqual([]);
    expect(await t.app.repos.searchOutbox.forUrl(`${SITE}/careers/jobs/999999`)).toEqual([]);
    day += 8;
  });

  it('runs on one node at a time: while another holds the lease, this one sends nothing', async () => {
    await publish();
    expect(await t.app.repos.leases.claim(SEARCH_LEASE, 'another-node', clock, 60_000)).toBe(true);
    expect(await t.app.searchSender.runOnce(clock)).toBeUndefined();
    expect(stub.requests).toEqual([]);
    await t.app.repos.leases.release(SEARCH_LEASE, 'another-node', clock);
    expect(await t.app.searchSender.runOnce(clock)).toMatchObject({ indexnow: { sent: 1 } });
  });
  it('a node shutting down does not wait for an engine that hangs: the request is dropped and the notice stays queued', async () => {
    const id = await publish();
    const node = await createTestApp(
      {
        PUBLIC_URL: SITE,
        INDEXNOW_KEY: KEY,
        INDEXNOW_ENDPOINT: `${stub.origin}/indexnow`,
      },
      { db: t.db, now: () => clock },
    );
    stub.lineUp('/indexnow', { status: 0 });
    const run = node.app.searchSender.runOnce(clock);
    await expect.poll(() => stub.to('/indexnow').length).toBe(1);
    const started = Date.now();
    await node.close();
    const result = await run;
    // Well before the request's own 15 s timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({ indexnow: { sent: 0, retried: 1 } });
    expect(await notice(id, 'indexnow')).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await notice(id, 'indexnow'))?.lastError).toMatch(/^network: /);
  });
});

describe('search engines: settings', () => {
  const base = { PUBLIC_URL: SITE };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('checks the IndexNow key format and wants PUBLIC_URL with an engine', () => {
    expect(problems({ ...base, INDEXNOW_KEY: 'short' })).toEqual([
      'INDEXNOW_KEY must be 8 to 128 letters, digits or dashes (got "short")',
    ]);
    expect(problems({ ...base, INDEXNOW_KEY: 'has/slash-0123' })).toHaveLength(1);
    expect(problems({ INDEXNOW_KEY: KEY })).toEqual([
      "INDEXNOW_KEY needs PUBLIC_URL: search engines are told the site's public URLs",
    ]);
    expect(loadConfig({ ...base, INDEXNOW_KEY: KEY }).search.indexNow).toEqual({
      key: KEY,
      endpoint: 'https://api.indexnow.org/indexnow',
      dailyBudget: 10_000,
    });
  });

  it('reads the Google service account file and says what is wrong with it', () => {
    expect(problems({ ...base, GOOGLE_INDEXING_CREDENTIALS: '/nonexistent/key.json' })).toEqual([
      'GOOGLE_INDEXING_CREDENTIALS cannot be read (ENOENT)',
    ]);
    const account = testServiceAccount('https://oauth2.example.com/token');
    try {
      const config = loadConfig({ ...base, GOOGLE_INDEXING_CREDENTIALS: account.file });
      expect(config.search.google).toMatchObject({
        account: { clientEmail: account.clientEmail, tokenUri: 'https://oauth2.example.com/token' },
        endpoint: 'https://indexing.googleapis.com',
        dailyBudget: 200,
      });
    } finally {
      account.remove();
    }
  });
});

import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRequest, createOpening } from '../../../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../../../test/test-app';

describe(`an application to a node that lost its database (${engine})`, () => {
  let t: TestApp;
  let port: number;
  let jobId: number;
  beforeAll(async () => {
    t = await createTestApp();
    jobId = await createOpening(t, 'DB-LOST');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is refused with 503 before a byte of its body is read, so a proxy may send it elsewhere', async () => {
    const ping = t.db.handle.ping;
    // What a pool says when PostgreSQL is gone.
    t.db.handle.ping = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    try {
      // The headers of a 1 MB application, and none of its body: only an answer given before
      // reading the body can arrive.
      const answer = await new Promise<{ status: number; type: string | undefined }>(
        (resolve, reject) => {
          const req = applicationRequest(t, port, jobId, 1_000_000, (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] });
            req.destroy();
          });
          req.on('timeout', () => req.destroy(new Error('no answer without the body')));
          req.on('error', reject);
          req.flushHeaders();
        },
      );
      expect(answer).toEqual({ status: 503, type: 'application/problem+json; charset=utf-8' });
    } finally {
      t.db.handle.ping = ping;
    }
  });
});

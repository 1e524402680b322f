import type { ChildProcess } from 'node:child_process';
import type net from 'node:net';
import { freePort } from './ports';
import { startRedis } from './redis';
import { createTestApp, type TestApp, type TestDb } from './test-app';

/** A node: its own app (its pages, caches, database connection, Redis connections), listening. */
export interface Node {
  t: TestApp;
  url: string;
}

async function startNode(redisUrl: string, db?: TestDb): Promise<Node> {
  const t = await createTestApp({ REDIS_URL: redisUrl }, { pages: true, ...(db ? { db } : {}) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as net.AddressInfo;
  return { t, url: `http://127.0.0.1:${port}` };
}

export interface TwoNodes {
  a: Node;
  b: Node;
  /** The Redis both talk through: a test may stop it. */
  redis: ChildProcess;
  close(): Promise<void>;
}

/**
 * Two nodes of the site on one database (the second through its own connection) and a Redis
 * of their own: what several nodes behind a load balancer share.
 */
export async function startTwoNodes(): Promise<TwoNodes> {
  const port = await freePort();
  const redis = await startRedis(port);
  const a = await startNode(`redis://127.0.0.1:${port}`);
  const second: TestDb = { ...a.t.db, handle: a.t.db.reopen() };
  const b = await startNode(`redis://127.0.0.1:${port}`, second);
  return {
    a,
    b,
    redis,
    async close() {
      // The connections the test's own client keeps open are closed first: a node's close
      // waited for one of them at times (on PostgreSQL, about one run in three), past the
      // hook's 30 s.
      b.t.app.server.closeAllConnections();
      await b.t.app.close();
      await second.handle.close();
      a.t.app.server.closeAllConnections();
      await a.t.close();
      if (redis.exitCode === null && redis.signalCode === null) redis.kill('SIGKILL');
    },
  };
}

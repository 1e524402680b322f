import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationPayload, applicationRequest, createOpening } from '../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';

/** Resolves when something can listen on `port` again: the app no longer holds it. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe(`closing with a request in flight on a kept-alive connection (${engine})`, () => {
  let t: TestApp | undefined;
  const agent = new http.Agent({ keepAlive: true });
  afterEach(async () => {
    agent.destroy();
    await t?.close();
  });

  it('frees the port at once, answers the request in flight with Connection: close, then completes', async () => {
    t = await createTestApp();
    const app = t.app;
    const jobId = await createOpening(t, 'CLOSING-1');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const body = Buffer.from(JSON.stringify(applicationPayload({ Email: 'closing@example.com' })));

    let markClosed!: () => void;
    const closed = new Promise<void>((resolve) => (markClosed = resolve));
    const arrived = new Promise((resolve) => app.server.once('request', resolve));
    const answer = new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        const req = applicationRequest(
          t!,
          port,
          jobId,
          body.length,
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
            );
          },
          agent,
        );
        req.on('error', reject);
        // Half the body now; the rest once the app is closing.
        req.write(body.subarray(0, body.length >> 1));
        void closed.then(() => req.end(body.subarray(body.length >> 1)));
      },
    );
    await arrived;
    const closing = app.close();
    // No new connection is taken: the listening socket goes while the request is in flight.
    let free = false;
    for (let tries = 0; !free && tries < 100; tries++) {
      free = await portIsFree(port);
      if (!free) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(free).toBe(true);
    markClosed();

    expect(await answer).toEqual({ status: 201, connection: 'close' });
    await closing;
  });
});

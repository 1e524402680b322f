import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPayload, createOpening } from '../test/legacy/application';
import { createTestApp, engine, type TestApp } from '../test/test-app';

/** What a raw connection got back once the server closed it. */
interface Closed {
  answer: string;
  status: number;
}

/**
 * Opens a connection, sends `text` and nothing more, and resolves when the server closes it
 * (a connection the server keeps open leaves it pending: the test's own timeout then fails).
 */
function stall(port: number, text: string): Promise<Closed> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve({ answer, status: Number(answer.split(' ')[1]) }));
    socket.on('error', reject);
  });
}

describe(`a request that stalls is answered 408 and closed, and gives its share back (${engine})`, () => {
  let t: TestApp;
  let port: number;
  let jobId: number;
  beforeAll(async () => {
    // A short timeout for the test; the budget as shipped: four of the largest bodies.
    t = await createTestApp({ BODY_TIMEOUT_MS: '1000', UPLOAD_BYTES_IN_FLIGHT: '88000000' });
    jobId = await createOpening(t, 'STALLED-1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const head = (method: string, path: string, headers: Record<string, string>) =>
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';

  it('four bodies that declare 22 MB and send 14 bytes keep no application out', async () => {
    const stalled = Array.from({ length: 4 }, () =>
      stall(
        port,
        head('POST', `/api/Jobs/SaveApplicantDetail?jobID=${jobId}`, {
          ...t.headers('write'),
          'Content-Type': 'application/json',
          'Content-Length': '22000000',
        }) + '{"FirstName":"',
      ),
    );
    // A round trip after them: the server has read their headers and reserved their 88 MB.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // A real application finds the budget full and waits for room: it gets in once they close.
    const real = fetch(`http://127.0.0.1:${port}/api/Jobs/SaveApplicantDetail?jobID=${jobId}`, {
      method: 'POST',
      headers: { ...t.headers('write'), 'Content-Type': 'application/json' },
      body: JSON.stringify(applicationPayload({ Email: 'after.stalled@example.com' })),
    });
    const [answers, accepted] = await Promise.all([Promise.all(stalled), real]);
    for (const closed of answers) {
      expect(closed.status).toBe(408);
      expect(closed.answer).toContain('The request took too long to arrive.');
    }
    expect(accepted.status).toBe(201);
  });

  it('a slow body on any route (sign-in) is closed too', async () => {
    const closed = await stall(
      port,
      head('POST', '/api/recruiters/session', {
        ...t.headers('write'),
        'Content-Type': 'application/json',
        'Content-Length': '200',
      }) + '{"email":',
    );
    expect(closed.status).toBe(408);
  });

  it('headers that never end are closed', async () => {
    const closed = await stall(port, 'GET /careers HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: te');
    expect(closed.status).toBe(408);
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface StubRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface StubAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A local stand-in for the search engines (IndexNow, Google's token endpoint and Indexing API):
 * records every request and answers what the test lined up for its path, else 200. The tests
 * never reach a real engine.
 */
export async function startSearchEngineStub() {
  const requests: StubRequest[] = [];
  const lined: Record<string, StubAnswer[]> = {};
  let tokens = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const requestPath = (request.url ?? '').split('?')[0]!;
      requests.push({
        path: requestPath,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = lined[requestPath]?.shift();
      // Status 0: never answered (an engine that hangs).
      if (answer?.status === 0) return;
      if (answer) {
        response.writeHead(answer.status, answer.headers ?? {});
        response.end(answer.body ?? '');
        return;
      }
      if (requestPath === '/token') {
        tokens += 1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: `stub-token-${tokens}`, expires_in: 3600 }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    requests,
    /** Answers the next requests to `requestPath` with these, in order. */
    lineUp(requestPath: string, ...answers: StubAnswer[]) {
      (lined[requestPath] ??= []).push(...answers);
    },
    to(requestPath: string): StubRequest[] {
      return requests.filter((request) => request.path === requestPath);
    },
    clear() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type SearchEngineStub = Awaited<ReturnType<typeof startSearchEngineStub>>;

/** A service account of the test's own: its key pair made here, its key file in a temp folder. */
export function testServiceAccount(tokenUri: string) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumenfield-google-'));
  const file = path.join(dir, 'service-account.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      type: 'service_account',
      client_email: 'indexing@lumenfield-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      token_uri: tokenUri,
    }),
  );
  return {
    file,
    publicKey,
    clientEmail: 'indexing@lumenfield-test.iam.gserviceaccount.com',
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

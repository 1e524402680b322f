import path from 'node:path';
import type { ServerOptions } from './global-setup';
import { addConsoleAdmin, type ServerInputs } from './console-servers';

/**
 * A server as a newcomer runs it after `npm start`: no SMTP_URL on a loopback host, so its
 * mail is kept in the local outbox (docs/operations.md); the demo openings, and the first
 * admin made by the command line: E2E_OUTBOX_BASE_URL (e2e/tests/outbox.spec.ts).
 */
export async function startOutboxServer({
  serverOut,
  webOut,
  work,
  startServer,
  serverEnv,
}: ServerInputs) {
  const options: ServerOptions = {
    serverOut,
    webOut,
    dataDir: path.join(work, 'data-outbox'),
    seedDemoData: true,
    env: { MAIL_POLL_MS: '200' },
  };
  addConsoleAdmin(serverOut, serverEnv(options, 0));
  const server = await startServer(options);
  return { env: { E2E_OUTBOX_BASE_URL: server.baseUrl }, stop: () => server.stop() };
}

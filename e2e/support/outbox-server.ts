import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CONSOLE_ADMIN } from './console-servers';
import type { ServerOptions, StartedServer } from './global-setup';

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
}: {
  serverOut: string;
  webOut: string;
  work: string;
  startServer: (options: ServerOptions) => Promise<StartedServer>;
  serverEnv: (options: ServerOptions, port: number) => NodeJS.ProcessEnv;
}) {
  const options: ServerOptions = {
    serverOut,
    webOut,
    dataDir: path.join(work, 'data-outbox'),
    seedDemoData: true,
    env: { MAIL_POLL_MS: '200' },
  };
  const adminCli = path.join(path.dirname(serverOut), 'admin.mjs');
  const made = spawnSync(
    process.execPath,
    [
      adminCli,
      'users',
      'add',
      '--email',
      CONSOLE_ADMIN.email,
      '--name',
      CONSOLE_ADMIN.name,
      '--role',
      'admin',
      '--password-stdin',
    ],
    { input: CONSOLE_ADMIN.password, env: serverEnv(options, 0), encoding: 'utf8' },
  );
  if (made.status !== 0)
    throw new Error(`users add exited ${made.status}: ${made.stderr}${made.stdout}`);
  const server = await startServer(options);
  return { env: { E2E_OUTBOX_BASE_URL: server.baseUrl }, stop: () => server.stop() };
}

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CONSOLE_ADMIN } from './console-servers';
import type { ServerOptions, StartedServer } from './global-setup';

/**
 * A console server of its own for two-step sign-in (e2e/tests/console-two-step.spec.ts): its
 * admin turns "Require a second factor" on, which would send every other spec's password
 * sign-in to enrolment on a shared server. The first admin made by the command line, as on the
 * console servers: E2E_TWO_STEP_BASE_URL.
 */
export async function startTwoStepServer({
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
    dataDir: path.join(work, 'data-two-step'),
    seedDemoData: false,
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
  return { env: { E2E_TWO_STEP_BASE_URL: server.baseUrl }, stop: () => server.stop() };
}

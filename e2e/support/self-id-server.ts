import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { ServerOptions, StartedServer } from './global-setup';

/** The compliance person of the self-identification server, made with the command line. */
export const COMPLIANCE_USER = {
  email: 'cora.compliance@example.com',
  name: 'Cora Compliance',
  password: 'counts only never people 2029',
};

/**
 * A server with voluntary self-identification on (`SELF_ID=us`), the demo openings, and a
 * `compliance` account added by `npm run admin -- users add --role compliance` before it
 * starts: E2E_SELF_ID_BASE_URL (e2e/tests/self-id.spec.ts).
 */
export async function startSelfIdServer({
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
    dataDir: path.join(work, 'data-self-id'),
    seedDemoData: true,
    env: { SELF_ID: 'us' },
  };
  const adminCli = path.join(path.dirname(serverOut), 'admin.mjs');
  const made = spawnSync(
    process.execPath,
    [
      adminCli,
      'users',
      'add',
      '--email',
      COMPLIANCE_USER.email,
      '--name',
      COMPLIANCE_USER.name,
      '--role',
      'compliance',
      '--password-stdin',
    ],
    { input: COMPLIANCE_USER.password, env: serverEnv(options, 0), encoding: 'utf8' },
  );
  if (made.status !== 0)
    throw new Error(`users add exited ${made.status}: ${made.stderr}${made.stdout}`);
  const server = await startServer(options);
  return { env: { E2E_SELF_ID_BASE_URL: server.baseUrl }, stop: () => server.stop() };
}

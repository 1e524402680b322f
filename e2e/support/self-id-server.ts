import path from 'node:path';
import type { ServerOptions } from './global-setup';
import { addPerson, type ServerInputs } from './console-servers';

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
}: ServerInputs) {
  const options: ServerOptions = {
    serverOut,
    webOut,
    dataDir: path.join(work, 'data-self-id'),
    seedDemoData: true,
    env: { SELF_ID: 'us' },
  };
  addPerson(serverOut, serverEnv(options, 0), COMPLIANCE_USER, 'compliance');
  const server = await startServer(options);
  return { env: { E2E_SELF_ID_BASE_URL: server.baseUrl }, stop: () => server.stop() };
}

import path from 'node:path';
import type { ServerOptions } from './global-setup';
import { addConsoleAdmin, type ServerInputs } from './console-servers';

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
}: ServerInputs) {
  const options: ServerOptions = {
    serverOut,
    webOut,
    dataDir: path.join(work, 'data-two-step'),
    seedDemoData: false,
  };
  addConsoleAdmin(serverOut, serverEnv(options, 0));
  const server = await startServer(options);
  return { env: { E2E_TWO_STEP_BASE_URL: server.baseUrl }, stop: () => server.stop() };
}

import { buildApp } from './app';
import { ConfigError, isLoopbackHost, loadConfig, type Config } from './config';
import { createDb } from './db/create-db';
import { prepareDatabase } from './prepare';
import { resolveCookieSecret } from './lib/cookie-secret';
import { mailOrigin } from './plugins/public-origin';
import { consoleLines, siteLine } from './lib/start-banner';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const cookieSecret = resolveCookieSecret(config.cookieSecret, config.dataDir);
  const app = await buildApp({ config, database, cookieSecret });

  try {
    await prepareDatabase(database, { seedDemoData: config.seedDemoData, log: app.log });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not prepare the database');
    await app.close();
    await database.close();
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    // app.close(): the mail sender is told to stop (preClose), the port is closed and idle
    // kept-alive connections with it, requests in flight finish with `Connection: close`
    // (plugins/closing-connections.ts), then the mail run in progress ends after its current
    // mail (onClose). The database goes last: every onClose hook used it.
    await app.close();
    await database.close();
    // The log is written asynchronously; pino writes what it still holds as the process exits.
    app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));

  // Mail links never follow a request's Host, so without PUBLIC_URL they name this address,
  // which the people receiving the mail may not reach. That is worth a warning once mail leaves
  // the machine or the site listens beyond it; on the embedded default it is only said.
  if (!config.publicUrl) {
    const reachable = config.smtpUrl !== undefined || !isLoopbackHost(config.host);
    app.log[reachable ? 'warn' : 'info'](
      { mailOrigin: mailOrigin(config) },
      'PUBLIC_URL is not set: links in mail use the configured HOST and PORT',
    );
  }
  const address = await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: siteLine,
  });
  const accounts = await app.repos.users.count();
  for (const line of consoleLines(address, accounts, config.mailOutbox)) app.log.info(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

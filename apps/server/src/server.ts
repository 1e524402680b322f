import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDb } from './db/create-db';
import { prepareDatabase } from './db/prepare';
import { resolveCookieSecret } from './lib/cookie-secret';

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
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Lumenfield site listening on ${address}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
